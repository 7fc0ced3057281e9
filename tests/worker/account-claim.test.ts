// Claiming an account: with auto-login registration, someone who registered another person's
// e-mail could set payout details that survived when the owner claimed the account. Now payout details set
// before the address is proven are removed when an e-mailed code proves it, every change of payout details
// is e-mailed to the address (masked, in the person's language, saying what to do if it was not them),
// the registrant's session ends at the claim, and no payout carries details of an unproven account.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, codeFrom, freshIp, login, postJson, register } from './accounts-helpers';
import { KEYS, conversion, op, setPayoutSettings } from './operator-fixtures';

const demoPerson = (email: string) => ({ firstName: 'Vic', lastName: 'Tim', email, country: 'US', terms: 'on' });

const mails = (to: string, template: string) =>
  env.DB.prepare('SELECT subject, body_text FROM email_outbox WHERE company_id = ? AND to_email = ? AND template = ? ORDER BY id')
    .bind('demo', to, template).all<{ subject: string; body_text: string }>().then((r) => r.results);

const payout = (uid: string) =>
  env.DB.prepare('SELECT payout_preference, paypal_email, dwolla_email FROM ambassadors WHERE company_id = ? AND uid = ?').bind('demo', uid)
    .first<{ payout_preference: string | null; paypal_email: string | null; dwolla_email: string | null }>();

const patchProfile = (uid: string, token: string, body: Record<string, unknown>) =>
  call(`http://localhost/v1/portal/ambassadors/${uid}/`, { method: 'PATCH', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('claiming an account registered by someone else', () => {
  it('clears the payout details set before the e-mail was proven, tells the owner, and ends the registrant\'s session', async () => {
    const email = `victim-${crypto.randomUUID().slice(0, 8)}@x.test`;
    const { body } = await register('localhost', 'demo', demoPerson(email));
    expect(body.token).toBeTruthy();
    const uid = body.ambassador_uid as string;

    // The registrant leaves their own PayPal address, in French for the notice.
    const set = await patchProfile(uid, body.token, { payout_preference: '1', paypal_email: 'thief@evil.test', language: 'fr' });
    expect(set.status).toBe(200);
    const [changed] = await mails(email, 'payout_details_changed');
    expect(changed!.subject).toContain('Demo Co');
    expect(changed!.body_text).toContain('t•••@e•••.test');
    expect(changed!.body_text).not.toContain('thief@evil.test');
    expect(changed!.body_text).toMatch(/coordonnées de paiement/);
    // The address is not proven yet: the notice says how the real owner takes the account over.
    expect(changed!.body_text).toContain('http://localhost/forgot-password');
    expect(changed!.body_text).toContain('Mot de passe oublié');

    // The owner proves the address with the code of the welcome e-mail (set password).
    const [welcome] = await mails(email, 'welcome');
    const { code } = codeFrom(welcome!.body_text);
    const claimed = await call('http://localhost/v1/auth/ambassador/set_password/?host=localhost',
      postJson({ email, code, password: 'Owner-Pass-42!', repeat_password: 'Owner-Pass-42!' }, {}, { ip: freshIp() }));
    expect(claimed.status).toBe(200);
    expect(await payout(uid)).toEqual({ payout_preference: null, paypal_email: null, dwolla_email: null });
    const [cleared] = await mails(email, 'payout_details_cleared');
    expect(cleared!.body_text).toContain('t•••@e•••.test');
    // The registrant's auto-login session is over.
    expect((await patchProfile(uid, body.token, { paypal_email: 'thief2@evil.test' })).status).toBe(401);

    // The owner's own details stay, also across a later password reset; each change is e-mailed again.
    const owner = (await (await login('localhost', email, 'Owner-Pass-42!')).json()) as { token: string };
    expect((await patchProfile(uid, owner.token, { payout_preference: '1', paypal_email: 'me@mine.test' })).status).toBe(200);
    expect(await mails(email, 'payout_details_changed')).toHaveLength(2);
    await call('http://localhost/v1/auth/ambassador/forgot_password/?host=localhost', postJson({ email }, {}, { ip: freshIp() }));
    await new Promise((r) => setTimeout(r, 50));
    const [reset] = await mails(email, 'reset_password');
    // A proven account's notice is the plain one.
    expect((await mails(email, 'payout_details_changed'))[1]!.body_text).not.toContain('/forgot-password');
    const again = await call('http://localhost/v1/auth/ambassador/reset_password/?host=localhost',
      postJson({ email, code: codeFrom(reset!.body_text).code, password: 'Owner-Pass-43!', repeat_password: 'Owner-Pass-43!' }, {}, { ip: freshIp() }));
    expect(again.status).toBe(200);
    expect(await payout(uid)).toMatchObject({ payout_preference: '1', paypal_email: 'me@mine.test' });
    expect(await mails(email, 'payout_details_cleared')).toHaveLength(1);
  });

  it('sends no notice when a profile change leaves the payout details as they were', async () => {
    const email = `calm-${crypto.randomUUID().slice(0, 8)}@x.test`;
    const { body } = await register('localhost', 'demo', demoPerson(email));
    expect((await patchProfile(body.ambassador_uid, body.token, { job_title: 'Maker' })).status).toBe(200);
    expect(await mails(email, 'payout_details_changed')).toHaveLength(0);
  });

  it('records a payout for an unproven account without its payout details, and after the claim none of them shows', async () => {
    const email = `payee-${crypto.randomUUID().slice(0, 8)}@x.test`;
    const { body } = await register('localhost', 'demo', demoPerson(email));
    const uid = body.ambassador_uid as string;
    expect((await patchProfile(uid, body.token, { payout_preference: '1', paypal_email: 'thief@evil.test' })).status).toBe(200);
    const shortCode = await env.DB.prepare(
      "SELECT s.short_code FROM share_links s JOIN campaigns c ON c.id = s.campaign_id WHERE s.company_id = 'demo' AND s.ambassador_uid = ? AND c.uid = 'cmp-demo-main'",
    ).bind(uid).first<string>('short_code');
    expect((await op(KEYS.demo, 'POST', '/events', conversion({ short_code: shortCode, is_approved: true }))).status).toBe(201);
    await setPayoutSettings('cust-demo', { holding_days: 0 });
    try {
      const paid = await op(KEYS.demo, 'POST', '/payouts', { ambassador_uid: uid, method: 1 });
      expect(paid.status).toBe(201);
      // The operator's answers never carry the registrant's payout address.
      expect(JSON.stringify(paid.body)).not.toContain('thief');
      expect(JSON.stringify((await op(KEYS.demo, 'GET', `/ambassadors/${uid}`)).body)).not.toContain('thief');

      // The owner claims the address: the payout no longer names the registrant's PayPal account.
      const [welcome] = await mails(email, 'welcome');
      const claimed = await call('http://localhost/v1/auth/ambassador/set_password/?host=localhost',
        postJson({ email, code: codeFrom(welcome!.body_text).code, password: 'Owner-Pass-44!', repeat_password: 'Owner-Pass-44!' }, {}, { ip: freshIp() }));
      expect(claimed.status).toBe(200);
      const owner = (await (await login('localhost', email, 'Owner-Pass-44!')).json()) as { token: string };
      const detail = await call(`http://localhost/v1/payouts/${paid.body.payout.uid}/`, { headers: { authorization: `Token ${owner.token}` } });
      expect(detail.status).toBe(200);
      expect(((await detail.json()) as { email: string | null }).email).toBeNull();
    } finally {
      await setPayoutSettings('cust-demo', { holding_days: 30 });
    }
  });

  it('keeps the payout details of accounts that existed before (the demo and operator-made ones count as proven)', async () => {
    const ava = await env.DB.prepare("SELECT u.email_unconfirmed FROM users u WHERE u.company_id = 'demo' AND u.email = 'ava@demo.test'").first<number>('email_unconfirmed');
    expect(ava).toBe(0);
  });
});
