// The API's answers as an outside client (an OpenAPI-driven fuzzer, a linter) meets them:
// unknown paths are 404 and other methods 405 with Allow (an unknown path under /v1/operator answered 401
// "credentials not provided" with a valid key); every 401 carries WWW-Authenticate; an Idempotency-Key is
// an RFC 8941 sf-string ("k" and k are one key) and PATCH honours it; a body must be the content type
// its operation declares (415 otherwise).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api/app';
import { edge } from './helpers';
import { KEYS, conversion, op, readReply, scalar, type Reply } from './operator-fixtures';
import { token, type Who } from './profile-fixtures';

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';
let ava: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
});

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Reply> {
  const res = await edge().fetch(`http://localhost${path}`, { method, headers: init.headers, body: init.body });
  return readReply(res);
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const tokenAuth = () => ({ authorization: `Token ${ava.token}` });
const cookie = () => ({ cookie: `__Host-portal_session=${ava.userId}.${ava.uid}.${ava.token}`, origin: 'http://localhost' });

/** The API's routes (method, Hono path), without middleware. */
const ROUTES = api.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path }));
/** A concrete path for a route: every `:param` filled in. */
const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, 'zz-none');
/** Methods of every route whose pattern matches the concrete path (`/ambassadors/import` is also `/ambassadors/:uid`). */
const methodsOf = (concretePath: string) => new Set(ROUTES
  .filter((r) => new RegExp(`^${r.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`).test(concretePath))
  .map((r) => r.method));
const ALL = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('unknown paths and methods (a valid key got 401 "credentials not provided")', () => {
  it.each([
    ['a company key', '/v1/operator/nope', () => bearer(KEYS.demo)],
    ['a company key, deeper', '/v1/operator/payouts/po-1/nope', () => bearer(KEYS.demo)],
    ['the owner key', '/v1/operator/companies/demo/nope', () => bearer(ADMIN)],
    ['no key', '/v1/operator/nope', () => ({})],
    ['an ambassador token', '/v1/nope', tokenAuth],
    ['nothing', '/v1/users/1001/nope/', () => ({})],
    ['the browser session', '/api/nope', cookie],
  ])('answers 404 for an unknown path with %s', async (_, path, headers) => {
    for (const method of ALL) {
      const res = await send(method, path, { headers: headers() });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual({ detail: 'Not found.', code: 'notFound' });
    }
  });

  it('keeps the browser session on an unknown /api path', async () => {
    const res = await send('GET', '/api/nope', { headers: cookie() });
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie().join()).not.toMatch(/portal_session=;/);
  });

  it('answers 405 with Allow for a known path and another method, before any credentials are checked', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['DELETE', '/v1/operator/payouts', bearer(KEYS.demo), 'GET, HEAD, POST, OPTIONS'],
      ['PUT', '/v1/operator/events', bearer(KEYS.demo), 'POST, OPTIONS'],
      ['PATCH', '/v1/operator/customization', {}, 'GET, HEAD, PUT, OPTIONS'],
      ['POST', '/v1/operator/campaigns/cmp-demo-main', bearer(KEYS.demo), 'GET, HEAD, PATCH, OPTIONS'],
      ['PATCH', '/v1/operator/companies', bearer(ADMIN), 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', `/v1/portal/ambassadors/${'x'}/`, tokenAuth(), 'GET, HEAD, PATCH, OPTIONS'],
      ['GET', '/v1/loyalty/gift_card/redeem/', {}, 'POST, OPTIONS'],
      ['DELETE', '/api/loyalty/gift_card/redeem/', cookie(), 'POST, OPTIONS'],
    ];
    for (const [method, path, headers, allow] of cases) {
      const res = await send(method, path, { headers });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 'methodNotAllowed', params: { method } });
    }
  });

  it('names exactly the methods of every route path of the API in Allow', async () => {
    const paths = [...new Set(ROUTES.map((r) => r.path))];
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      const served = methodsOf(concrete(path));
      const other = ALL.find((m) => !served.has(m));
      if (!other) continue;
      const res = await send(other, concrete(path), { headers: bearer(KEYS.demo) });
      expect(res.status, `${other} ${path}`).toBe(405);
      const allow = res.headers.get('allow')!.split(', ');
      for (const m of served) expect(allow, `${other} ${path}`).toContain(m);
      expect(allow.filter((m) => !['HEAD', 'OPTIONS'].includes(m)).sort(), `${other} ${path}`).toEqual([...served].sort());
    }
  });

  it('answers OPTIONS of a known path with 204 and Allow', async () => {
    const res = await send('OPTIONS', '/v1/operator/payouts');
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });
});

describe('WWW-Authenticate on every 401', () => {
  const expected = (path: string) => (path.startsWith('/v1/operator/companies')
    ? /^Bearer realm="admin"/
    // The lead/sale API takes a company key outside /v1/operator.
    : path.startsWith('/v1/operator/') || /^\/v1\/track\/(lead|sale)$/.test(path) ? /^Bearer realm="operator"/
    // The console's staff API takes a staff session.
    : path.startsWith('/v1/staff/') ? /^Staff realm="console"$/
    : /^(Token realm="ambassador"|Signature realm=)/);

  it('is sent by every route of the API, without credentials and with wrong ones', async () => {
    let seen = 0;
    for (const { method, path } of ROUTES) {
      const credentials: Record<string, string>[] = [
        {}, { authorization: 'Bearer opk_nonsense_nonsense_nonsense' }, { authorization: 'Token abc' }, { authorization: 'Basic Zm9vOmJhcg==' },
      ];
      for (const headers of credentials) {
        const res = await send(method, concrete(path), { headers });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        if (res.status !== 401) continue;
        seen++;
        expect(res.headers.get('www-authenticate'), `${method} ${path} ${JSON.stringify(headers)}`).toMatch(expected(path));
      }
    }
    expect(seen).toBeGreaterThan(150);
  });

  it('names the scheme each API takes', async () => {
    expect((await send('GET', '/v1/operator/payouts')).headers.get('www-authenticate')).toBe('Bearer realm="operator"');
    expect((await send('GET', '/v1/operator/companies', { headers: bearer(KEYS.demo) })).headers.get('www-authenticate')).toBe('Bearer realm="admin"');
    const ambassador = await send('GET', '/v1/users/1001/', { headers: { authorization: `Token ${'x'.repeat(40)}` } });
    expect(ambassador.status).toBe(401);
    expect(ambassador.headers.get('www-authenticate')).toBe('Token realm="ambassador"');
    const staff = await send('GET', '/v1/staff/me/', { headers: { authorization: `Token ${'x'.repeat(40)}` } });
    expect(staff.status).toBe(401);
    expect(staff.headers.get('www-authenticate')).toBe('Staff realm="console"');
    // The browser API: the session cookie is the credential.
    const browser = await send('GET', '/api/users/1001/', { headers: { cookie: `__Host-portal_session=1001.${ava.uid}.${'x'.repeat(40)}` } });
    expect(browser.status).toBe(401);
    expect(browser.headers.get('www-authenticate')).toMatch(/^Cookie realm="portal"/);
  });
});

describe('Idempotency-Key is an RFC 8941 sf-string', () => {
  const post = (key: string, body: unknown) =>
    op(KEYS.demo, 'POST', '/events', body, { 'idempotency-key': key });

  it('takes "k" and k as one key', async () => {
    const body = conversion();
    const bare = await post('order-sf-1', body);
    expect(bare.status).toBe(201);
    const quoted = await post('"order-sf-1"', body);
    expect(quoted.status).toBe(201);
    expect(quoted.headers.get('idempotent-replayed')).toBe('true');
    expect(quoted.body.commission.uid).toBe(bare.body.commission.uid);
    // The same key with another body is the reused-key 422, however it is written.
    expect((await post('"order-sf-1"', conversion())).status).toBe(422);
    expect((await post(' order-sf-1\t', conversion())).status).toBe(422);
  });

  it('unescapes a quoted key: "a\\"b" is the key a"b', async () => {
    const body = conversion();
    expect((await post('"a\\"b \\\\ c"', body)).status).toBe(201);
    const again = await post('"a\\"b \\\\ c"', body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const stored = await scalar<number>("SELECT COUNT(*) FROM idempotency_keys WHERE company_id = 'demo' AND key = ?", 'a"b \\ c');
    expect(stored).toBe(1);
  });

  it.each(['', '""', '"unterminated', '"bad \\n escape"', '"k";p=1', '"tab\there"', 'two words', '"é"', 'x'.repeat(256), `"${'x'.repeat(256)}"`])(
    'refuses %j with a 400 naming the header, and records nothing', async (key) => {
      const before = await scalar<number>("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo'");
      const res = await post(key, conversion());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'idempotencyKeyInvalid' });
      expect(res.body.detail).toContain('Idempotency-Key');
      expect(await scalar<number>("SELECT COUNT(*) FROM commissions WHERE company_id = 'demo'")).toBe(before);
    });

  it('is the same on the ambassador API (a quoted key replays the redemption)', async () => {
    const body = JSON.stringify({ affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 });
    const headers = (key: string) => ({ ...tokenAuth(), 'content-type': 'application/json', 'idempotency-key': key });
    const first = await send('POST', '/v1/loyalty/gift_card/redeem/', { headers: headers('ava-sf-1'), body });
    expect(first.status).toBe(201);
    const again = await send('POST', '/v1/loyalty/gift_card/redeem/', { headers: headers('"ava-sf-1"'), body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.results.id).toBe(first.body.results.id);
    expect((await send('POST', '/v1/loyalty/gift_card/redeem/', { headers: headers('"open'), body })).status).toBe(400);
  });
});

describe('PATCH honours Idempotency-Key', () => {
  it('replays the stored answer, refuses the key with another body, and frees it when the PATCH fails', async () => {
    const created = await op(KEYS.demo, 'POST', '/groups', { name: 'Idempotent patchers' });
    expect(created.status).toBe(201);
    const uid = created.body.group?.uid ?? created.body.uid;
    expect(uid).toBeTruthy();
    const patch = (key: string, body: unknown) => op(KEYS.demo, 'PATCH', `/groups/${uid}`, body, { 'idempotency-key': key });

    const first = await patch('grp-rename-1', { name: 'Renamed once' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Someone else renames it; a retry of the first PATCH answers what the first one answered.
    expect((await op(KEYS.demo, 'PATCH', `/groups/${uid}`, { name: 'Renamed by someone else' })).status).toBe(200);
    const retry = await patch('"grp-rename-1"', { name: 'Renamed once' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await scalar<string>('SELECT name FROM groups WHERE uid = ?', uid)).toBe('Renamed by someone else');

    expect((await patch('grp-rename-1', { name: 'Something else' })).status).toBe(422);

    const failed = await patch('grp-rename-2', { name: '' });
    expect(failed.status).toBe(400);
    const fixed = await patch('grp-rename-2', { name: 'Fixed' });
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect((await patch('grp rename', { name: 'x' })).status).toBe(400);
  });
});

describe('request bodies in the declared content type (415)', () => {
  const json = JSON.stringify({ ambassador_uid: 'amb-ava', method: 1 });

  it.each([
    ['no Content-Type', undefined],
    ['text/plain (what fetch sends for a string)', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['XML', 'application/xml'],
    ['a near miss', 'application/jsonx'],
  ])('refuses a JSON body sent as %s on the operator API', async (_, type) => {
    const before = await scalar<number>("SELECT COUNT(*) FROM payouts WHERE company_id = 'demo'");
    const headers: Record<string, string> = { ...bearer(KEYS.demo) };
    const res = await edge().fetch('http://localhost/v1/operator/payouts', {
      method: 'POST', headers: type ? { ...headers, 'content-type': type } : headers, body: type ? json : new TextEncoder().encode(json),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'unsupportedMediaType', params: { type: 'application/json' }, detail: 'Send the request body as application/json.' });
    expect(await scalar<number>("SELECT COUNT(*) FROM payouts WHERE company_id = 'demo'")).toBe(before);
  });

  it('takes JSON with parameters and +json types', async () => {
    for (const type of ['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/merge-patch+json']) {
      const res = await send('POST', '/v1/operator/commissions/approve', { headers: { ...bearer(KEYS.demo), 'content-type': type }, body: '{"uids":["com-none"]}' });
      expect(res.status, type).toBe(404);
    }
  });

  it('refuses JSON where the document declares CSV or multipart, and CSV or multipart where it declares JSON', async () => {
    const csv = await send('POST', '/v1/operator/ambassadors/import', { headers: { ...bearer(KEYS.demo), 'content-type': 'application/json' }, body: '{"email":"x"}' });
    expect(csv.status).toBe(415);
    const asset = await send('POST', '/v1/operator/assets', { headers: { ...bearer(KEYS.demo), 'content-type': 'application/json' }, body: '{"campaign":"cmp-demo-main"}' });
    expect(asset.status).toBe(415);
    const jsonRoute = await send('PATCH', '/v1/operator/campaigns/cmp-demo-main', { headers: { ...bearer(KEYS.demo), 'content-type': 'text/csv' }, body: 'name\nx\n' });
    expect(jsonRoute.status).toBe(415);
    for (const res of [csv, asset, jsonRoute]) expect(res.body.detail).toMatch(/Content-Type|Send/);
  });

  it('refuses a text/plain JSON body on the ambassador API too (no simple cross-site POST)', async () => {
    const res = await send('PATCH', `/v1/ambassadors/${ava.uid}/notifications/`, {
      headers: { ...tokenAuth(), 'content-type': 'text/plain' }, body: '{"notify_new_referral":false}',
    });
    expect(res.status).toBe(415);
  });
});
