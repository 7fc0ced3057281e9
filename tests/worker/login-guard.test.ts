// Login under attack: 30 wrong passwords from other clients used to lock the owner out (429 on
// the right password). Wrong passwords are still counted per account, but past the guard's threshold an
// attempt waits a little and, where the company has the bot check, must pass it unless it comes from a
// client known to the account; the right password always gets in. The per-client limit stays. The same
// class on the reset path: strangers' requests and wrong codes never stop the owner's e-mailed code.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_GUARD, sweep } from '../../src/api/core/rate-limit';
import { loginWaits } from './login-waits';
import type { ServiceContext } from '../../src/api/core/types';
import { createEdgeApp } from '../../src/edge/app';
import { embeddedClient, remoteClient, type AmbassadorClient } from '../../src/edge/client';
import { requestLanguage } from '../../src/edge/request-context';
import { loginAction, type FormView } from '../../src/edge/pages/forms/auth';
import { forgetTenants } from '../../src/edge/tenant';
import type { Portal, Session } from '../../src/edge/types';
import { t } from '../../src/lib/i18n';
import { resolveCustomization } from '../../src/lib/schemas/customization';
import { call, codeFrom, freshIp, lastEmail, postJson } from './accounts-helpers';
import { stubPages } from './helpers';

const ATTACK = 31;
const RIGHT = 'Password1!';
const STUB = { BOT_CHECK_STUB: '1' };

type Body = Record<string, unknown>;
const v1Login = (host: string, body: Body, opts: { ip?: string; env?: Partial<Env> } = {}) =>
  call(`http://${host}/v1/auth/ambassador/?host=${host}`, postJson(body, {}, { ip: opts.ip ?? freshIp(), env: opts.env ?? STUB }));

/** ATTACK wrong passwords for `email`, each from its own client address, the bot check passed when asked. */
async function attack(host: string, email: string, extra: Body = {}) {
  const send = (i: number) => v1Login(host, { email, password: `Wrong-${i}!`, ...extra });
  // The first ones one by one (they reach the threshold), the rest together (each waits its delay).
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_ACCOUNT_GUARD.failures; i++) statuses.push((await send(i)).status);
  const rest = await Promise.all(Array.from({ length: ATTACK - LOGIN_ACCOUNT_GUARD.failures }, (_, i) => send(100 + i)));
  return [...statuses, ...rest.map((r) => r.status)];
}

const failuresOf = (company: string) =>
  env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_limits WHERE key LIKE 'login:fail:' || ? || ':%'").bind(company).first<number>('n');

async function setBotCheck(company: string, on: boolean) {
  await env.DB.prepare('UPDATE companies SET recaptcha_enabled = ? WHERE id = ?').bind(on ? 1 : 0, company).run();
  forgetTenants();
}

beforeEach(() => forgetTenants());

describe('the per-account login guard on /v1', () => {
  afterEach(() => setBotCheck('acme', false));

  it('never refuses the owner\'s right password after 31 wrong ones from 31 clients (no bot check: slowed, not locked)', { timeout: 60_000 }, async () => {
    loginWaits.length = 0;
    const statuses = await attack('localhost', 'ben@demo.test');
    expect(statuses).toEqual(Array(ATTACK).fill(400));
    // Slowed: below the threshold no attempt waits; past it each waits at least a step (those sent together
    // saw the same count of failures).
    expect(loginWaits).toHaveLength(ATTACK - LOGIN_ACCOUNT_GUARD.failures);
    expect(Math.min(...loginWaits)).toBe(LOGIN_ACCOUNT_GUARD.stepMs);
    const owner = await v1Login('localhost', { email: 'ben@demo.test', password: RIGHT });
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { token?: string }).token).toBeTruthy();
    // A wrong password is still wrong.
    const wrong = await v1Login('localhost', { email: 'ben@demo.test', password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error_codes: { non_field_errors: { code: string }[] } }).error_codes.non_field_errors[0]!.code).toBe('loginFailed');
    expect(await failuresOf('demo')).toBeGreaterThan(ATTACK);
    // One at a time, each further attempt waits a step more, up to the cap.
    expect(loginWaits.at(-1)).toBe(LOGIN_ACCOUNT_GUARD.maxDelayMs);
  });

  it('with the bot check: past the threshold answers 400 {detail, code: loginChallengeRequired} (never 429) until a passing token comes, then lets the right password in', { timeout: 60_000 }, async () => {
    await setBotCheck('acme', true);
    const before = await v1Login('acme.localhost', { email: 'sam@acme.test', password: RIGHT });
    expect(before.status).toBe(200);
    await attack('acme.localhost', 'sam@acme.test');

    const noToken = await v1Login('acme.localhost', { email: 'sam@acme.test', password: RIGHT });
    expect(noToken.status).toBe(400);
    const body = (await noToken.json()) as { detail: string; code: string };
    expect(body.code).toBe('loginChallengeRequired');
    expect(body.detail).toBe(t('en', 'loginChallengeRequired'));
    // Not a lockout: no 429 and no Retry-After.
    expect(noToken.headers.get('retry-after')).toBeNull();

    // A failing token and an unreadable one are asked again; the password was not looked at.
    const counted = await failuresOf('acme');
    for (const recaptchaToken of ['fail', 'garbage']) {
      const res = await v1Login('acme.localhost', { email: 'sam@acme.test', password: 'Wrong-again1!', recaptchaToken });
      expect(((await res.json()) as { code: string }).code).toBe('loginChallengeRequired');
    }
    expect(await failuresOf('acme')).toBe(counted);
    // A passing token with a wrong password is a wrong password.
    const wrong = await v1Login('acme.localhost', { email: 'sam@acme.test', password: 'Wrong-again1!', recaptchaToken: 'pass' });
    expect(((await wrong.json()) as { error_codes: { non_field_errors: { code: string }[] } }).error_codes.non_field_errors[0]!.code).toBe('loginFailed');

    const owner = await v1Login('acme.localhost', { email: 'sam@acme.test', password: RIGHT, recaptchaToken: 'pass' });
    expect(owner.status).toBe(200);
    // Another account of the company is untouched by the guard.
    expect((await v1Login('acme.localhost', { email: 'alex@acme.test', password: RIGHT })).status).toBe(200);
  });

  it('an attacker who passes the bot check still cannot keep the owner out', { timeout: 60_000 }, async () => {
    await setBotCheck('acme', true);
    const statuses = await attack('acme.localhost', 'alex@acme.test', { recaptchaToken: 'pass' });
    expect(statuses).toEqual(Array(ATTACK).fill(400));
    const more = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      v1Login('acme.localhost', { email: 'alex@acme.test', password: `Wrong-${200 + i}!`, recaptchaToken: 'pass' })));
    expect(more.map((r) => r.status)).toEqual(Array(10).fill(400));
    expect((await v1Login('acme.localhost', { email: 'alex@acme.test', password: RIGHT, recaptchaToken: 'pass' })).status).toBe(200);
  });

  it('lets a client that logged in to the account before in without the check (slowed only)', { timeout: 60_000 }, async () => {
    await setBotCheck('acme', true);
    const home = freshIp();
    expect((await v1Login('acme.localhost', { email: 'paused@acme.test', password: RIGHT }, { ip: home })).status).toBe(200);
    await attack('acme.localhost', 'paused@acme.test');
    expect((await v1Login('acme.localhost', { email: 'paused@acme.test', password: RIGHT }, { ip: home })).status).toBe(200);
    // Known for this account only, and only with the right password.
    expect((await v1Login('acme.localhost', { email: 'paused@acme.test', password: 'Wrong-home1!' }, { ip: home })).status).toBe(400);
    const elsewhere = await v1Login('acme.localhost', { email: 'paused@acme.test', password: RIGHT });
    expect(((await elsewhere.json()) as { code: string }).code).toBe('loginChallengeRequired');
  });

  it('falls back to slowing down when the bot check cannot be asked (no provider configured)', { timeout: 60_000 }, async () => {
    await setBotCheck('acme', true);
    await attack('acme.localhost', 'sam@acme.test');
    const noProvider = { BOT_CHECK_STUB: '', RECAPTCHA_SECRET: '' };
    expect((await v1Login('acme.localhost', { email: 'sam@acme.test', password: RIGHT }, { env: noProvider })).status).toBe(200);
    expect((await v1Login('acme.localhost', { email: 'sam@acme.test', password: 'Wrong-x1!' }, { env: noProvider })).status).toBe(400);
  });

  it('keeps the per-client limit: one client hammering gets 429 with Retry-After, the owner elsewhere does not', { timeout: 60_000 }, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await v1Login('localhost', { email: 'nocampaign@demo.test', password: `Wrong-${i}!` }, { ip })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await v1Login('localhost', { email: 'nocampaign@demo.test', password: RIGHT }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner elsewhere is not limited.
    expect((await v1Login('localhost', { email: 'nocampaign@demo.test', password: RIGHT })).status).toBe(200);
  });
});

describe('known clients', () => {
  it('outlive the daily sweep of counters for the guard\'s known-client days, and no longer', async () => {
    const now = Date.now();
    const day = 86_400;
    const sec = Math.floor(now / 1000);
    const rows: [string, number][] = [
      ['known:demo:recent:client', sec - 20 * day],
      ['known:demo:stale:client', sec - (LOGIN_ACCOUNT_GUARD.knownClientDays + 1) * day],
      ['login:fail:demo:old', sec - 2 * day],
      ['login:fail:demo:current', sec],
    ];
    await env.DB.batch(rows.map(([key, start]) => env.DB.prepare('INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)').bind(key, start)));
    await sweep(env.DB, now);
    const { results } = await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE 'known:demo:%' OR key LIKE 'login:fail:demo:%' ORDER BY key").all<{ key: string }>();
    const left = results.map((r) => r.key);
    expect(left).toContain('known:demo:recent:client');
    expect(left).toContain('login:fail:demo:current');
    expect(left).not.toContain('known:demo:stale:client');
    expect(left).not.toContain('login:fail:demo:old');
  });
});

describe('the per-account login guard on the /login form', () => {
  afterEach(() => setBotCheck('acme', false));

  async function portalOf(host: string): Promise<Portal> {
    const [view] = (await (await call(`http://${host}/v1/portal.json?host=${host}`)).json()) as Omit<Portal, 'host' | 'settings'>[];
    return { ...view!, host, settings: resolveCustomization(view!.customization) } as Portal;
  }

  /**
   * The page's own client as the edge builds it: embedded (the page request's address) or remote
   * (forwarded), each for a client address of its own.
   */
  function clients(host: string, companyId: string): AmbassadorClient[] {
    const ip = freshIp();
    const svc: ServiceContext = {
      env: { ...env, ...STUB }, db: env.DB, origin: `http://${host}`, host, tenantCompanyId: companyId, clientIp: ip,
      userAgent: null, acceptLanguage: null, waitUntil: () => {},
    };
    const remote = remoteClient({
      baseUrl: `http://${host}/v1`, session: null, headers: { 'x-forwarded-host': host, 'cf-connecting-ip': freshIp() },
      fetch: async (request) => {
        const ctx = createExecutionContext();
        const res = await createEdgeApp([stubPages]).fetch(request, { ...env, ...STUB } as Env, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      },
    });
    return [embeddedClient({ svc, session: null }), remote];
  }

  async function postLogin(host: string, client: AmbassadorClient, fields: Record<string, string>) {
    const portal = await portalOf(host);
    const sessions: (Session | null)[] = [];
    const lang = requestLanguage(portal, null, null);
    const locals = {
      portal, session: null, nonce: '', client,
      requestContext: { portal, me: null, sessionInvalid: false, lang, settings: portal.settings, groupUids: [] },
      setSession: (s: Session | null) => sessions.push(s),
    } as unknown as App.Locals;
    const request = new Request(`http://${host}/login`, { method: 'POST', body: new URLSearchParams(fields) });
    return { result: await loginAction(locals, request, new URL(`http://${host}/login`)), sessions, lang };
  }

  it('shows the challenge in the page language, then logs the owner in with a token, embedded and remote alike', { timeout: 60_000 }, async () => {
    await setBotCheck('acme', true);
    await attack('acme.localhost', 'alex@acme.test');
    for (const client of clients('acme.localhost', 'acme')) {
      const asked = await postLogin('acme.localhost', client, { email: 'alex@acme.test', password: RIGHT });
      const view = asked.result as FormView<{ email: string }>;
      expect(view, client.mode).not.toBeInstanceOf(Response);
      expect(asked.lang).toBe('es');
      expect(view.status).toBe(400);
      expect(view.formError).toBe(t('es', 'loginChallengeRequired'));
      expect(view.values.email).toBe('alex@acme.test');
      expect(asked.sessions).toEqual([]);

      const passed = await postLogin('acme.localhost', client, { email: 'alex@acme.test', password: RIGHT, recaptchaToken: 'pass' });
      expect(passed.result, client.mode).toBeInstanceOf(Response);
      expect((passed.result as Response).status).toBe(303);
      expect(passed.sessions).toHaveLength(1);
    }
  });

  it('logs the owner in after 31 wrong passwords on a company without the bot check', { timeout: 60_000 }, async () => {
    await attack('localhost', 'ava@demo.test');
    for (const client of clients('localhost', 'demo')) {
      const { result, sessions } = await postLogin('localhost', client, { email: 'ava@demo.test', password: RIGHT });
      expect(result, client.mode).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(303);
      expect(sessions).toHaveLength(1);
      const wrong = await postLogin('localhost', client, { email: 'ava@demo.test', password: 'Wrong-form1!' });
      expect((wrong.result as FormView<{ email: string }>).formError).toBe(t('en', 'loginFailed'));
    }
  });
});

describe('the reset path under attack', () => {
  const forgot = (email: string, ip = freshIp()) =>
    call('http://localhost/v1/auth/ambassador/forgot_password/?host=localhost', postJson({ email }, {}, { ip }));
  const reset = (email: string, code: string, password: string, ip = freshIp()) =>
    call('http://localhost/v1/auth/ambassador/reset_password/?host=localhost', postJson({ email, code, password, repeat_password: password }, {}, { ip }));

  it('strangers\' requests and wrong codes neither refuse the owner\'s request nor kill the owner\'s code', { timeout: 60_000 }, async () => {
    const email = 'nocampaign@demo.test';
    expect((await forgot(email)).status).toBe(200);
    const { code } = codeFrom((await lastEmail('demo', email))!.body_text);
    // Strangers ask for more codes from many clients, and guess codes from many clients.
    const asked = await Promise.all(Array.from({ length: 15 }, () => forgot(email)));
    expect(asked.map((r) => r.status)).toEqual(Array(15).fill(200));
    for (let c = 0; c < 4; c++) {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await reset(email, 'AAAAAAAAAA', 'Wrong-Pass-1!', ip);
    }
    // The owner's own request is answered as always, and the code in the owner's hands still works.
    expect((await forgot(email)).status).toBe(200);
    const owner = freshIp();
    expect((await reset(email, code, 'Owner-Pass-9!', owner)).status).toBe(200);
    expect((await v1Login('localhost', { email, password: 'Owner-Pass-9!' }, { ip: owner })).status).toBe(200);
  });

  it('a reset makes the owner\'s client known: it logs in without the bot check after an attack', { timeout: 60_000 }, async () => {
    await setBotCheck('acme', true);
    try {
      await attack('acme.localhost', 'sam@acme.test');
      const owner = freshIp();
      const asked = await call('http://acme.localhost/v1/auth/ambassador/forgot_password/?host=acme.localhost', postJson({ email: 'sam@acme.test' }, {}, { ip: owner }));
      expect(asked.status).toBe(200);
      const { code } = codeFrom((await lastEmail('acme', 'sam@acme.test'))!.body_text);
      const done = await call('http://acme.localhost/v1/auth/ambassador/reset_password/?host=acme.localhost',
        postJson({ email: 'sam@acme.test', code, password: 'Owner-Pass-8!', repeat_password: 'Owner-Pass-8!' }, {}, { ip: owner }));
      expect(done.status).toBe(200);
      expect((await v1Login('acme.localhost', { email: 'sam@acme.test', password: 'Owner-Pass-8!' }, { ip: owner })).status).toBe(200);
      const stranger = await v1Login('acme.localhost', { email: 'sam@acme.test', password: 'Owner-Pass-8!' });
      expect(((await stranger.json()) as { code: string }).code).toBe('loginChallengeRequired');
    } finally {
      await setBotCheck('acme', false);
    }
  });
});
