// Single sign-on (spec §1, §7): company-signed, short-lived, single-use tokens; the /sso page route;
// and the dev-only outbox endpoint.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { signSsoToken } from '../../src/api/auth/sso';
import { forgetTenants } from '../../src/edge/tenant';
import { call, postJson } from './accounts-helpers';

const SECRET = 'acme-sso-dev-secret-change-me';
const now = () => Math.floor(Date.now() / 1000);
const token = (over: Record<string, unknown> = {}, secret = SECRET) =>
  signSsoToken({ email: 'alex@acme.test', exp: now() + 120, jti: crypto.randomUUID(), company: 'acme', ...over } as any, secret);
const exchange = async (t: string, host = 'acme.localhost') => {
  const res = await call(`http://${host}/v1/auth/sso/?host=${host}`, postJson({ token: t }));
  return { res, body: (await res.json()) as Record<string, any> };
};

beforeEach(() => forgetTenants());

describe('single sign-on API', () => {
  it('exchanges a valid token for a session of that ambassador', async () => {
    const { res, body } = await exchange(await token());
    expect(res.status).toBe(200);
    expect(body.account.email).toBe('alex@acme.test');
    expect(body.ambassador_uid).toBeTruthy();
    const me = await call(`http://acme.localhost/v1/users/${body.account.userid}/`, { headers: { authorization: `Token ${body.token}` } });
    expect(me.status).toBe(200);
  });

  it('refuses a reused token', async () => {
    const t = await token();
    expect((await exchange(t)).res.status).toBe(200);
    const again = await exchange(t);
    expect(again.res.status).toBe(400);
    expect(again.body.detail).toBe('This sign-in link has already been used. Please sign in again.');
  });

  it('refuses an expired token and one that lives too long', async () => {
    expect((await exchange(await token({ exp: now() - 1 }))).body.detail).toMatch(/expired/);
    expect((await exchange(await token({ exp: now() + 3600 }))).body.detail).toBe('This sign-in link is not valid. Sign in again from the site that sent you here.');
  });

  it('refuses a bad signature and a tampered payload', async () => {
    expect((await exchange(await token({}, 'wrong-secret'))).body.detail).toBe('This sign-in link is not valid. Sign in again from the site that sent you here.');
    const [, sig] = (await token()).split('.');
    const forged = btoa(JSON.stringify({ email: 'sam@acme.test', exp: now() + 60, jti: 'forged-jti-1', company: 'acme' })).replace(/=+$/, '');
    expect((await exchange(`${forged}.${sig}`)).res.status).toBe(400);
    expect((await exchange('garbage')).body.detail).toBe('This sign-in link is not valid. Sign in again from the site that sent you here.');
  });

  it('refuses a token of another company, and a company without single sign-on', async () => {
    const foreign = await exchange(await token({ company: 'demo' }));
    expect(foreign.body.detail).toBe('This sign-in link belongs to another company. Sign in again from the site that sent you here.');
    const acmeTokenOnDemo = await exchange(await token(), 'localhost');
    expect(acmeTokenOnDemo.body.detail).toBe('This sign-in link belongs to another company. Sign in again from the site that sent you here.');
    const demo = await exchange(await token({ company: 'demo', email: 'ava@demo.test' }), 'localhost');
    expect(demo.body.detail).toBe('Single sign-on is not enabled for this portal. Log in with your e-mail and password.');
  });

  it('refuses an e-mail without an account in the company', async () => {
    expect((await exchange(await token({ email: 'ava@demo.test' }))).body.detail).toMatch(/No ambassador account/);
  });

  it('validates the body', async () => {
    const res = await call('http://acme.localhost/v1/auth/sso/?host=acme.localhost', postJson({}));
    expect(await res.json()).toEqual({ token: ['This field is required.'], error_codes: { token: [{ code: 'required' }] } });
  });
});

describe('dev outbox endpoint', () => {
  it('does not exist unless DEV_OUTBOX=1', async () => {
    const res = await call('http://localhost/v1/dev/outbox/?host=localhost', { env: { DEV_OUTBOX: '' } });
    expect(res.status).toBe(404);
  });

  it('lists the tenant\'s own messages when enabled', async () => {
    await env.DB.prepare("INSERT INTO email_outbox (company_id, to_email, template, subject, body_text) VALUES ('acme', 'a@x.test', 't', 'Acme mail', 'x'), ('demo', 'd@x.test', 't', 'Demo mail', 'y')").run();
    const res = await call('http://localhost/v1/dev/outbox/?host=acme.localhost', { env: { DEV_OUTBOX: '1' } });
    const { results } = (await res.json()) as { results: { subject: string }[] };
    expect(results.map((r) => r.subject)).toContain('Acme mail');
    expect(results.map((r) => r.subject)).not.toContain('Demo mail');
  });
});
