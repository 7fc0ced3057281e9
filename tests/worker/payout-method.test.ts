// The ambassador's payout method (src/api/payouts/destinations.ts): a PayPal e-mail proven by a 6-digit code
// e-mailed to it. Only the code's hash is stored; a code works for 15 minutes and 5 guesses; only the
// ambassador it was sent for can use it, in their own company; a changed e-mail starts over.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, token, type Who } from './profile-fixtures';

let ava: Who;
let ben: Who;
let alex: Who;

const companyOf = (who: Who) => (who.host === 'acme.localhost' ? 'acme' : 'demo');
const put = (who: Who, email: string) => call(who, 'PUT', `/ambassadors/${who.uid}/payout_destinations/paypal`, { email });
const confirm = (who: Who, code: string, uid = who.uid) => call(who, 'POST', `/ambassadors/${uid}/payout_destinations/paypal/confirm`, { code });

/** The code of the last e-mail sent to `to` (read from the outbox, as the person reads their mailbox). */
async function codeSentTo(to: string) {
  const mail = await env.DB.prepare("SELECT subject, body_text FROM email_outbox WHERE to_email = ? AND template = 'paypal_code' ORDER BY id DESC LIMIT 1")
    .bind(to).first<{ subject: string; body_text: string }>();
  expect(mail).not.toBeNull();
  const code = /\b(\d{6})\b/.exec(mail!.body_text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { code: code!, subject: mail!.subject };
}

const destination = (who: Who) => env.DB.prepare(
  "SELECT * FROM payout_destinations WHERE company_id = ? AND ambassador_uid = ? AND rail = 'paypal'",
).bind(companyOf(who), who.uid).first<Record<string, unknown>>();
const profile = (who: Who) => env.DB.prepare('SELECT paypal_email, payout_rail FROM ambassadors WHERE company_id = ? AND uid = ?')
  .bind(companyOf(who), who.uid).first<{ paypal_email: string | null; payout_rail: string | null }>();
/** Another code than `code`, of six digits. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'paypal-%'").run();
  await env.DB.prepare("DELETE FROM payout_destinations WHERE company_id IN ('demo', 'acme')").run();
  await env.DB.prepare("UPDATE ambassadors SET payout_rail = NULL WHERE company_id IN ('demo', 'acme')").run();
});

describe('a PayPal e-mail confirmed by a code', () => {
  it('e-mails a 6-digit code, keeps only its hash, and is ready once the code is typed', async () => {
    const sent = await put(ava, 'Ava.Pay@Example.com');
    expect(sent.status).toBe(200);
    expect(sent.body.destinations).toEqual([expect.objectContaining({ rail: 'paypal', status: 'pending', email_masked: 'a•••@e•••.com' })]);
    expect(sent.body.method).toBeNull();
    const { code } = await codeSentTo('ava.pay@example.com');
    const stored = await destination(ava);
    expect(stored!.status).toBe('pending');
    expect(Object.values(stored!).some((v) => String(v).includes(code))).toBe(false);
    expect(Date.parse(String(stored!.code_expires_at)) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(String(stored!.code_expires_at)) - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const done = await confirm(ava, code);
    expect(done.status).toBe(200);
    expect(done.body.method).toEqual({ rail: 'paypal', email_masked: 'a•••@e•••.com' });
    expect(done.body.payout_rail).toBe('paypal');
    expect((await destination(ava))!.code_hash).toBeNull();
    // The manual export keeps paying the profile's PayPal e-mail: it is the proven one now.
    expect(await profile(ava)).toEqual({ paypal_email: 'ava.pay@example.com', payout_rail: 'paypal' });
  });

  it('refuses a wrong code and counts it; after 5 wrong guesses even the right code is refused', async () => {
    await put(ava, 'ava.guess@example.com');
    const { code } = await codeSentTo('ava.guess@example.com');
    const first = await confirm(ava, wrong(code));
    expect(first.status).toBe(409);
    expect(first.body.code).toBe('payoutCodeWrong');
    // Guesses sent at once are each counted before they are compared.
    await Promise.all([1, 2, 3, 4].map(() => confirm(ava, wrong(code))));
    expect((await destination(ava))!.code_attempts).toBe(5);
    const right = await confirm(ava, code);
    expect(right.status).toBe(409);
    expect(right.body.code).toBe('payoutCodeSpent');
    expect((await destination(ava))!.status).toBe('pending');
    // A new code works again.
    await put(ava, 'ava.guess@example.com');
    expect((await confirm(ava, (await codeSentTo('ava.guess@example.com')).code)).status).toBe(200);
  });

  it('refuses a code past its 15 minutes', async () => {
    await put(ava, 'ava.late@example.com');
    const { code } = await codeSentTo('ava.late@example.com');
    await env.DB.prepare("UPDATE payout_destinations SET code_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second') WHERE company_id = 'demo' AND ambassador_uid = ?")
      .bind(ava.uid).run();
    const late = await confirm(ava, code);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('payoutCodeExpired');
    expect((await destination(ava))!.status).toBe('pending');
  });

  it('works only for the ambassador it was sent for, in their own company', async () => {
    await put(ava, 'ava.own@example.com');
    const { code } = await codeSentTo('ava.own@example.com');
    // Ben cannot confirm Ava's destination, neither through her id nor with her code on his own.
    expect((await confirm(ben, code, ava.uid)).status).toBe(404);
    const bens = await confirm(ben, code);
    expect(bens.status).toBe(409);
    expect(bens.body.code).toBe('payoutCodeNone');
    // Another company's ambassador does no better.
    expect((await confirm(alex, code, ava.uid)).status).toBe(404);
    expect((await confirm(alex, code)).body.code).toBe('payoutCodeNone');
    expect((await call(alex, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`)).status).toBe(404);
    expect((await destination(ava))!.status).toBe('pending');
    expect((await destination(ben))).toBeNull();
    expect((await confirm(ava, code)).status).toBe(200);
  });

  it('starts over when the e-mail changes: pending again, and the old code no longer works', async () => {
    await put(ava, 'ava.one@example.com');
    const one = (await codeSentTo('ava.one@example.com')).code;
    expect((await confirm(ava, one)).status).toBe(200);
    // The same e-mail again changes nothing and sends nothing.
    const outboxBefore = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE template = 'paypal_code'").first<number>('n');
    expect((await put(ava, 'ava.one@example.com')).body.destinations[0].status).toBe('ready');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE template = 'paypal_code'").first<number>('n')).toBe(outboxBefore);

    const changed = await put(ava, 'ava.two@example.com');
    expect(changed.body.destinations[0]).toEqual(expect.objectContaining({ status: 'pending', email_masked: 'a•••@e•••.com' }));
    expect(changed.body.method).toBeNull();
    const old = await confirm(ava, one);
    expect(old.status).toBe(409);
    expect((await confirm(ava, (await codeSentTo('ava.two@example.com')).code)).status).toBe(200);
    expect((await profile(ava))!.paypal_email).toBe('ava.two@example.com');
  });

  it('writes the code e-mail in the ambassador\'s language', async () => {
    await put(alex, 'alex.pay@example.com');
    const { subject } = await codeSentTo('alex.pay@example.com');
    expect(subject).toContain('PayPal');
    expect(subject).toMatch(/código/);
  });

  it('limits the codes sent for one ambassador', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await put(ben, `ben.${i}@example.com`)).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });
});

describe('the payout rail', () => {
  it('is chosen only among ready destinations', async () => {
    const refused = await call(ava, 'PUT', `/ambassadors/${ava.uid}/payout_rail`, { rail: 'stripe' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payoutDestinationNotReady');
    await put(ava, 'ava.rail@example.com');
    expect((await call(ava, 'PUT', `/ambassadors/${ava.uid}/payout_rail`, { rail: 'paypal' })).status).toBe(409);
    await confirm(ava, (await codeSentTo('ava.rail@example.com')).code);
    const chosen = await call(ava, 'PUT', `/ambassadors/${ava.uid}/payout_rail`, { rail: 'paypal' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.method.rail).toBe('paypal');
  });

  it('loses its proof when the PayPal e-mail is changed through the profile', async () => {
    await put(ava, 'ava.profile@example.com');
    await confirm(ava, (await codeSentTo('ava.profile@example.com')).code);
    expect((await call(ava, 'PATCH', `/portal/ambassadors/${ava.uid}/`, { paypal_email: 'someone.else@example.com' })).status).toBe(200);
    const after = await call(ava, 'GET', `/ambassadors/${ava.uid}/payout_destinations/`);
    expect(after.body.destinations[0].status).toBe('pending');
    expect(after.body.method).toBeNull();
  });
});
