// Forgot / reset / set / change password (spec §5, §7, §8): e-mailed codes, enumeration-safe answers,
// expiry, single use, guess limits, sessions ended, rate limits on login and forgot password.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_LIMITS } from '../../src/api/core/rate-limit';
import { forgetTenants } from '../../src/edge/tenant';
import { redeemCode } from '../../src/api/auth/queries';
import { call, codeFrom, freshIp, lastEmail, login, postJson } from './accounts-helpers';

const NEW_PASSWORD = 'N3w-Password!';
const forgot = (host: string, email: string, ip = freshIp()) =>
  call(`http://${host}/v1/auth/ambassador/forgot_password/?host=${host}`, postJson({ email }, {}, { ip }));
const reset = (host: string, body: Record<string, string>, path = 'reset_password', ip = freshIp()) =>
  call(`http://${host}/v1/auth/ambassador/${path}/?host=${host}`, postJson({ password: NEW_PASSWORD, repeat_password: NEW_PASSWORD, ...body }, {}, { ip }));

async function resetCodeFor(host: string, company: string, email: string) {
  expect((await forgot(host, email)).status).toBe(200);
  const mail = await lastEmail(company, email);
  return { mail: mail!, ...codeFrom(mail!.body_text) };
}

beforeEach(() => forgetTenants());

describe('forgot password', () => {
  it('answers the same whether or not the e-mail has an account, and e-mails only real accounts', async () => {
    const real = await forgot('localhost', 'ben@demo.test');
    const ghost = await forgot('localhost', 'ghost@demo.test');
    expect(real.status).toBe(200);
    expect(ghost.status).toBe(200);
    expect(await real.json()).toEqual(await ghost.json());
    expect((await lastEmail('demo', 'ben@demo.test'))?.template).toBe('reset_password');
    expect(await lastEmail('demo', 'ghost@demo.test')).toBeNull();
  });

  it('does not e-mail an account of another company', async () => {
    await forgot('acme.localhost', 'ben@demo.test');
    expect(await lastEmail('acme', 'ben@demo.test')).toBeNull();
  });

  it('stores only a hash of the code and links to the company host', async () => {
    const { code, link, mail } = await resetCodeFor('acme.localhost', 'acme', 'sam@acme.test');
    expect(link).toMatch(/^http:\/\/acme\.localhost\/reset-password\?host=acme\.localhost&email=sam%40acme\.test&code=/);
    expect(mail.subject).toContain('Acme Outdoor');
    const rows = await env.DB.prepare("SELECT code_hash FROM reset_codes WHERE company_id = 'acme' AND used_at IS NULL").all<any>();
    expect(rows.results.some((r) => r.code_hash.includes(code))).toBe(false);
  });

  it('never puts a forged host into the link', async () => {
    await call('http://localhost/v1/auth/ambassador/forgot_password/?host=localhost', postJson({ email: 'ben@demo.test' }, { 'x-forwarded-host': 'evil.test' }, { ip: freshIp() }));
    const mail = await lastEmail('demo', 'ben@demo.test');
    expect(mail!.body_text).not.toContain('evil.test');
  });

  it('validates the e-mail', async () => {
    const res = await forgot('localhost', 'nope');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ email: ['Enter a valid e-mail address.'], error_codes: { email: [{ code: 'invalidEmail' }] } });
  });

  it('sends a set-password link to an account without a password', async () => {
    await forgot('localhost', 'newbie@demo.test');
    const mail = await lastEmail('demo', 'newbie@demo.test');
    expect(mail?.template).toBe('set_password');
    expect(codeFrom(mail!.body_text).link).toContain('/set-password?');
  });

  it('is limited per client and per account with 429, {detail} and Retry-After', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot('acme.localhost', `limit${i}@acme.test`, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await forgot('acme.localhost', 'other@acme.test', ip);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as any).detail).toMatch(/Too many attempts/);

    // Many clients together never get a 429 for an account (that locked the owner out of the
    // reset); past the account's budget the answer stays the same and no further e-mail goes out.
    const sam = await env.DB.prepare("SELECT id FROM users WHERE company_id = 'acme' AND email = 'sam@acme.test'").first<number>('id');
    const account = [];
    for (let i = 0; i < 12; i++) account.push((await forgot('acme.localhost', 'sam@acme.test')).status);
    expect(account.every((s) => s === 200)).toBe(true);
    const sent = await env.DB.prepare("SELECT COUNT(*) AS n FROM reset_codes WHERE company_id = 'acme' AND user_id = ?").bind(sam).first<number>('n');
    expect(sent).toBe(FORGOT_LIMITS.account.limit);
    expect((await forgot('acme.localhost', 'bystander@acme.test')).status).toBe(200);
  });
});

describe('reset password', () => {
  it('resets with the e-mailed code, ends other sessions, and the new password logs in', async () => {
    const before = await login('localhost', 'ben@demo.test', 'Password1!');
    const { token } = (await before.json()) as { token: string };
    const { code } = await resetCodeFor('localhost', 'demo', 'ben@demo.test');
    const res = await reset('localhost', { code, email: 'ben@demo.test' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'Your password has been reset. Please log in with your new password.' });
    const old = await call('http://localhost/v1/users/1002/', { headers: { authorization: `Token ${token}` } });
    expect(old.status).toBe(401);
    expect((await login('localhost', 'ben@demo.test', 'Password1!')).status).toBe(400);
    expect((await login('localhost', 'ben@demo.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('accepts a code typed in lower case with spaces', async () => {
    const { code } = await resetCodeFor('acme.localhost', 'acme', 'sam@acme.test');
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;
    expect((await reset('acme.localhost', { code: typed, email: 'sam@acme.test' })).status).toBe(200);
  });

  it('uses a code once', async () => {
    const { code } = await resetCodeFor('acme.localhost', 'acme', 'alex@acme.test');
    expect((await reset('acme.localhost', { code, email: 'alex@acme.test' })).status).toBe(200);
    const again = await reset('acme.localhost', { code, email: 'alex@acme.test' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as any).detail).toBe('This link has already been used or has expired. Ask for a new one with "Forgot your password?".');
  });

  it('writes nothing for a code that is no longer live: no password, no ended session, no proven e-mail', async () => {
    // The reset is one batch guarded by the code's own use (a failure part way writes nothing either).
    const user = (await env.DB.prepare("SELECT id, password_hash FROM users WHERE company_id = 'globex' AND email = 'gus@globex.test'").first<{ id: number; password_hash: string }>())!;
    await env.DB.prepare("INSERT INTO api_tokens (token_hash, company_id, user_id, expires_at) VALUES ('live-session-of-gus', 'globex', ?, '2999-01-01T00:00:00.000Z')").bind(user.id).run();
    const code = (await env.DB.prepare(
      "INSERT INTO reset_codes (company_id, user_id, code_hash, purpose, expires_at, used_at) VALUES ('globex', ?, 'x', 'reset', '2999-01-01T00:00:00.000Z', '2001-01-01T00:00:00.000Z') RETURNING id",
    ).bind(user.id).first<{ id: number }>())!;
    await env.DB.prepare('UPDATE users SET email_unconfirmed = 1 WHERE id = ?').bind(user.id).run();
    const answer = await redeemCode(env.DB, 'globex', user.id, code.id, 'not-a-real-hash', new Date().toISOString());
    expect(answer).toEqual({ consumed: false, cleared: null });
    const after = await env.DB.prepare('SELECT password_hash, email_unconfirmed FROM users WHERE id = ?').bind(user.id).first();
    expect(after).toEqual({ password_hash: user.password_hash, email_unconfirmed: 1 });
    expect(await env.DB.prepare("SELECT revoked_at FROM api_tokens WHERE token_hash = 'live-session-of-gus'").first('revoked_at')).toBeNull();
    await env.DB.prepare('UPDATE users SET email_unconfirmed = 0 WHERE id = ?').bind(user.id).run();
  });

  it('refuses an expired code', async () => {
    const { code } = await resetCodeFor('localhost', 'demo', 'nocampaign@demo.test');
    await env.DB.prepare("UPDATE reset_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE company_id = 'demo' AND used_at IS NULL").run();
    const res = await reset('localhost', { code, email: 'nocampaign@demo.test' });
    expect(((await res.json()) as any).detail).toBe('This link has already been used or has expired. Ask for a new one with "Forgot your password?".');
  });

  it('keeps an older code valid when a new one is requested, until one of them is used', async () => {
    const first = await resetCodeFor('localhost', 'demo', 'gone@demo.test');
    const second = await resetCodeFor('localhost', 'demo', 'gone@demo.test');
    expect((await reset('localhost', { code: first.code, email: 'gone@demo.test' })).status).toBe(200);
    expect((await reset('localhost', { code: second.code, email: 'gone@demo.test' })).status).toBe(400);
  });

  it('stops a client after five wrong codes, without killing the code', async () => {
    const { code } = await resetCodeFor('localhost', 'demo', 'ava@demo.test');
    const guesser = freshIp();
    for (let i = 0; i < 4; i++) {
      const wrong = await reset('localhost', { code: 'AAAAAAAAAA', email: 'ava@demo.test' }, 'reset_password', guesser);
      expect(await wrong.json()).toEqual({ code: ['This verification code is not valid. Check the code in the e-mail, or request a new one.'], error_codes: { code: [{ code: 'invalidCode' }] } });
    }
    const fifth = await reset('localhost', { code: 'AAAAAAAAAA', email: 'ava@demo.test' }, 'reset_password', guesser);
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    // That client is stopped for this account, even with the right code...
    expect((await reset('localhost', { code, email: 'ava@demo.test' }, 'reset_password', guesser)).status).toBe(429);
    // ...the owner is not.
    expect((await reset('localhost', { code, email: 'ava@demo.test' })).status).toBe(200);
  });

  it('answers noVerificationCode without a prior request and for unknown e-mails alike', async () => {
    const known = await reset('acme.localhost', { code: 'ABCDEFGHJK', email: 'paused@acme.test' });
    const unknown = await reset('acme.localhost', { code: 'ABCDEFGHJK', email: 'nobody@acme.test' });
    expect(known.status).toBe(400);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it('refuses a code of another company', async () => {
    const { code } = await resetCodeFor('localhost', 'demo', 'ben@demo.test');
    const res = await reset('acme.localhost', { code, email: 'ben@demo.test' });
    expect(res.status).toBe(400);
  });

  it('validates the new password and its confirmation', async () => {
    const weak = await reset('localhost', { code: 'X', email: 'ben@demo.test', password: 'short', repeat_password: 'short' });
    expect(await weak.json()).toMatchObject({ error_codes: { password: [{ code: 'passwordRequirements' }] } });
    const mismatch = await reset('localhost', { code: 'X', email: 'ben@demo.test', repeat_password: 'Other-Pass1!' });
    expect(await mismatch.json()).toMatchObject({ error_codes: { repeat_password: [{ code: 'passwordsDoNotMatch' }] } });
    const missing = await call('http://localhost/v1/auth/ambassador/reset_password/?host=localhost', postJson({}, {}, { ip: freshIp() }));
    const required = [{ code: 'required' }];
    expect(await missing.json()).toMatchObject({
      code: ['This field is required.'],
      error_codes: { code: required, email: required, password: required, repeat_password: required },
    });
  });
});

describe('set password', () => {
  it('sets the first password of an account created without one', async () => {
    expect((await login('localhost', 'newbie@demo.test', NEW_PASSWORD)).status).toBe(400);
    await forgot('localhost', 'newbie@demo.test');
    const { code } = codeFrom((await lastEmail('demo', 'newbie@demo.test'))!.body_text);
    const res = await reset('localhost', { code, email: 'newbie@demo.test' }, 'set_password');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'Your password has been set. You can now log in.' });
    expect((await login('localhost', 'newbie@demo.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('does not take a reset code, nor work for an account that has a password', async () => {
    const { code } = await resetCodeFor('acme.localhost', 'acme', 'sam@acme.test');
    expect((await reset('acme.localhost', { code, email: 'sam@acme.test' }, 'set_password')).status).toBe(400);
  });
});

describe('change password', () => {
  async function session(email: string, password = 'Password1!') {
    const res = await login('acme.localhost', email, password);
    const body = (await res.json()) as { token: string; account: { userid: number } };
    return { token: body.token, userId: body.account.userid };
  }
  const change = (s: { token: string; userId: number }, body: Record<string, string>, id: number = s.userId) =>
    call(`http://acme.localhost/v1/users/${id}/password/`, postJson(body, { authorization: `Token ${s.token}` }));

  it('needs the current password and answers {detail}', async () => {
    const s = await session('paused@acme.test');
    const wrong = await change(s, { current_password: 'nope', password: NEW_PASSWORD, repeat_password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ detail: 'Your current password is incorrect.', code: 'currentPasswordWrong' });
    const missing = await change(s, { password: NEW_PASSWORD, repeat_password: NEW_PASSWORD });
    expect(await missing.json()).toEqual({ current_password: ['This field is required.'], error_codes: { current_password: [{ code: 'required' }] } });
  });

  it('changes it, keeps this session and ends the others', async () => {
    const other = await session('paused@acme.test');
    const s = await session('paused@acme.test');
    const res = await change(s, { current_password: 'Password1!', password: NEW_PASSWORD, repeat_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'Your password has been changed.' });
    expect((await call(`http://acme.localhost/v1/users/${s.userId}/`, { headers: { authorization: `Token ${s.token}` } })).status).toBe(200);
    expect((await call(`http://acme.localhost/v1/users/${s.userId}/`, { headers: { authorization: `Token ${other.token}` } })).status).toBe(401);
    expect((await login('acme.localhost', 'paused@acme.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses someone else\'s id and an anonymous call', async () => {
    const sam = await session('sam@acme.test', NEW_PASSWORD);
    expect((await change(sam, { current_password: NEW_PASSWORD, password: NEW_PASSWORD, repeat_password: NEW_PASSWORD }, 1)).status).toBe(404);
    const anon = await call('http://acme.localhost/v1/users/1/password/', postJson({}));
    expect(anon.status).toBe(401);
  });
});

describe('login rate limit', () => {
  // Each login runs scrypt, so counters are pre-filled where a test only needs "the limit is reached".
  const fill = (key: string, count: number) =>
    env.DB.prepare('INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)')
      .bind(key, Math.floor(Date.now() / 1000 / 300) * 300, count).run();

  it('limits one client to 10 attempts in 5 minutes but gives back successful ones', { timeout: 120_000 }, async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await login('localhost', `x${i}@demo.test`, 'wrong', ip)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await login('localhost', 'nocampaign@demo.test', 'Password1!', ip)).status).toBe(200);
    expect((await login('localhost', 'x8@demo.test', 'wrong', ip)).status).toBe(400);
    expect((await login('localhost', 'x9@demo.test', 'wrong', ip)).status).toBe(400);
    const res = await login('localhost', 'nocampaign@demo.test', 'Password1!', ip);
    expect(res.status).toBe(429);
    expect(((await res.json()) as any).detail).toMatch(/Too many attempts/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(300);
  });

  it('an attacker on one client cannot lock the account for its owner', { timeout: 60_000 }, async () => {
    const attacker = '10.9.9.9';
    await fill(`login:ip:${await clientIdOf(attacker)}`, 10);
    expect((await login('localhost', 'nocampaign@demo.test', 'wrong', attacker)).status).toBe(429);
    expect((await login('localhost', 'nocampaign@demo.test', 'Password1!', freshIp())).status).toBe(200);
  });

  it('starts a new window when the old one is over', { timeout: 60_000 }, async () => {
    const ip = '10.9.9.8';
    await env.DB.prepare('INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)')
      .bind(`login:ip:${await clientIdOf(ip)}`, Math.floor(Date.now() / 1000 / 300) * 300 - 300, 99).run();
    expect((await login('localhost', 'nocampaign@demo.test', 'Password1!', ip)).status).toBe(200);
  });
});

/** The client key the API derives from CF-Connecting-IP. */
async function clientIdOf(ip: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`client:${ip}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
}

describe('clients without an address', () => {
  it('share one per-client bucket: hiding the address escapes no limit; a client with one is not affected', async () => {
    const noIp = (email: string) => call('http://acme.localhost/v1/auth/ambassador/forgot_password/?host=acme.localhost', postJson({ email }));
    const statuses = [];
    for (let i = 0; i <= FORGOT_LIMITS.client.limit; i++) statuses.push((await noIp(`anon${i}@acme.test`)).status);
    expect(statuses).toEqual([...Array(FORGOT_LIMITS.client.limit).fill(200), 429]);
    expect((await forgot('acme.localhost', 'anon-known@acme.test')).status).toBe(200);
  });
});
