// The auth area of the typed client: the embedded implementation (services in-process) and the
// remote one (HTTP to a second API, here the same Worker's /v1) give the same answers and the same errors.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { signSsoToken } from '../../src/api/auth/sso';
import { createEdgeApp } from '../../src/edge/app';
import { ClientError, embeddedClient, remoteClient, type AmbassadorClient } from '../../src/edge/client';
import { forgetTenants } from '../../src/edge/tenant';
import type { Session } from '../../src/edge/types';
import { call, codeFrom, freshIp, lastEmail } from './accounts-helpers';
import { stubPages } from './helpers';

const NEW_PASSWORD = 'Cl1ent-Password!';

/** Work the embedded services handed to waitUntil (the e-mails of forgot password). */
const pending: Promise<unknown>[] = [];
const settle = () => Promise.all(pending.splice(0));

/** Both implementations for a tenant host, with an optional session and env overrides. */
function clients(host: string, companyId: string, session: Session | null = null, overrides: Partial<Env> = {}): AmbassadorClient[] {
  const testEnv = { ...env, ...overrides } as Env;
  const ip = freshIp();
  const embedded = embeddedClient({
    svc: {
      env: testEnv, db: env.DB, origin: `http://${host}`, host, tenantCompanyId: companyId, clientIp: ip,
      userAgent: null, acceptLanguage: null, waitUntil: (p) => pending.push(p),
    },
    session,
  });
  const api = createEdgeApp([stubPages]);
  const remote = remoteClient({
    baseUrl: `http://${host}/v1`, session,
    headers: { 'x-forwarded-host': host, 'x-forwarded-proto': 'http', 'x-portal-company': companyId, 'cf-connecting-ip': ip },
    fetch: async (request) => {
      const ctx = createExecutionContext();
      const res = await api.fetch(request, testEnv, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    },
  });
  return [embedded, remote];
}

async function failure(work: Promise<unknown>) {
  try {
    await work;
  } catch (err) {
    if (err instanceof ClientError) return { status: err.status, body: err.body };
    throw err;
  }
  throw new Error('expected a ClientError');
}

const userStatus = async (s: Session) =>
  (await call(`http://acme.localhost/v1/users/${s.userId}/`, { headers: { authorization: `Token ${s.token}` } })).status;

beforeEach(() => forgetTenants());

describe('auth client, embedded and remote', () => {
  it('logs in with the session parts, changes the password and logs out', async () => {
    for (const client of clients('acme.localhost', 'acme')) {
      const answer = await client.login('acme.localhost', { email: 'sam@acme.test', password: 'Password1!' });
      expect(answer.account.email, client.mode).toBe('sam@acme.test');
      expect(answer.session).toEqual({ userId: answer.account.userid, ambassadorUid: answer.ambassador_uid, token: answer.token });

      const [embedded, remote] = clients('acme.localhost', 'acme', answer.session);
      const signedIn = client.mode === 'embedded' ? embedded! : remote!;
      const wrong = await failure(signedIn.changePassword({ body: { current_password: 'nope', password: NEW_PASSWORD, repeat_password: NEW_PASSWORD } }));
      expect(wrong).toEqual({ status: 400, body: { detail: 'Your current password is incorrect.', code: 'currentPasswordWrong' } });
      expect(await signedIn.changePassword({ body: { current_password: 'Password1!', password: NEW_PASSWORD, repeat_password: NEW_PASSWORD } }))
        .toEqual({ detail: 'Your password has been changed.' });
      // Back to the seed's password, in a later request (a request verifies its caller once).
      const later = clients('acme.localhost', 'acme', answer.session)[client.mode === 'embedded' ? 0 : 1]!;
      expect(await later.changePassword({ body: { current_password: NEW_PASSWORD, password: 'Password1!', repeat_password: 'Password1!' } }))
        .toEqual({ detail: 'Your password has been changed.' });

      expect(await userStatus(answer.session)).toBe(200);
      await signedIn.logOut();
      expect(await userStatus(answer.session)).toBe(401);
      const afterwards = clients('acme.localhost', 'acme', answer.session)[client.mode === 'embedded' ? 0 : 1]!;
      expect((await failure(afterwards.logOut())).status).toBe(401);
    }
  });

  it('registers with a registration session; a session only with auto-login', async () => {
    for (const client of clients('acme.localhost', 'acme')) {
      const { client_session_uid } = await client.startRegistration({ query: { host: 'acme.localhost' } });
      const bad = await failure(client.register('acme', client_session_uid, { email: 'nope' }));
      expect(bad.status).toBe(400);
      expect((bad.body as any).error_codes).toMatchObject({ email: [{ code: 'invalidEmail' }], firstName: [{ code: 'required' }] });
      const email = `client-${client.mode}@x.test`;
      const made = await client.register('acme', client_session_uid, { firstName: 'Cli', lastName: 'Ent', email, group: 'grp-acme-guides', terms: 'on' });
      expect(made.account.email).toBe(email);
      expect(made.session).toBeNull();
    }
    for (const client of clients('localhost', 'demo')) {
      const { client_session_uid } = await client.startRegistration({ query: { host: 'localhost' } });
      const made = await client.register('demo', client_session_uid, { firstName: 'Au', lastName: 'To', email: `auto-${client.mode}@x.test`, country: 'US', terms: 'on' });
      expect(made.auto_login).toBe(true);
      expect(made.session).toEqual({ userId: made.account.userid, ambassadorUid: made.ambassador_uid, token: made.token });
    }
  });

  it('sends a reset code and resets the password with it', async () => {
    for (const client of clients('acme.localhost', 'acme')) {
      expect(await client.forgotPassword({ query: { host: 'acme.localhost' }, body: { email: 'paused@acme.test' } })).toEqual({
        detail: expect.any(String), is_email_sent: true,
      });
      await settle();
      const { code, link } = codeFrom((await lastEmail('acme', 'paused@acme.test'))!.body_text);
      expect(link).toMatch(/^http:\/\/acme\.localhost\/reset-password\?host=acme\.localhost&/);
      const noCode = await failure(client.resetPassword({ query: { host: 'acme.localhost' }, body: { code: 'AAAAAAAAAA', email: 'nobody@acme.test', password: NEW_PASSWORD, repeat_password: NEW_PASSWORD } }));
      expect(noCode).toEqual({ status: 400, body: { detail: 'This link has already been used or has expired. Ask for a new one with "Forgot your password?".', code: 'noVerificationCode' } });
      expect(await client.resetPassword({ query: { host: 'acme.localhost' }, body: { code, email: 'paused@acme.test', password: NEW_PASSWORD, repeat_password: NEW_PASSWORD } }))
        .toEqual({ detail: 'Your password has been reset. Please log in with your new password.' });
    }
  });

  it('signs in with single sign-on, once per token', async () => {
    for (const client of clients('acme.localhost', 'acme')) {
      const token = await signSsoToken({ email: 'alex@acme.test', exp: Math.floor(Date.now() / 1000) + 60, jti: crypto.randomUUID(), company: 'acme' }, 'acme-sso-dev-secret-change-me');
      const answer = await client.sso('acme.localhost', { token });
      expect(answer.session.ambassadorUid).toBe('amb-alex');
      expect(await failure(client.sso('acme.localhost', { token }))).toEqual({
        status: 400, body: { detail: 'This sign-in link has already been used. Please sign in again.', code: 'ssoUsed' },
      });
    }
  });

  it('saves an unsubscribe choice and refuses an unknown code by field', async () => {
    for (const client of clients('localhost', 'demo')) {
      expect(await client.optout({ query: { host: 'localhost' }, body: { code: 'optout-ava', action: 'stop_email', email_template: '' } })).toMatchObject({ action: 'stop_email', unsubscribe_all: true });
      expect(await failure(client.optout({ query: { host: 'localhost' }, body: { code: 'optout-nobody', action: 'stop_all' } }))).toEqual({
        status: 400,
        body: { code: ['This unsubscribe link is not valid. Please use the link from your latest e-mail.'], error_codes: { code: [{ code: 'invalidOptoutCode' }] } },
      });
    }
  });

  it('reads the dev outbox only with DEV_OUTBOX=1', async () => {
    for (const client of clients('acme.localhost', 'acme', null, { DEV_OUTBOX: '' })) {
      expect((await failure(client.devOutbox({ host: 'acme.localhost' }))).status).toBe(404);
    }
    for (const client of clients('acme.localhost', 'acme', null, { DEV_OUTBOX: '1' })) {
      const { results } = await client.devOutbox({ host: 'acme.localhost', to: 'paused@acme.test' });
      expect(results.length).toBeGreaterThan(0);
      expect(results.every((m) => m.to_email === 'paused@acme.test')).toBe(true);
    }
  });
});
