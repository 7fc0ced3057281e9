// Login under attack (issue 17): 30 wrong passwords from other clients used to lock the owner out (429 on
// the right password). Wrong passwords are still counted per account, but past the guard's threshold an
// attempt must pass the bot check (companies that have it) or waits a little (companies without); the
// right password always gets in. The per-client limit stays.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_GUARD } from '../../src/api/core/rate-limit';
import { call, freshIp, login, postJson } from './accounts-helpers';

const ATTACK = 31;

async function attack(host: string, email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < ATTACK; i++) statuses.push((await login(host, email, `wrong-${i}`, freshIp())).status);
  return statuses;
}

const loginWith = (host: string, body: Record<string, unknown>, stub = true) =>
  call(`http://${host}/v1/auth/ambassador/?host=${host}`, postJson(body, {}, { ip: freshIp(), env: stub ? { BOT_CHECK_STUB: '1' } : {} }));

describe('the per-account login guard', () => {
  it('never refuses the owner\'s right password after 31 wrong ones from 31 clients (no bot check: slowed, not locked)', { timeout: 120_000 }, async () => {
    const statuses = await attack('localhost', 'ben@demo.test');
    expect(statuses.every((s) => s === 400)).toBe(true);
    const owner = await login('localhost', 'ben@demo.test', 'Password1!', freshIp());
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { token?: string }).token).toBeTruthy();
    // A wrong password is still wrong.
    expect((await login('localhost', 'ben@demo.test', 'nope', freshIp())).status).toBe(400);
    // The failures were counted for this account only, past the threshold.
    const counted = await env.DB.prepare("SELECT SUM(count) AS n FROM rate_limits WHERE key LIKE 'login:fail:demo:%'").first<number>('n');
    expect(counted).toBeGreaterThan(LOGIN_ACCOUNT_GUARD.failures);
  });

  it('with the bot check, past the threshold asks for a passing token, then lets the right password in', { timeout: 120_000 }, async () => {
    await env.DB.prepare("UPDATE companies SET recaptcha_enabled = 1 WHERE id = 'acme'").run();
    try {
      await attack('acme.localhost', 'sam@acme.test');
      const noToken = await loginWith('acme.localhost', { email: 'sam@acme.test', password: 'Password1!' });
      expect(noToken.status).toBe(400);
      const body = (await noToken.json()) as { non_field_errors: string[]; error_codes: { non_field_errors: { code: string }[] } };
      expect(body.error_codes.non_field_errors[0]!.code).toBe('loginChallengeRequired');
      // Spanish for acme's Spanish clients.
      const es = await call('http://acme.localhost/v1/auth/ambassador/?host=acme.localhost', postJson(
        { email: 'sam@acme.test', password: 'Password1!' }, { 'accept-language': 'es' }, { ip: freshIp(), env: { BOT_CHECK_STUB: '1' } }));
      expect(JSON.stringify(await es.json())).toMatch(/robot/);
      expect((await loginWith('acme.localhost', { email: 'sam@acme.test', password: 'Password1!', recaptchaToken: 'fail' })).status).toBe(400);
      expect((await loginWith('acme.localhost', { email: 'sam@acme.test', password: 'wrong', recaptchaToken: 'pass' })).status).toBe(400);
      const owner = await loginWith('acme.localhost', { email: 'sam@acme.test', password: 'Password1!', recaptchaToken: 'pass' });
      expect(owner.status).toBe(200);
      // Another account of the company is untouched by the guard.
      expect((await loginWith('acme.localhost', { email: 'alex@acme.test', password: 'Password1!' })).status).toBe(200);
    } finally {
      await env.DB.prepare("UPDATE companies SET recaptcha_enabled = 0 WHERE id = 'acme'").run();
    }
  });

  it('keeps the per-client limit: one client hammering gets 429', { timeout: 60_000 }, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login('localhost', `someone${i}@demo.test`, 'wrong', ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
