// Messages as keys end to end: the API answers English text plus the stable key, and the page
// renders the key in its own language. A wrong password on acme (Spanish by default) shows Spanish on
// /login, never "non_field_errors: Unable to log in…".
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { embeddedClient, remoteClient, type AmbassadorClient } from '../../src/edge/client';
import { requestLanguage } from '../../src/edge/request-context';
import { loginAction, type FormView } from '../../src/edge/pages/forms/auth';
import { forgetTenants } from '../../src/edge/tenant';
import type { Portal, Session } from '../../src/edge/types';
import { formErrors } from '../../src/lib/account-messages';
import { t } from '../../src/lib/i18n';
import { resolveCustomization } from '../../src/lib/schemas/customization';
import { createEdgeApp } from '../../src/edge/app';
import { call, freshIp, postJson } from './accounts-helpers';
import { stubPages } from './helpers';

const SPANISH = 'No se puede iniciar sesión con las credenciales proporcionadas.';

beforeEach(() => forgetTenants());

async function portalOf(host: string): Promise<Portal> {
  const [view] = (await (await call(`http://${host}/v1/portal.json?host=${host}`)).json()) as Omit<Portal, 'host' | 'settings'>[];
  return { ...view!, host, settings: resolveCustomization(view!.customization) } as Portal;
}

function svcFor(host: string, companyId: string): ServiceContext {
  return {
    env, db: env.DB, origin: `http://${host}`, host, tenantCompanyId: companyId, clientIp: freshIp(),
    userAgent: null, acceptLanguage: null, waitUntil: () => {},
  };
}

/** The locals a page of `host` gets (no session), with the given client; records setSession calls. */
async function localsFor(host: string, client: AmbassadorClient) {
  const portal = await portalOf(host);
  const sessions: (Session | null)[] = [];
  const lang = requestLanguage(portal, null, null);
  const locals = {
    portal, session: null, nonce: '', client,
    requestContext: { portal, me: null, sessionInvalid: false, lang, settings: portal.settings, groupUids: [] },
    setSession: (s: Session | null) => sessions.push(s),
  } as unknown as App.Locals;
  return { locals, sessions, lang };
}

const loginPost = (host: string, email: string, password: string) =>
  new Request(`http://${host}/login`, { method: 'POST', body: new URLSearchParams({ email, password }) });

describe('a wrong password', () => {
  it('is English text plus the key loginFailed in the API body', async () => {
    const res = await call('http://acme.localhost/v1/auth/ambassador/?host=acme.localhost', postJson({ email: 'alex@acme.test', password: 'Wrong-password1!' }, {}, { ip: freshIp() }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { non_field_errors: string[]; error_codes: { non_field_errors: { code: string }[] } };
    expect(body.non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    expect(body.error_codes.non_field_errors[0]!.code).toBe('loginFailed');

    // acme's default language is Spanish: formErrors renders the key in it.
    const lang = requestLanguage(await portalOf('acme.localhost'), null, null);
    expect(lang).toBe('es');
    const { formError, fieldErrors } = formErrors(res.status, body, lang, 'generic');
    expect(formError).toBe(SPANISH);
    expect(formError).toBe(t('es', 'loginFailed'));
    expect(fieldErrors.non_field_errors).toBe(SPANISH);
    expect(formError).not.toMatch(/non_field_errors|Unable/);
    // The English tenant reads the same body in English.
    expect(formErrors(res.status, body, 'en', 'generic').formError).toBe('Unable to log in with provided credentials.');
  });

  it('still renders in Spanish from a remote API that sends only the English text (spec §8)', () => {
    const textOnly = { non_field_errors: ['Unable to log in with provided credentials.'] };
    expect(formErrors(400, textOnly, 'es', 'generic').formError).toBe(SPANISH);
  });

  it('shows Spanish on the acme /login form, embedded and remote alike', async () => {
    const host = 'acme.localhost';
    const embedded = embeddedClient({ svc: svcFor(host, 'acme'), session: null });
    const remote = remoteClient({
      baseUrl: `http://${host}/v1`, session: null, headers: { 'x-forwarded-host': host, 'cf-connecting-ip': freshIp() },
      fetch: async (request) => {
        const ctx = createExecutionContext();
        const res = await createEdgeApp([stubPages]).fetch(request, env, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      },
    });
    for (const client of [embedded, remote]) {
      const { locals, sessions } = await localsFor(host, client);
      const view = (await loginAction(locals, loginPost(host, 'alex@acme.test', 'Wrong-password1!'), new URL(`http://${host}/login`))) as FormView<{ email: string }>;
      expect(view, client.mode).not.toBeInstanceOf(Response);
      expect(view.status).toBe(400);
      expect(view.formError, client.mode).toBe(SPANISH);
      expect(view.values.email).toBe('alex@acme.test');
      expect(sessions).toEqual([]);
    }
  });

  it('names empty fields in Spanish from the schema keys', async () => {
    const host = 'acme.localhost';
    const { locals } = await localsFor(host, embeddedClient({ svc: svcFor(host, 'acme'), session: null }));
    const view = (await loginAction(locals, loginPost(host, 'not-an-email', ''), new URL(`http://${host}/login`))) as FormView<{ email: string }>;
    expect(view.formError).toBe(t('es', 'fillAllRequired'));
    expect(view.fieldErrors).toEqual({ email: t('es', 'invalidEmail'), password: t('es', 'required') });
  });

  it('a right password starts the session through setSession and goes to ?next=', async () => {
    const host = 'acme.localhost';
    const { locals, sessions } = await localsFor(host, embeddedClient({ svc: svcFor(host, 'acme'), session: null }));
    const res = await loginAction(locals, loginPost(host, 'alex@acme.test', 'Password1!'), new URL(`http://${host}/login?next=/app/sharing`));
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(303);
    expect((res as Response).headers.get('location')).toBe('/app/sharing');
    expect((res as Response).headers.get('set-cookie')).toBeNull();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ userId: expect.any(Number), ambassadorUid: 'amb-alex', token: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});
