// Per-client limits that hold. The login limit keyed only on CF-Connecting-IP: off Cloudflare a
// client sends its own (wrangler dev keeps it), or none, and was never limited. Registration had no limit
// on accounts: six accounts in seconds from one client. Now a client whose address is unknown shares one
// bucket, and a client makes at most REGISTER_LIMITS.accounts accounts an hour, told so in its language.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/api/core/types';
import { LOGIN_LIMITS, REGISTER_LIMITS } from '../../src/api/core/rate-limit';
import { embeddedClient } from '../../src/edge/client';
import { registerAction, type FormView } from '../../src/edge/pages/forms/auth';
import { requestLanguage } from '../../src/edge/request-context';
import { forgetTenants } from '../../src/edge/tenant';
import type { Portal } from '../../src/edge/types';
import { t } from '../../src/lib/i18n';
import { resolveCustomization } from '../../src/lib/schemas/customization';
import { call, freshIp, postJson, register } from './accounts-helpers';

/** A run off Cloudflare (`npm start`): CF-Connecting-IP is whatever the client sent, so it is not taken. */
const LOCAL = { TRUST_CF_CONNECTING_IP: '0' };
const ACCOUNTS = REGISTER_LIMITS.accounts.limit;

let n = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}-${++n}@x.test`;
const demoPerson = (address: string) => ({ firstName: 'Rita', lastName: 'Reg', email: address, country: 'US', terms: 'on' });
const acmePerson = (address: string) => ({ firstName: 'Ana', lastName: 'Alpina', email: address, group: 'grp-acme-guides', terms: 'on' });
const accountExists = async (address: string) => !!(await env.DB.prepare('SELECT 1 FROM users WHERE email = ?').bind(address).first());

const wrongLogin = (i: number, opts: { ip?: string; env?: Partial<Env> }) =>
  call('http://localhost/v1/auth/ambassador/?host=localhost', postJson({ email: 'nocampaign@demo.test', password: `Wrong-${i}!` }, {}, opts));

beforeEach(() => forgetTenants());

describe('the login limit without a known client address', () => {
  it('holds off Cloudflare for a client that sends a new CF-Connecting-IP each time', { timeout: 60_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.client.limit; i++) statuses.push((await wrongLogin(i, { ip: `198.51.100.${i + 1}`, env: LOCAL })).status);
    expect(statuses.slice(0, -1)).toEqual(Array(LOGIN_LIMITS.client.limit).fill(400));
    const last = await wrongLogin(99, { ip: '198.51.100.200', env: LOCAL });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // A request with no address at all is the same unknown client; one with a known address is not.
    expect((await wrongLogin(100, {})).status).toBe(429);
    expect((await wrongLogin(101, { ip: freshIp() })).status).toBe(400);
  });
});

describe('registration per client', () => {
  it(`refuses a client's account past ${ACCOUNTS} with 429, Retry-After and minutes; another client registers`, { timeout: 60_000 }, async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNTS; i++) expect((await register('localhost', 'demo', demoPerson(email('batch')), { ip })).res.status).toBe(201);
    const extra = email('sixth');
    const { res, body } = await register('localhost', 'demo', demoPerson(extra), { ip });
    expect(res.status).toBe(429);
    expect(body).toMatchObject({ code: 'tooManyRegistrations', params: { minutes: expect.any(Number) } });
    expect(body.params.minutes).toBeGreaterThan(0);
    expect(body.detail).toBe(t('en', 'tooManyRegistrations', { minutes: body.params.minutes }));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await accountExists(extra)).toBe(false);
    expect((await register('localhost', 'demo', demoPerson(email('other')), { ip: freshIp() })).res.status).toBe(201);
  });

  it('does not count forms with errors as accounts', { timeout: 60_000 }, async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNTS + 1; i++) expect((await register('localhost', 'demo', { email: email('bad'), terms: 'on' }, { ip })).res.status).toBe(400);
    for (let i = 0; i < ACCOUNTS; i++) expect((await register('localhost', 'demo', demoPerson(email('good')), { ip })).res.status).toBe(201);
  });

  it('holds off Cloudflare for a client that sends a new CF-Connecting-IP each time', { timeout: 60_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNTS; i++) {
      statuses.push((await register('acme.localhost', 'acme', acmePerson(email('local')), { ip: `203.0.113.${i + 1}`, env: LOCAL })).res.status);
    }
    expect(statuses).toEqual([...Array(ACCOUNTS).fill(201), 429]);
  });

  it('says so on the HTML form in the page language (acme: Spanish)', { timeout: 60_000 }, async () => {
    const ip = freshIp();
    for (let i = 0; i < ACCOUNTS; i++) expect((await register('acme.localhost', 'acme', acmePerson(email('form')), { ip })).res.status).toBe(201);
    const [view] = (await (await call('http://acme.localhost/v1/portal.json?host=acme.localhost')).json()) as Omit<Portal, 'host' | 'settings'>[];
    const portal = { ...view!, host: 'acme.localhost', settings: resolveCustomization(view!.customization) } as Portal;
    const lang = requestLanguage(portal, null, null);
    expect(lang).toBe('es');
    const svc: ServiceContext = {
      env, db: env.DB, origin: 'http://acme.localhost', host: 'acme.localhost', tenantCompanyId: 'acme', clientIp: ip,
      userAgent: null, acceptLanguage: lang, waitUntil: () => {},
    };
    const locals = {
      portal, session: null, nonce: '', client: embeddedClient({ svc, session: null }),
      requestContext: { portal, me: null, sessionInvalid: false, lang, settings: portal.settings, groupUids: [] },
      setSession: () => {},
    } as unknown as App.Locals;
    const address = email('form-extra');
    const form = new Request('http://acme.localhost/register', { method: 'POST', body: new URLSearchParams(acmePerson(address)) });
    const result = (await registerAction(locals, form)) as FormView<Record<string, string>>;
    expect(result).not.toBeInstanceOf(Response);
    expect(result.status).toBe(429);
    expect(result.formError).toMatch(/^Se han creado demasiadas cuentas desde tu red\. Vuelve a intentarlo en \d+ minutos?\.$/);
    expect(result.values.email).toBe(address);
    expect(await accountExists(address)).toBe(false);
  });
});
