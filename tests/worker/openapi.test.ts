// The API reference: GET /v1/openapi.json is OpenAPI 3.1 generated from the endpoints' own zod schemas,
// covers every route of the Hono app (the reference itself and the dev outbox aside), and GET /v1/docs
// renders it as HTML.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../src/api/app';
import { docsHtml, esc } from '../../src/api/openapi/docs-page';
import { openApiDocument, openApiPath, type OpenApiDocument } from '../../src/api/openapi/document';
import { endpoints } from '../../src/api/endpoints';
import { errorSchema } from '../../src/api/openapi/responses';
import { bulkApproveAnswer, commissionAnswer, conversionAnswer, refundAnswer } from '../../src/lib/schemas/commissions';
import {
  bulkApproveSchema, conversionSchema, idempotencyKeySchema, refundSchema, transitionSchema,
} from '../../src/lib/schemas/operator';
import { payoutListAnswer, payoutListSchema, payoutSchema } from '../../src/lib/schemas/payouts';
import { edge } from './helpers';
import { KEYS, conversion, op, scalar } from './operator-fixtures';
import { token } from './profile-fixtures';

/** z.toJSONSchema of what a client sends, without the `$schema` dialect (set once on the document). */
const input = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
};

async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await edge().fetch('/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return res.json();
}

/** The one route authenticated by a signature instead of a key: the mail provider's events. */
const SIGNED_ROUTE = '/v1/email/events';
/** The stores' signed webhooks and the lead/sale API (a company key) outside /v1/operator. */
const STORE_ROUTE = /^\/v1\/(hooks\/(stripe|shopify|paypal)\/(:company_id|\{company_id\})|track\/(lead|sale))$/;

/** The endpoints declared once (src/api/endpoints.ts) by "get /v1/ambassadors/{id}/payouts/next/": all documented. */
const ENDPOINTS = new Map(Object.values(endpoints).map((e) => [`${e.method} ${openApiPath(`/v1${e.path}`)}`, e]));

/** The routes the API serves outside the document, and why. */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /v1/openapi.json': 'the document itself',
  'GET /v1/docs': 'the document as a page',
  'GET /v1/dev/outbox/': 'local development only: a 404 unless DEV_OUTBOX=1, which no deployment sets, so no deployment serves it',
};

/** "GET /v1/ambassadors/:id/payouts/next/" for every route of the API app; middleware (`use()`, a `*` path) aside. */
const appRoutes = () => new Set(api.routes.filter((r) => !r.path.endsWith('*')).map((r) => `${r.method} ${r.path}`));

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the bearer scheme on every operator operation but the signed provider events, the token scheme on the ambassador API\'s', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.tokenAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.components.securitySchemes.staffAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      expect(path).not.toContain(':');
      for (const [method, operation] of Object.entries(byMethod)) {
        const where = `${method} ${path}`;
        const ep = ENDPOINTS.get(where);
        // The ambassador API's endpoints: a session token, or nobody (log in, portal.json).
        const ambassadorApi = ep?.auth === 'ambassador' || ep?.auth === 'public';
        // The console's staff API: under /v1/staff, a staff session; its writes take no Idempotency-Key.
        const staffApi = ep?.auth === 'staff';
        if (staffApi) expect(path, where).toMatch(/^\/v1\/staff\//);
        else if (path !== SIGNED_ROUTE && !STORE_ROUTE.test(path) && !ambassadorApi) expect(path, where).toMatch(/^\/v1\/operator\//);
        if (path === SIGNED_ROUTE) {
          expect(operation.security, where).toEqual([]);
          expect(operation.parameters.map((p) => (p as { name?: string }).name), where).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
          expect(Object.keys(operation.responses).sort(), where).toEqual(['200', '400', '401', '404', '413', '415']);
          continue;
        }
        if (path.startsWith('/v1/hooks/')) {
          // The stores' webhooks: no key, the store's own signature header under the company's secret.
          expect(operation.security, where).toEqual([]);
          expect(operation.parameters.map((p) => (p as { name?: string }).name), where)
            .toContain(path.includes('stripe') ? 'Stripe-Signature' : path.includes('paypal') ? 'PAYPAL-TRANSMISSION-SIG' : 'X-Shopify-Hmac-Sha256');
          expect(operation.parameters, where).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
          continue;
        }
        if (ep?.auth === 'public') {
          expect(operation.security, where).toEqual([]);
          expect(operation.responses[401], where).toBeUndefined();
        } else {
          expect(operation.security, where).toEqual([{ [ep?.auth === 'ambassador' ? 'tokenAuth' : staffApi ? 'staffAuth' : 'bearerAuth']: [] }]);
          expect(operation.responses[401], where).toBeDefined();
        }
        expect(operation.responses[400], where).toBeDefined();
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          expect(operation.parameters, where).toContainEqual(expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }));
        }
        if ((ambassadorApi || staffApi) && !ep?.idempotencyKey) {
          // An ambassador write honours Idempotency-Key only when it says so (the redeem routes).
          expect(operation.parameters, where).not.toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
        } else if (method === 'post') {
          expect(operation.parameters, where).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
          expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['409', '422']));
          expect(JSON.stringify(operation.responses[409]), where).toContain('idempotencyKeyInFlight');
          expect(JSON.stringify(operation.responses[422]), where).toContain('idempotencyKeyReused');
        }
      }
    }
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key', in: 'header', required: false, schema: input(idempotencyKeySchema),
    });
  });

  it('documents every route of the app but the reference itself and the dev outbox, and no route the app does not have', async () => {
    const doc = await fetchDocument();
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, m]) => Object.keys(m).map((method) => `${method} ${path}`)));
    const routes = appRoutes();
    for (const route of Object.keys(NOT_DOCUMENTED)) expect(routes, `${route} is a route of the app`).toContain(route);
    const served = new Set([...routes].filter((r) => !(r in NOT_DOCUMENTED)).map((r) => {
      const [method, path] = r.split(' ');
      return `${method!.toLowerCase()} ${openApiPath(path!)}`;
    }));
    expect(served.size).toBeGreaterThanOrEqual(Object.keys(endpoints).length);
    expect(served).toContain('get /v1/ambassadors/{id}/payouts/next/');
    expect(served).toContain('post /v1/auth/logout/');
    expect([...served].filter((r) => !documented.has(r)), 'routes without a document entry').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'document entries without a route').toEqual([]);
  });

  it('documents an answer without a body as one: log out is a 204 with no content', async () => {
    const doc = await fetchDocument();
    const logOut = doc.paths['/v1/auth/logout/']!.post!;
    expect(logOut.security).toEqual([{ tokenAuth: [] }]);
    expect(logOut.responses[204]).toEqual({ description: expect.any(String) });
    expect(logOut.requestBody).toBeUndefined();
  });

  it('takes each request schema from the schema its route validates with', async () => {
    const doc = await fetchDocument();
    const body = (method: 'post', path: string) => doc.paths[path]![method]!.requestBody!.content['application/json'].schema;
    expect(body('post', '/v1/operator/events')).toEqual(input(conversionSchema));
    expect(body('post', '/v1/operator/events/{transaction_uid}/refund')).toEqual(input(refundSchema));
    expect(body('post', '/v1/operator/commissions/approve')).toEqual(input(bulkApproveSchema));
    expect(body('post', '/v1/operator/commissions/{uid}/approve')).toEqual(input(transitionSchema));
    expect(body('post', '/v1/operator/commissions/{uid}/deny')).toEqual(input(transitionSchema));
    expect(body('post', '/v1/operator/payouts')).toEqual(input(payoutSchema));
    const query = (input(payoutListSchema) as { properties: Record<string, unknown> }).properties;
    expect(doc.paths['/v1/operator/payouts']!.get!.parameters).toEqual([
      { name: 'ambassador_uid', in: 'query', required: false, schema: query.ambassador_uid },
    ]);
    expect(doc.paths['/v1/operator/events']!.post!.requestBody!.required).toBe(true);
    expect(doc.paths['/v1/operator/commissions/{uid}/deny']!.post!.requestBody!.required).toBe(false);
  });

  it('gives request examples the route accepts, and every $ref resolves', async () => {
    const doc = await fetchDocument();
    for (const ep of Object.values(endpoints)) {
      if (ep.body) {
        expect(ep.example, ep.path).toBeDefined();
        expect(ep.body.safeParse(ep.example).success, `${ep.method} ${ep.path} example`).toBe(true);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const [, section, name] = /^#\/components\/(schemas|parameters)\/(\w+)$/.exec(ref) ?? [];
      expect(section && (doc.components as Record<string, Record<string, unknown>>)[section]![name!], ref).toBeDefined();
    }
    expect(doc.paths['/v1/operator/events']!.post!.responses).toMatchObject({
      201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ConversionAnswer' } } } },
      200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ConversionAnswer' } } } },
    });
    expect(doc.paths['/v1/operator/commissions/{uid}/approve']!.post!.responses[409]!.content!['application/json']).toMatchObject({
      examples: { illegalTransition: { value: { code: 'illegalTransition', params: { status: 'approved' } } } },
    });
  });

  it('describes the answers the routes really give', async () => {
    const created = await op(KEYS.demo, 'POST', '/events', conversion());
    expect(created.status).toBe(201);
    conversionAnswer.parse(created.body);
    const uid = created.body.commission.uid as string;
    commissionAnswer.parse((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).body);
    const illegal = await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`);
    expect(illegal.status).toBe(409);
    errorSchema.strict().parse(illegal.body);
    refundAnswer.parse((await op(KEYS.demo, 'POST', `/events/${created.body.commission.transaction_uid}/refund`, { revenue: '1.00' })).body);
    const other = await op(KEYS.demo, 'POST', '/events', conversion());
    bulkApproveAnswer.parse((await op(KEYS.demo, 'POST', '/commissions/approve', { uids: [other.body.commission.uid] })).body);
    payoutListAnswer.parse((await op(KEYS.demo, 'GET', '/payouts')).body);
    const unauthorized = await op(null, 'GET', '/payouts');
    expect(unauthorized.status).toBe(401);
    errorSchema.strict().parse(unauthorized.body);
  });
});

describe('the document as an OpenAPI 3.1 linter and a schema-driven client read it', () => {
  type Doc = OpenApiDocument & { servers?: { url: string }[]; info: { license?: { name?: string; identifier?: string; url?: string } } };
  const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })));

  it('names its server (the host it was read from) and its license', async () => {
    const res = await edge().fetch('http://acme.localhost/v1/openapi.json');
    const doc = (await res.json()) as Doc;
    expect(doc.servers).toEqual([{ url: 'http://acme.localhost', description: expect.any(String) }]);
    expect(res.headers.get('vary')).toContain('Host');
    expect(doc.info.license?.name).toBeTruthy();
    // 3.1: `identifier` (SPDX) and `url` exclude each other.
    expect(Boolean(doc.info.license?.identifier) !== Boolean(doc.info.license?.url)).toBe(true);
    expect((openApiDocument() as Doc).servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('is well-formed: unique operation ids, declared tags and path parameters, described responses, used components', async () => {
    const doc = (await fetchDocument()) as Doc;
    const ids = operations(doc).map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    const used = new Set<string>();
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      expect(operation.summary && operation.description, where).toBeTruthy();
      for (const tag of operation.tags) {
        expect(tags.has(tag), `${where} tag ${tag}`).toBe(true);
        used.add(tag);
      }
      const templated = (path.match(/\{(\w+)\}/g) ?? []).map((n) => n.slice(1, -1)).sort();
      const params = operation.parameters.filter((p) => !('$ref' in p)) as { name: string; in: string; schema?: unknown }[];
      expect(params.filter((p) => p.in === 'path').map((p) => p.name).sort(), where).toEqual(templated);
      const keys = params.map((p) => `${p.in}:${p.name.toLowerCase()}`);
      expect(new Set(keys).size, `${where} duplicate parameters`).toBe(keys.length);
      for (const p of params) {
        expect(p.schema, `${where} ${p.name}`).toBeDefined();
        if (p.in === 'header') expect(['authorization', 'content-type', 'accept']).not.toContain(p.name.toLowerCase());
      }
      if (method === 'get' || method === 'delete') expect(operation.requestBody, where).toBeUndefined();
      for (const type of Object.keys(operation.requestBody?.content ?? {})) expect(type, where).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(response.description, `${where} ${status}`).toBeTruthy();
      }
      for (const scheme of operation.security.flatMap((s) => Object.keys(s))) {
        expect(doc.components.securitySchemes[scheme], `${where} ${scheme}`).toBeDefined();
      }
    }
    expect([...tags].filter((t) => !used.has(t)), 'tags no operation uses').toEqual([]);
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.parameters);
    const schemas = Object.keys(doc.components.schemas);
    // A component used only by other components counts as used.
    const referenced = (name: string) => text.includes(`"#/components/schemas/${name}"`) ||
      JSON.stringify(doc.components.schemas).includes(`"#/components/schemas/${name}"`);
    expect(schemas.filter((name) => !referenced(name)), 'unused components').toEqual([]);
  });

  it('declares on every operation each status the API can answer it with', async () => {
    const doc = (await fetchDocument()) as Doc;
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((s) => s.startsWith('2')), where).toBe(true);
      expect(statuses, where).toEqual(expect.arrayContaining(['400']));
      if (operation.security.length) {
        expect(statuses, where).toContain('401');
        expect(operation.responses[401]!.headers?.['WWW-Authenticate'], where).toBeDefined();
      }
      if (/\{\w+\}/.test(path)) expect(statuses, where).toContain('404');
      if (operation.requestBody) {
        expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
        const [type] = Object.keys(operation.requestBody.content);
        expect(JSON.stringify(operation.responses[415]), where).toContain(type);
      }
      // A key's writes are idempotent; the ambassador API's (a Token, or public) only where they declare the key (redeem),
      // the staff API's never.
      const ambassadorApi = operation.security.length === 0 || operation.security.some((s) => 'tokenAuth' in s || 'staffAuth' in s);
      const keyed = JSON.stringify(operation.parameters ?? []).includes('#/components/parameters/IdempotencyKey');
      if ((method === 'post' || method === 'patch') && path !== SIGNED_ROUTE && !path.startsWith('/v1/hooks/') && (!ambassadorApi || keyed)) {
        expect(statuses, where).toEqual(expect.arrayContaining(['409', '422']));
        expect(operation.parameters, where).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      }
      if (path.startsWith('/v1/operator/companies')) expect(statuses, where).toContain('503');
    }
  });

  it('answers a schema-driven fuzzer only with statuses the document declares, and never a 5xx', async () => {
    const doc = (await fetchDocument()) as Doc;
    const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';
    const bodies: [string | undefined, string][] = [
      [undefined, 'application/json'], ['{}', 'application/json'], ['[]', 'application/json'], ['{"__proto__":{"x":1}}', 'application/json'],
      ['{"constructor":1}', 'application/json'], ['{"amount":"0x1f4","method":[],"limit":5e2}', 'application/json'], ['{', 'application/json'],
      ['{}', 'text/plain'], ['a,b\n1,2\n', 'text/csv'], ['--x--', 'multipart/form-data; boundary=x'],
    ];
    // The ambassador API's signed-in operations are called as ava (a Token), her own ids in the path
    // parameters that name them, so their queries and bodies are read and refused; log out, which revokes
    // the token it carries, with a token of its own.
    const ava = await token('localhost', 'ava@demo.test');
    const own = { ambassador: ava.uid, user: String(ava.userId), company: await scalar<string>('SELECT company_id FROM users WHERE id = ?', ava.userId) };
    const ambassadorStatuses = new Set<number>();
    let probes = 0;
    for (const { path, method, operation } of operations(doc)) {
      const ep = ENDPOINTS.get(`${method} ${path}`)!;
      const signedIn = ep.auth === 'ambassador';
      const url = `http://localhost${path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const whose = signedIn ? ep.own?.[name as never] as keyof typeof own | undefined : undefined;
        return whose ? own[whose] : 'zz-none';
      })}`;
      const authorization = signedIn
        ? `Token ${ep.operationId === 'logOut' ? (await token('localhost', 'ava@demo.test')).token : ava.token}`
        : `Bearer ${path.startsWith('/v1/operator/companies') ? ADMIN : KEYS.demo}`;
      const attempts: RequestInit[] = [{ method: method.toUpperCase() }];
      for (const [body, type] of method === 'get' || method === 'delete' ? [[undefined, 'application/json'] as const] : bodies) {
        attempts.push({ method: method.toUpperCase(), headers: { authorization, 'content-type': type }, body });
      }
      for (const init of attempts) {
        const res = await edge().fetch(url, init);
        await res.arrayBuffer();
        probes++;
        if (signedIn && init.headers) ambassadorStatuses.add(res.status);
        const where = `${method} ${url} ${JSON.stringify(init.headers ?? {})} ${String(init.body)}`;
        expect(res.status, where).toBeLessThan(500);
        expect(Object.keys(operation.responses), where).toContain(String(res.status));
      }
    }
    expect(probes).toBeGreaterThan(200);
    // The token got past the guard: the ambassador API's own refusals were probed, not only its 401.
    expect([...ambassadorStatuses]).toEqual(expect.arrayContaining([200, 204, 400, 404, 415]));
    // Over the 6 MB limit of every request: 413, declared too.
    const huge = `{"x":"${'x'.repeat(6 * 1024 * 1024)}"}`;
    for (const [method, path] of [['put', '/v1/operator/customization'], ['post', '/v1/operator/events']] as const) {
      const res = await edge().fetch(`http://localhost${path}`, {
        method, headers: { authorization: `Bearer ${KEYS.demo}`, 'content-type': 'application/json' }, body: huge,
      });
      expect(res.status, path).toBe(413);
      expect(Object.keys(doc.paths[path]![method]!.responses), path).toContain('413');
    }
  });
});

describe('GET /v1/docs', () => {
  it('is a self-contained HTML page listing every operation, under its own strict CSP', async () => {
    const res = await edge().fetch('/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain(`<style nonce="${nonce}">`);
    // Nothing loads from elsewhere (request examples may still show URLs as text, e.g. a webhook endpoint).
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref="https?:|url\(/i);
    for (const ep of Object.values(endpoints)) {
      expect(html).toContain(`${ep.method.toUpperCase()}</span> <code>${esc(openApiPath(`/v1${ep.path}`))}</code>`);
      expect(html).toContain(esc(ep.summary));
    }
    for (const name of ['Commission', 'Payout', 'Referral', 'Error', 'FieldErrors']) expect(html).toContain(`id="schema-${name}"`);
    expect(html).toContain('Idempotency-Key');
    expect(html).toContain('illegalTransition');
    // Two requests, two nonces.
    const again = await edge().fetch('/v1/docs');
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('escapes what it renders', () => {
    const doc = structuredClone(openApiDocument());
    const events = doc.paths['/v1/operator/events']!.post!;
    events.summary = '<img src=x onerror=alert(1)>';
    events.description = 'a `<b>` "quoted"';
    const html = docsHtml(doc, 'n"once');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('a <code>&lt;b&gt;</code> &quot;quoted&quot;');
    expect(html).toContain('nonce="n&quot;once"');
  });
});
