// E-mails never carry a link or URL-shaped text the recipient did not write: a first name
// `WIN $500 at https://evil.example/claim`, registered with a victim's e-mail, put that text in the
// company's welcome e-mail. Registration and profile edits refuse such names (in the page language), and
// every e-mail that greets a person by a name someone else typed (an import, a single sign-on, an older
// row) drops the name rather than the mail: reset, invitation, payout-details notice, redemption and
// points-expiry e-mails alike.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { runLoyaltyMaintenance } from '../../src/api/loyalty/scheduled';
import { forgetTenants } from '../../src/edge/tenant';
import { formErrors } from '../../src/lib/account-messages';
import { t } from '../../src/lib/i18n';
import { call, freshIp, postJson, register } from './accounts-helpers';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { login } from './sharing-fixtures';

/** Names an attacker would choose: a link, a bare domain, www., an address, and the same hidden in other characters. */
const HOSTILE_NAMES = [
  'WIN $500 at https://evil.example/claim', 'Claim at evil.example', 'www.evil.example', 'Mail win@evil.example',
  'ｅｖｉｌ．ｅｘａｍｐｌｅ', 'evil\u200b.example/claim', 'evil。example', 'Visit HTTP://EVIL.EXAMPLE', '//evil.example/x',
  'javascript:alert(1)', 'Prize 203.0.113.9/claim', 'paypal.com-secure.help',
];
const FINE_NAMES = ['Jean-Luc', "O'Neil", 'J.R.R. Tolkien', 'María José', '李小龙', 'Dr. Who', 'Zoë 2.0'];

let n = 0;
const address = (label: string) => `${label}-${Date.now().toString(36)}-${++n}@victim.test`;
const demoPerson = (email: string, firstName: string, lastName = 'Person') => ({ firstName, lastName, email, country: 'US', terms: 'on' });
const mailsTo = async (email: string) =>
  (await env.DB.prepare('SELECT template, subject, body_text FROM email_outbox WHERE to_email = ? ORDER BY id').bind(email)
    .all<{ template: string; subject: string; body_text: string }>()).results;

/** What a reader of the mail must never see: the attacker's text, or any address but the portal's own. */
function expectNoForeignText(mail: { subject: string; body_text: string }, name: string) {
  for (const text of [mail.subject, mail.body_text]) {
    expect(text).not.toContain(name);
    expect(text).not.toMatch(/evil|203\.0\.113\.9|javascript:|paypal\.com|WIN \$500|Prize|Claim at/i);
  }
  expect(mail.body_text.split('\n')[0]).toBe(t('en', 'emailHelloAnonymous'));
  // The only links are the portal's own, and the company's (a reward's redemption link, which it set up).
  for (const link of mail.body_text.match(/https?:\/\/\S+/g) ?? []) expect(new URL(link).hostname).toMatch(/^(?:localhost|[a-z]+\.localhost|shop\.demo\.test)$/);
}

beforeEach(() => forgetTenants());

describe('a name that holds a link or an address', () => {
  it.each(HOSTILE_NAMES)('%j is refused at registration with a message in the page language, and no e-mail goes out', async (name) => {
    for (const [field, body] of [['firstName', demoPerson(address('reg'), name)], ['lastName', demoPerson(address('reg'), 'Ana', name)]] as const) {
      const { res, body: answer } = await register('localhost', 'demo', body, { ip: freshIp() });
      expect(res.status, field).toBe(400);
      expect(answer.error_codes[field][0].code).toBe('nameHasLink');
      expect(await mailsTo(body.email)).toEqual([]);
      expect(formErrors(res.status, answer, 'es', 'registerAccountError').fieldErrors[field]).toBe(t('es', 'nameHasLink'));
    }
  });

  it.each(FINE_NAMES)('%j registers', async (name) => {
    const email = address('fine');
    const { res } = await register('localhost', 'demo', demoPerson(email, name), { ip: freshIp() });
    expect(res.status).toBe(201);
    const [welcome] = await mailsTo(email);
    expect(welcome!.body_text.split('\n')[0]).toBe(t('en', 'emailHello', { name }));
  });

  it('is refused when a person edits their profile too', async () => {
    const ben = await login('localhost', 'ben@demo.test');
    const res = await edge().fetch(`http://localhost/v1/portal/ambassadors/${ben.uid}/`, {
      method: 'PATCH', headers: { authorization: `Token ${ben.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ first_name: HOSTILE_NAMES[0] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_codes: Record<string, { code: string }[]> }).error_codes.first_name![0]!.code).toBe('nameHasLink');
  });
});

describe('e-mails to a person whose name someone else typed', () => {
  const name = HOSTILE_NAMES[0]!;

  it('the invitation of an imported ambassador greets without the name', async () => {
    const email = address('invite');
    const made = await op(KEYS.demo, 'POST', '/ambassadors', { email, first_name: name, last_name: 'Imported', invite: true });
    expect(made.status).toBe(201);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.template)).toEqual(['invite']);
    expectNoForeignText(mails[0]!, name);
  });

  it('reset, payout-details, redemption and points-expiry e-mails greet without the name', async () => {
    // An account whose stored name came from elsewhere (an older row, a single sign-on).
    const ava = await login('localhost', 'ava@demo.test');
    await env.DB.prepare('UPDATE users SET first_name = ? WHERE id = ?').bind(name, ava.userId).run();
    const before = (await mailsTo('ava@demo.test')).length;

    expect((await call('http://localhost/v1/auth/ambassador/forgot_password/?host=localhost', postJson({ email: 'ava@demo.test' }, {}, { ip: freshIp() }))).status).toBe(200);
    const payout = await edge().fetch(`http://localhost/v1/portal/ambassadors/${ava.uid}/`, {
      method: 'PATCH', headers: { authorization: `Token ${ava.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ paypal_email: 'ava.new@demo.test' }),
    });
    expect(payout.status).toBe(200);
    const redeem = await edge().fetch('http://localhost/v1/loyalty/gift_card/redeem/', {
      method: 'POST', headers: { authorization: `Token ${ava.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 }),
    });
    expect(redeem.status).toBe(201);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await op(KEYS.demo, 'POST', `/ambassadors/${ava.uid}/loyalty/entries`, { kind: 'points', amount: 40, description: 'Soon', expire_at: soon })).status).toBe(201);
    const svc: ServiceContext = {
      env, db: env.DB, origin: 'http://localhost', host: 'localhost', tenantCompanyId: 'demo', clientIp: null, userAgent: null, acceptLanguage: null,
      waitUntil: () => {},
    };
    await runLoyaltyMaintenance(svc, 'demo');

    const mails = (await mailsTo('ava@demo.test')).slice(before);
    expect(mails.map((m) => m.template).sort()).toEqual(['payout_details_changed', 'points_expiring', 'redemption', 'reset_password']);
    for (const mail of mails) expectNoForeignText(mail, name);
  });
});
