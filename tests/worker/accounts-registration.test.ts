// Registration (spec §3, §4, §5): session flow, company form rules, duplicate e-mail, bot check, auto-login.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { safeRedirect } from '../../src/api/auth/registration';
import { call, freshIp, lastEmail, newSession, postJson, register } from './accounts-helpers';

const demoPerson = (email: string) => ({ firstName: 'Rita', lastName: 'Reg', email, country: 'US', terms: 'on' });
const acmePerson = (email: string) => ({ firstName: 'Ana', lastName: 'Alpina', email, group: 'grp-acme-guides', terms: 'on' });

beforeEach(() => forgetTenants());

describe('registration session', () => {
  it('hands out a client session for the host company', async () => {
    const res = await call('http://acme.localhost/v1/auth/session/?host=acme.localhost', { method: 'POST' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { client_session_uid: string };
    expect(body.client_session_uid).toMatch(/^cs-/);
    const row = await env.DB.prepare('SELECT company_id FROM client_sessions WHERE uid = ?').bind(body.client_session_uid).first();
    expect(row).toEqual({ company_id: 'acme' });
  });

  it('refuses a registration without a session, with a used one, or with another company\'s', async () => {
    const noSession = await call('http://acme.localhost/v1/companies/acme/register/', postJson(acmePerson('nos@x.test')));
    expect(noSession.status).toBe(400);
    expect(((await noSession.json()) as any).detail).toMatch(/session has expired/);

    const demoSession = await newSession('localhost');
    const foreign = await register('acme.localhost', 'acme', acmePerson('foreign@x.test'), { session: demoSession });
    expect(foreign.res.status).toBe(400);

    const session = await newSession('acme.localhost');
    const first = await register('acme.localhost', 'acme', acmePerson('once@x.test'), { session });
    expect(first.res.status).toBe(201);
    const again = await register('acme.localhost', 'acme', acmePerson('twice@x.test'), { session });
    expect(again.res.status).toBe(400);
  });

  it('keeps the session after a form with errors so it can be sent again', async () => {
    const session = await newSession('acme.localhost');
    const bad = await register('acme.localhost', 'acme', { ...acmePerson('retry@x.test'), firstName: '' }, { session });
    expect(bad.res.status).toBe(400);
    const good = await register('acme.localhost', 'acme', acmePerson('retry@x.test'), { session });
    expect(good.res.status).toBe(201);
  });
});

describe('registration form rules', () => {
  it('creates user, ambassador, memberships with default links, settings, balance and a welcome e-mail', async () => {
    const { res, body } = await register('acme.localhost', 'acme', { ...acmePerson('new.crew@x.test'), dateOfBirth: '1990-04-01', country: 'ES' });
    expect(res.status).toBe(201);
    expect(body.account.email).toBe('new.crew@x.test');
    expect(body.auto_login).toBe(false);
    expect(body.token).toBeUndefined();
    expect(body.detail).toBe('Your account has been created. Please check your e-mail.');
    const amb = await env.DB.prepare('SELECT * FROM ambassadors WHERE uid = ? AND company_id = ?').bind(body.ambassador_uid, 'acme').first<any>();
    expect(amb.group_id).toBe(3);
    expect(amb.date_of_birth).toBe('1990-04-01');
    expect(amb.share_code).toMatch(/^[A-Z2-9]{7}$/);
    const links = await env.DB.prepare('SELECT campaign_id, is_default, short_code FROM share_links WHERE ambassador_uid = ? ORDER BY campaign_id').bind(body.ambassador_uid).all<any>();
    expect(links.results.map((l) => l.campaign_id)).toEqual([201, 202]);
    expect(links.results.every((l) => l.is_default === 1)).toBe(true);
    const members = await env.DB.prepare('SELECT COUNT(*) AS n FROM ambassador_campaigns WHERE ambassador_uid = ?').bind(body.ambassador_uid).first<any>();
    expect(members.n).toBe(2);
    expect(await env.DB.prepare('SELECT 1 AS ok FROM notification_settings WHERE ambassador_uid = ?').bind(body.ambassador_uid).first()).toEqual({ ok: 1 });
    expect(await env.DB.prepare('SELECT points_available FROM loyalty_balances WHERE ambassador_uid = ?').bind(body.ambassador_uid).first()).toEqual({ points_available: 0 });
    const mail = await lastEmail('acme', 'new.crew@x.test');
    expect(mail?.template).toBe('welcome');
    expect(mail?.body_text).toContain('http://acme.localhost/set-password?');
  });

  it('joins only active campaigns shown on the dashboard', async () => {
    const { body } = await register('localhost', 'demo', demoPerson('joins@x.test'));
    const links = await env.DB.prepare('SELECT campaign_id FROM share_links WHERE ambassador_uid = ? ORDER BY campaign_id').bind(body.ambassador_uid).all<any>();
    expect(links.results.map((l) => l.campaign_id)).toEqual([101, 102]); // 103 hidden, 104 inactive
  });

  it('names each missing required field and each invalid one', async () => {
    const { res, body } = await register('localhost', 'demo', { email: 'not-an-email', phone: 'call me', terms: '' });
    expect(res.status).toBe(400);
    const codes = (code: string) => [{ code }];
    expect(body).toMatchObject({
      firstName: ['This field is required.'], email: ['Enter a valid e-mail address.'], terms: ['Please accept the terms to continue.'],
      error_codes: {
        firstName: codes('required'), lastName: codes('required'), country: codes('required'), email: codes('invalidEmail'),
        phone: codes('invalidField'), terms: codes('acceptTermsRequired'),
      },
    });
  });

  it('refuses a group of another company and an impossible birth date', async () => {
    const { res, body } = await register('acme.localhost', 'acme', { ...acmePerson('grp@x.test'), group: 'grp-demo-creators', dateOfBirth: '2001-02-30' });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ group: ['This field is invalid.'], error_codes: { group: [{ code: 'invalidField' }], dateOfBirth: [{ code: 'invalidField' }] } });
  });

  it('ignores fields the company does not show', async () => {
    const { res, body } = await register('acme.localhost', 'acme', { ...acmePerson('hidden@x.test'), jobTitle: 'Spy' });
    expect(res.status).toBe(201);
    const amb = await env.DB.prepare('SELECT job_title FROM ambassadors WHERE uid = ?').bind(body.ambassador_uid).first<any>();
    expect(amb.job_title).toBeNull();
  });

  it('stores custom fields', async () => {
    const { body } = await register('localhost', 'demo', { ...demoPerson('tee@x.test'), custom1: 'XL' });
    const amb = await env.DB.prepare('SELECT custom_fields FROM ambassadors WHERE uid = ?').bind(body.ambassador_uid).first<any>();
    expect(JSON.parse(amb.custom_fields)).toEqual({ custom1: 'XL' });
  });

  it('gives a duplicate e-mail in the same company a clear field message, any case', async () => {
    const { res, body } = await register('localhost', 'demo', demoPerson('AVA@demo.test'));
    expect(res.status).toBe(400);
    expect(body).toEqual({
      email: ['An account with this e-mail already exists. Log in or reset your password.'],
      error_codes: { email: [{ code: 'emailTaken' }] },
    });
  });

  it('lets the same e-mail join another company', async () => {
    const { res } = await register('acme.localhost', 'acme', acmePerson('ava@demo.test'));
    expect(res.status).toBe(201);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'ava@demo.test'").first<any>();
    expect(n.n).toBe(2);
  });

  it('answers an unknown company with 404', async () => {
    const { res } = await register('localhost', 'nope', demoPerson('x@x.test'));
    expect(res.status).toBe(404);
  });
});

describe('auto-login and redirect', () => {
  it('returns a token with portal_auto_login, and the token works', async () => {
    const { res, body } = await register('localhost', 'demo', demoPerson('auto@x.test'));
    expect(res.status).toBe(201);
    expect(body.auto_login).toBe(true);
    expect(body.token).toMatch(/^[a-f0-9]{64}$/);
    const me = await call(`http://localhost/v1/users/${body.account.userid}/`, { headers: { authorization: `Token ${body.token}` } });
    expect(me.status).toBe(200);
  });

  it('honours only same-site or own-host redirects', () => {
    const hosts = ['acme.localhost'];
    expect(safeRedirect('/welcome', hosts)).toBe('/welcome');
    expect(safeRedirect('http://acme.localhost:8787/thanks', hosts)).toBe('http://acme.localhost:8787/thanks');
    expect(safeRedirect('https://evil.test/', hosts)).toBeNull();
    expect(safeRedirect('//evil.test/', hosts)).toBeNull();
    expect(safeRedirect('/\\evil.test', hosts)).toBeNull();
    expect(safeRedirect('javascript:alert(1)', hosts)).toBeNull();
    expect(safeRedirect('https://acme.localhost@evil.test/', hosts)).toBeNull();
  });

  it('answers the configured redirect when it is safe and drops it when it is not', async () => {
    const settings = (await env.DB.prepare("SELECT settings FROM customizations WHERE id = 'cust-acme'").first<any>()).settings;
    const set = (redirect: string) => {
      const s = JSON.parse(settings);
      s.register.redirect = redirect;
      return env.DB.prepare("UPDATE customizations SET settings = ? WHERE id = 'cust-acme'").bind(JSON.stringify(s)).run();
    };
    await set('https://evil.test/phish');
    expect((await register('acme.localhost', 'acme', acmePerson('r1@x.test'))).body.redirect).toBeNull();
    await set('https://acme.localhost/thanks');
    expect((await register('acme.localhost', 'acme', acmePerson('r2@x.test'))).body.redirect).toBe('https://acme.localhost/thanks');
    await env.DB.prepare("UPDATE customizations SET settings = ? WHERE id = 'cust-acme'").bind(settings).run();
  });
});

describe('bot check', () => {
  const stub = { BOT_CHECK_STUB: '1' };
  const withRecaptcha = async (on: boolean) =>
    env.DB.prepare("UPDATE companies SET recaptcha_enabled = ? WHERE id = 'acme'").bind(on ? 1 : 0).run();

  it('requires a passing token when the company turns it on', async () => {
    await withRecaptcha(true);
    try {
      const none = await register('acme.localhost', 'acme', acmePerson('bot0@x.test'), { env: stub });
      expect(none.res.status).toBe(400);
      expect(none.body.detail).toMatch(/robot/);
      const low = await register('acme.localhost', 'acme', { ...acmePerson('bot1@x.test'), recaptchaToken: 'fail' }, { env: stub });
      expect(low.res.status).toBe(400);
      const ok = await register('acme.localhost', 'acme', { ...acmePerson('bot2@x.test'), recaptchaToken: 'pass' }, { env: stub });
      expect(ok.res.status).toBe(201);
    } finally {
      await withRecaptcha(false);
    }
  });

  it('fails closed without a provider secret', async () => {
    await withRecaptcha(true);
    try {
      const res = await register('acme.localhost', 'acme', { ...acmePerson('bot3@x.test'), recaptchaToken: 'pass' }, { env: { BOT_CHECK_STUB: '', RECAPTCHA_SECRET: '' } });
      expect(res.res.status).toBe(400);
    } finally {
      await withRecaptcha(false);
    }
  });

  it('answers POST /recaptcha with score, status, token and isValid', async () => {
    const pass = await call('http://localhost/v1/recaptcha', postJson({ token: 'pass', action: 'register' }, {}, { env: stub, ip: freshIp() }));
    expect(await pass.json()).toEqual({ score: 0.9, status: 'Ok', token: 'pass', isValid: true });
    const fail = await call('http://localhost/v1/recaptcha', postJson({ token: 'fail' }, {}, { env: stub, ip: freshIp() }));
    expect(await fail.json()).toEqual({ score: 0.1, status: 'Ok', token: 'fail', isValid: false });
    const bad = await call('http://localhost/v1/recaptcha', postJson({}, {}, { env: stub, ip: freshIp() }));
    expect(bad.status).toBe(400);
  });

  it('is reachable from the browser as POST /api/recaptcha', async () => {
    const res = await call('http://localhost/api/recaptcha', postJson({ token: 'pass' }, { origin: 'http://localhost' }, { env: stub }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).isValid).toBe(true);
  });
});

describe('registration rate limit', () => {
  it('limits registrations per client', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await register('acme.localhost', 'acme', { email: 'bad' }, { ip })).res.status;
    expect(last).toBe(429);
  });
});
