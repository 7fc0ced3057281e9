// The console's sign-in: a password, then a TOTP code (RFC 6238, computed here as an authenticator app does)
// or a one-time recovery code; a code signs in once; wrong codes are counted and limited; enrolment; the
// company's setting that requires a second factor of everyone.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_GUARD } from '../../src/api/core/rate-limit';
import { STAFF_CODE_LIMITS } from '../../src/api/staff/sessions';
import { freshIp } from './accounts-helpers';
import { loginWaits } from './login-waits';
import { codeFor, codeOf, SECRETS, setRequireSecondFactor, signIn, staff, wrongCode } from './staff-helpers';

describe('signing in with a password and a TOTP code', () => {
  it('gives a session that needs its second factor, refuses other calls until the right code comes, then opens', async () => {
    const started = await signIn('localhost', 'owner@demo.test');
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ stage: 'secondFactor', member: { email: 'owner@demo.test', role: 'owner', totp_enabled: true } });
    const token = started.body.token as string;
    expect(token).toMatch(/^stf_[a-f0-9]{64}$/);

    // Before the second factor: it can say who it is, nothing more.
    const me = await staff('localhost', 'GET', 'me/', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ stage: 'secondFactor', second_factor_required: true, member: { uid: 'stf-demo-owner' } });
    const early = await staff('localhost', 'GET', 'team/', { token });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('secondFactorRequired');
    expect((await staff('localhost', 'GET', 'sessions/', { token })).status).toBe(403);

    const wrong = await staff('localhost', 'POST', 'sessions/second_factor/', { token, body: { code: wrongCode(SECRETS['owner@demo.test']!) } });
    expect(wrong.status).toBe(400);
    expect(codeOf(wrong, 'code')).toBe('secondFactorFailed');
    expect(wrong.body.code).toEqual(['This code is wrong or was used already. Enter the current code of your authenticator app, or an unused recovery code.']);

    const right = await staff('localhost', 'POST', 'sessions/second_factor/', { token, body: { code: codeFor(SECRETS['owner@demo.test']!) } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ stage: 'full' });
    const team = await staff('localhost', 'GET', 'team/', { token });
    expect(team.status).toBe(200);
    expect(team.body.results.map((m: { email: string }) => m.email).sort()).toEqual(
      ['admin@demo.test', 'finance@demo.test', 'owner@demo.test', 'reviewer@demo.test', 'viewer@demo.test'],
    );
    expect((await staff('localhost', 'GET', 'me/', { token })).body.stage).toBe('full');
  });

  it('accepts a code once: the same code (or an earlier one) never signs in again, a later one does', async () => {
    const secret = SECRETS['admin@demo.test']!;
    const now = codeFor(secret);
    const first = await signIn('localhost', 'admin@demo.test');
    expect((await staff('localhost', 'POST', 'sessions/second_factor/', { token: first.body.token, body: { code: now } })).status).toBe(200);

    const second = await signIn('localhost', 'admin@demo.test');
    const replay = await staff('localhost', 'POST', 'sessions/second_factor/', { token: second.body.token, body: { code: now } });
    expect(replay.status).toBe(400);
    expect(codeOf(replay, 'code')).toBe('secondFactorFailed');
    expect((await staff('localhost', 'GET', 'team/', { token: second.body.token })).status).toBe(403);

    // The next step's code (a clock a little ahead) is later than the one used: accepted, and then the earlier is refused.
    const next = codeFor(secret, 1);
    expect((await staff('localhost', 'POST', 'sessions/second_factor/', { token: second.body.token, body: { code: next } })).status).toBe(200);
    const third = await signIn('localhost', 'admin@demo.test');
    const earlier = await staff('localhost', 'POST', 'sessions/second_factor/', { token: third.body.token, body: { code: codeFor(secret, -1) } });
    expect(earlier.status).toBe(400);
  });

  it('refuses a wrong password, an unknown e-mail and another company\'s account alike', async () => {
    for (const [host, email, password] of [
      ['localhost', 'owner@demo.test', 'Wrong-password1!'], ['localhost', 'nobody@demo.test', 'Password1!'], ['acme.localhost', 'owner@demo.test', 'Password1!'],
    ] as const) {
      const res = await signIn(host, email, password);
      expect(res.status, `${host} ${email}`).toBe(400);
      expect(codeOf(res), `${host} ${email}`).toBe('loginFailed');
    }
    // An ambassador's e-mail and password are no staff account.
    expect(codeOf(await signIn('localhost', 'ava@demo.test'))).toBe('loginFailed');
  });

  it('counts wrong passwords per account as the login guard does: past its threshold each attempt waits, the right password still gets in', async () => {
    loginWaits.length = 0;
    const attempts = LOGIN_ACCOUNT_GUARD.failures + 3;
    for (let i = 0; i < attempts; i++) {
      const res = await signIn('acme.localhost', 'finance@acme.test', `Wrong-${i}!`, freshIp());
      expect(res.status).toBe(400);
    }
    expect(loginWaits).toEqual([1, 2, 3].map((n) => n * LOGIN_ACCOUNT_GUARD.stepMs));
    const right = await signIn('acme.localhost', 'finance@acme.test', 'Password1!', freshIp());
    expect(right.status).toBe(201);
    // Another account of the same company is not slowed.
    loginWaits.length = 0;
    expect((await signIn('acme.localhost', 'viewer@acme.test', 'Password1!', freshIp())).status).toBe(201);
    expect(loginWaits).toEqual([]);
  });

  it('limits wrong codes per account: past the limit even the right code waits (429 with Retry-After)', async () => {
    const secret = SECRETS['owner@acme.test']!;
    const { body } = await signIn('acme.localhost', 'owner@acme.test');
    for (let i = 0; i < STAFF_CODE_LIMITS.account.limit; i++) {
      const res = await staff('acme.localhost', 'POST', 'sessions/second_factor/', { token: body.token, body: { code: wrongCode(secret) }, ip: freshIp() });
      expect(res.status).toBe(400);
    }
    const limited = await staff('acme.localhost', 'POST', 'sessions/second_factor/', { token: body.token, body: { code: codeFor(secret) }, ip: freshIp() });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('tooManyAttempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'staff-code:fail:%'").run();
  });
});

describe('enrolling a TOTP second factor, and recovery codes', () => {
  it('an account without one enrols (the company requires it), gets ten recovery codes once, each usable once', async () => {
    const started = await signIn('localhost', 'viewer@demo.test');
    expect(started.body.stage).toBe('enrolment');
    const token = started.body.token as string;
    const blocked = await staff('localhost', 'GET', 'sessions/', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('secondFactorEnrolmentRequired');
    // Nothing to give yet: the second-factor call answers the stage as it is.
    expect((await staff('localhost', 'POST', 'sessions/second_factor/', { token, body: { code: '123456' } })).body).toEqual({ stage: 'enrolment' });

    const enrol = await staff('localhost', 'POST', 'me/totp/', { token });
    expect(enrol.status).toBe(201);
    expect(enrol.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrol.body.uri).toMatch(/^otpauth:\/\/totp\/Demo%20Co:viewer%40demo\.test\?/);
    expect(enrol.body.uri).toContain(`secret=${enrol.body.secret}`);
    expect(enrol.body.uri).toContain('algorithm=SHA1&digits=6&period=30');

    const wrong = await staff('localhost', 'POST', 'me/totp/confirm/', { token, body: { code: wrongCode(enrol.body.secret) } });
    expect(wrong.status).toBe(400);
    expect(codeOf(wrong, 'code')).toBe('secondFactorFailed');
    const confirmed = await staff('localhost', 'POST', 'me/totp/confirm/', { token, body: { code: codeFor(enrol.body.secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // Stored as hashes only.
    const stored = await env.DB.prepare("SELECT code_hash FROM staff_recovery_codes WHERE company_id = 'demo' AND staff_uid = 'stf-demo-viewer'").all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    for (const row of stored.results) expect(codes).not.toContain(row.code_hash);

    // This session is complete; the second factor is on and cannot be enrolled over.
    expect((await staff('localhost', 'GET', 'me/', { token })).body).toMatchObject({ stage: 'full', member: { totp_enabled: true } });
    const again = await staff('localhost', 'POST', 'me/totp/', { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('totpAlreadyEnabled');

    // A recovery code instead of the TOTP code, once.
    const next = await signIn('localhost', 'viewer@demo.test');
    expect(next.body.stage).toBe('secondFactor');
    expect((await staff('localhost', 'POST', 'sessions/second_factor/', { token: next.body.token, body: { code: codes[0] } })).body).toEqual({ stage: 'full' });
    const reused = await signIn('localhost', 'viewer@demo.test');
    const refused = await staff('localhost', 'POST', 'sessions/second_factor/', { token: reused.body.token, body: { code: codes[0] } });
    expect(refused.status).toBe(400);
    expect(codeOf(refused, 'code')).toBe('secondFactorFailed');
    // Typed as people do: lower case, without the dash.
    const typed = codes[1]!.toLowerCase().replace('-', '');
    expect((await staff('localhost', 'POST', 'sessions/second_factor/', { token: reused.body.token, body: { code: typed } })).status).toBe(200);
  });
});

describe('the company setting console_require_second_factor', () => {
  afterEach(() => setRequireSecondFactor('acme', true));

  it('off: an account without a second factor signs in fully; one with it still gives it; on again: enrolment first, at once', async () => {
    await setRequireSecondFactor('acme', false);
    const reviewer = await signIn('acme.localhost', 'reviewer@acme.test');
    expect(reviewer.body.stage).toBe('full');
    const token = reviewer.body.token as string;
    expect((await staff('acme.localhost', 'GET', 'sessions/', { token })).status).toBe(200);
    expect((await staff('acme.localhost', 'GET', 'me/', { token })).body.second_factor_required).toBe(false);
    expect((await signIn('acme.localhost', 'admin@acme.test')).body.stage).toBe('secondFactor');

    await setRequireSecondFactor('acme', true);
    const now = await staff('acme.localhost', 'GET', 'sessions/', { token });
    expect(now.status).toBe(403);
    expect(now.body.code).toBe('secondFactorEnrolmentRequired');
  });
});
