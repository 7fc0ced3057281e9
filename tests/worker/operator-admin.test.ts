// The deployment owner's API: ADMIN_API_KEY creates companies, attaches and removes hosts and
// issues and revokes company keys. The admin key and company keys never stand in for each other, a new
// host serves its portal at once (and a removed one stops at once), a key is shown once.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from '../../src/edge/app';
import { edge, stubPages } from './helpers';
import { KEYS, conversion, op, scalar, type Reply } from './operator-fixtures';

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';

let counter = 0;
/** A company id (and host) no other test uses. */
const fresh = (label = 'co') => `${label}-${Date.now().toString(36)}-${++counter}`;

const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => op(ADMIN, method, path, body, headers);

async function newCompany(overrides: Record<string, unknown> = {}) {
  const id = fresh();
  const res = await admin('POST', '/companies', { id, name: `Company ${id}`, hosts: [`${id}.localhost`], ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.company as { id: string; hosts: string[] };
}

async function newKey(companyId: string): Promise<{ key: string; id: number }> {
  const res = await admin('POST', `/companies/${companyId}/keys`, { label: 'test' });
  expect(res.status).toBe(201);
  return res.body;
}

/** GET http://<host>/login through the edge app (the stub page answers `page:/login`; an unknown host 404). */
const login = (host: string) => edge().fetch(`http://${host}/login`);

/** Calls the edge app with other Worker bindings (e.g. ADMIN_API_KEY unset). */
async function withEnv(overrides: Record<string, unknown>, path: string, key: string): Promise<Reply> {
  const ctx = createExecutionContext();
  const res = await createEdgeApp([stubPages]).fetch(
    new Request(`http://localhost/v1/operator${path}`, { headers: { authorization: `Bearer ${key}` } }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Every admin route, with a body that would succeed. */
const adminRoutes = (id: string) => [
  ['POST', '/companies', { id: fresh(), name: 'Never made' }],
  ['GET', '/companies', undefined],
  ['GET', `/companies/${id}`, undefined],
  ['POST', `/companies/${id}/hosts`, { host: `${fresh()}.localhost` }],
  ['DELETE', `/companies/${id}/hosts/${id}.localhost`, undefined],
  ['POST', `/companies/${id}/keys`, {}],
  ['GET', `/companies/${id}/keys`, undefined],
  ['DELETE', `/companies/${id}/keys/1`, undefined],
] as const;

describe('admin authentication', () => {
  it('answers 401 on every admin route without a key, with a wrong key and with a company key, and changes nothing', async () => {
    const { id } = await newCompany();
    const before = await scalar("SELECT (SELECT COUNT(*) FROM companies) || ':' || (SELECT COUNT(*) FROM company_hosts) || ':' || (SELECT COUNT(*) FROM operator_api_keys)");
    const companyKey = (await newKey(id)).key;
    const afterKey = await scalar("SELECT (SELECT COUNT(*) FROM companies) || ':' || (SELECT COUNT(*) FROM company_hosts) || ':' || (SELECT COUNT(*) FROM operator_api_keys)");
    expect(afterKey).not.toBe(before);
    for (const [method, path, body] of adminRoutes(id)) {
      const where = `${method} ${path}`;
      const none = await op(null, method, path, body);
      expect(none.status, where).toBe(401);
      expect(none.body.code, where).toBe('notAuthenticated');
      expect(none.headers.get('www-authenticate'), where).toBe('Bearer realm="admin"');
      for (const key of ['adm_demo_local_only_4c1e9b7d2a6f3059', `${ADMIN}x`, KEYS.demo, companyKey]) {
        const wrong = await op(key, method, path, body);
        expect(wrong.status, `${where} with ${key}`).toBe(401);
        expect(wrong.body.code, where).toBe('adminKeyInvalid');
      }
    }
    const refused = await op(companyKey, 'GET', '/companies');
    expect(refused.body.detail).toContain('company API key');
    expect(await scalar("SELECT (SELECT COUNT(*) FROM companies) || ':' || (SELECT COUNT(*) FROM company_hosts) || ':' || (SELECT COUNT(*) FROM operator_api_keys)")).toBe(afterKey);
  });

  it('never accepts the admin key as a company key', async () => {
    for (const [method, path, body] of [
      ['POST', '/events', conversion()],
      ['GET', '/payouts', undefined],
      ['GET', '/ambassadors/amb-ava/loyalty', undefined],
    ] as const) {
      const res = await admin(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('operatorKeyInvalid');
    }
  });

  it('is off (503, saying why) while ADMIN_API_KEY is unset, too short or a company key', async () => {
    for (const value of [undefined, '', 'short-secret', KEYS.demo]) {
      const res = await withEnv({ ADMIN_API_KEY: value }, '/companies', value || ADMIN);
      expect(res.status, String(value)).toBe(503);
      expect(res.body.code).toBe('adminKeyNotConfigured');
      expect(res.body.detail).toContain('ADMIN_API_KEY');
    }
    // Company keys still work: only the owner's routes are off.
    expect((await withEnv({ ADMIN_API_KEY: undefined }, '/payouts', KEYS.demo)).status).toBe(200);
  });
});

describe('POST /v1/operator/companies', () => {
  it('makes a company whose portal renders at once on its host, with its brand', async () => {
    const id = fresh('brand');
    const host = `${id}.localhost`;
    expect((await login(host)).status).toBe(404);
    const res = await admin('POST', '/companies', {
      id, name: 'Northwind Outfitters', currency: 'eur', default_language: 'es', languages: ['en', 'fr'],
      support_email: 'Crew@Northwind.example', hosts: [host.toUpperCase()],
      customization: { theme: { button_color: '#0b7285' }, login: { login_button_color: '#0b7285' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.company).toMatchObject({
      id, name: 'Northwind Outfitters', currency: 'EUR', default_language: 'es', languages: ['en', 'es', 'fr'],
      hosts: [host], support_email: 'crew@northwind.example', point_name: 'point(s)', active_keys: 0,
    });

    const page = await login(host);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('page:/login');
    const [portal] = await (await edge().fetch(`/v1/portal.json?host=${host}`)).json() as any[];
    expect(portal).toMatchObject({ uid: id, company_name: 'Northwind Outfitters', currency: 'EUR' });
    expect(portal.customization).toMatchObject({
      meta: { head_title: 'Northwind Outfitters' }, theme: { button_color: '#0b7285' }, login: { login_button_color: '#0b7285' },
      default_language: 'es',
    });
    expect(portal.languages.map((l: any) => l.code).sort()).toEqual(['en', 'es', 'fr']);

    const listed = await admin('GET', '/companies');
    expect(listed.body.count).toBe(listed.body.results.length);
    expect(listed.body.results.map((c: any) => c.id)).toEqual(expect.arrayContaining(['demo', 'acme', id]));
    expect(listed.body.results.find((c: any) => c.id === 'demo')).toMatchObject({ hosts: ['demo.localhost', 'localhost'], currency: 'USD' });
    expect((await admin('GET', `/companies/${id}`)).body.company).toEqual(res.body.company);
    expect((await admin('GET', '/companies/no-such-company')).status).toBe(404);
  });

  it('names every invalid field, and writes nothing', async () => {
    const before = await scalar('SELECT COUNT(*) FROM companies');
    const res = await admin('POST', '/companies', {
      id: 'Bad_Id', name: ' ', currency: 'EURO', default_language: 'xx', support_email: 'nope',
      hosts: ['https://x.example', 'x.example:8787', '*.example.com', '-bad.example'],
      customization: { theme: { button_color: 'red' }, tabz: {} },
      plan: 'gold',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).filter((k) => k !== 'error_codes').sort()).toEqual([
      'currency', 'customization.tabz', 'customization.theme.button_color', 'default_language', 'hosts.0', 'hosts.1', 'hosts.2',
      'hosts.3', 'id', 'name', 'non_field_errors', 'support_email',
    ]);
    expect(res.body.id[0]).toContain('lower-case');
    expect(res.body['customization.tabz']).toEqual(['Unknown setting.']);
    expect(res.body.non_field_errors[0]).toContain('plan');
    expect((await admin('POST', '/companies', {})).body).toMatchObject({ id: ['Required.'], name: ['Required.'] });
    expect((await admin('POST', '/companies', '[1]')).body.code).toBe('jsonObjectRequired');
    expect(await scalar('SELECT COUNT(*) FROM companies')).toBe(before);
  });

  it('refuses an existing id (409 companyExists) and a host of another company (409 hostTaken) whole', async () => {
    const { id } = await newCompany();
    const again = await admin('POST', '/companies', { id, name: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'companyExists', params: { id } });

    const other = fresh();
    const taken = await admin('POST', '/companies', { id: other, name: 'Thief', hosts: [`${other}.localhost`, 'acme.localhost'] });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'hostTaken', params: { host: 'acme.localhost', company_id: 'acme' } });
    expect((await admin('GET', `/companies/${other}`)).status).toBe(404);
    expect((await login(`${other}.localhost`)).status).toBe(404);
    const [acme] = await (await edge().fetch('/v1/portal.json?host=acme.localhost')).json() as any[];
    expect(acme.uid).toBe('acme');
  });

  it('replays the answer for the same Idempotency-Key and refuses the key with another body', async () => {
    const id = fresh();
    const body = { id, name: 'Once' };
    const key = { 'idempotency-key': `create-${id}` };
    const first = await admin('POST', '/companies', body, key);
    const second = await admin('POST', '/companies', body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await admin('POST', '/companies', { id: fresh(), name: 'Other' }, key)).status).toBe(422);
    // A failure frees the key: the same key may be used for the corrected request.
    const failKey = { 'idempotency-key': `fail-${id}` };
    expect((await admin('POST', '/companies', { id, name: 'Dup' }, failKey)).status).toBe(409);
    expect((await admin('POST', '/companies', { id: fresh(), name: 'Fixed' }, failKey)).status).toBe(201);
  });
});

describe('hosts', () => {
  it('a new host serves the portal at once, a removed one answers 404 at once', async () => {
    const { id } = await newCompany();
    const host = `${fresh('extra')}.localhost`;
    expect((await login(host)).status).toBe(404); // the tenant lookup now remembers "no such host"
    const added = await admin('POST', `/companies/${id}/hosts`, { host: `${host.toUpperCase()}.` });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ host, company_id: id });
    expect(await (await login(host)).text()).toBe('page:/login');
    const again = await admin('POST', `/companies/${id}/hosts`, { host });
    expect(again.status).toBe(200);
    expect((await admin('GET', `/companies/${id}`)).body.company.hosts).toEqual([`${id}.localhost`, host].sort());

    const removed = await admin('DELETE', `/companies/${id}/hosts/${host}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ host, company_id: id });
    expect((await login(host)).status).toBe(404);
    expect((await admin('DELETE', `/companies/${id}/hosts/${host}`)).status).toBe(404);
    expect(await (await login(`${id}.localhost`)).text()).toBe('page:/login');
  });

  it('a host belongs to one company: taking or removing another company\'s host is refused', async () => {
    const { id } = await newCompany();
    const taken = await admin('POST', `/companies/${id}/hosts`, { host: 'acme.localhost' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'hostTaken', params: { host: 'acme.localhost', company_id: 'acme' } });
    expect(taken.body.detail).toContain('acme');
    expect((await admin('DELETE', `/companies/${id}/hosts/acme.localhost`)).status).toBe(404);
    expect(await scalar("SELECT company_id FROM company_hosts WHERE host = 'acme.localhost'")).toBe('acme');
    expect(await (await login('acme.localhost')).text()).toBe('page:/login');
  });

  it('names an invalid host and answers 404 for an unknown company', async () => {
    const { id } = await newCompany();
    for (const host of ['http://a.example', 'a.example:80', 'a.example/path', '*.a.example', 'a..example', 'a_b.example', '', 'x'.repeat(64) + '.example']) {
      const res = await admin('POST', `/companies/${id}/hosts`, { host });
      expect(res.status, host).toBe(400);
      expect(Object.keys(res.body), host).toContain('host');
    }
    expect((await admin('POST', `/companies/${id}/hosts`, { host: 'bücher.example' })).body.host).toBe('xn--bcher-kva.example');
    expect((await admin('POST', `/companies/${id}/hosts`, {})).body.host).toEqual(['Required.']);
    expect((await admin('POST', '/companies/no-such-company/hosts', { host: `${fresh()}.localhost` })).status).toBe(404);
    expect((await admin('DELETE', '/companies/no-such-company/hosts/localhost')).status).toBe(404);
  });
});

describe('company API keys', () => {
  it('shows a key once; it works for its company; revoked, it is refused', async () => {
    const { id } = await newCompany();
    const made = await admin('POST', `/companies/${id}/keys`, { label: 'Shop backend' });
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const { key, prefix } = made.body;
    expect(key).toMatch(/^opk_[0-9a-f]{48}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(made.body).toMatchObject({ company_id: id, label: 'Shop backend', revoked_at: null });

    expect(await op(key, 'GET', '/payouts')).toMatchObject({ status: 200, body: { count: 0, results: [] } });
    const listed = await admin('GET', `/companies/${id}/keys`);
    expect(listed.body).toEqual({ count: 1, results: [{ id: made.body.id, company_id: id, prefix, label: 'Shop backend', created_at: made.body.created_at, revoked_at: null }] });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((await admin('GET', `/companies/${id}`)).body.company.active_keys).toBe(1);

    const revoked = await admin('DELETE', `/companies/${id}/keys/${made.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const refused = await op(key, 'GET', '/payouts');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('operatorKeyInvalid');
    expect((await admin('DELETE', `/companies/${id}/keys/${made.body.id}`)).body).toEqual(revoked.body);
    expect((await admin('GET', `/companies/${id}`)).body.company.active_keys).toBe(0);
  });

  it('a key of one company cannot reach another company, and is not revoked through another company', async () => {
    const a = await newCompany();
    const b = await newCompany();
    const keyA = await newKey(a.id);
    // Another company's ambassador, and another company's payouts, are unknown to A's key.
    expect((await op(keyA.key, 'GET', '/ambassadors/amb-ava/loyalty')).status).toBe(404);
    expect((await op(keyA.key, 'GET', '/payouts?ambassador_uid=amb-ava')).status).toBe(404);
    expect((await op(keyA.key, 'POST', '/events', conversion())).status).toBe(404);
    // Through B's path, A's key does not exist.
    expect((await admin('DELETE', `/companies/${b.id}/keys/${keyA.id}`)).status).toBe(404);
    expect((await admin('GET', `/companies/${b.id}/keys`)).body).toEqual({ count: 0, results: [] });
    expect((await op(keyA.key, 'GET', '/payouts')).status).toBe(200);
  });

  it('replays a key creation without the key, and names invalid input', async () => {
    const { id } = await newCompany();
    const headers = { 'idempotency-key': `key-${id}` };
    const first = await admin('POST', `/companies/${id}/keys`, { label: 'CI' }, headers);
    const replay = await admin('POST', `/companies/${id}/keys`, { label: 'CI' }, headers);
    expect(first.body.key).toMatch(/^opk_/);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ ...first.body, key: null });
    expect(await scalar('SELECT COUNT(*) FROM operator_api_keys WHERE company_id = ?', id)).toBe(1);
    expect(await scalar('SELECT COUNT(*) FROM admin_idempotency_keys WHERE instr(response, ?) > 0', first.body.key)).toBe(0);
    expect(await scalar('SELECT COUNT(*) FROM admin_idempotency_keys WHERE instr(response, ?) > 0', first.body.prefix)).toBe(1);

    expect((await admin('POST', `/companies/${id}/keys`, { label: 'x'.repeat(121) })).body.label).toEqual(['At most 120 characters.']);
    expect((await admin('DELETE', `/companies/${id}/keys/abc`)).body.key_id).toEqual(['A key id is a whole number.']);
    expect((await admin('DELETE', `/companies/${id}/keys/999999`)).status).toBe(404);
    expect((await admin('POST', '/companies/no-such-company/keys', {})).status).toBe(404);
    expect((await admin('GET', '/companies/no-such-company/keys')).status).toBe(404);
  });
});
