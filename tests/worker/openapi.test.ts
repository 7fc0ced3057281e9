// The API reference of issue 9: GET /v1/openapi.json is OpenAPI 3.1 generated from the operator routes'
// own zod schemas, covers every operator route of the Hono app, and GET /v1/docs renders it as HTML.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../src/api/app';
import { docsHtml, esc } from '../../src/api/openapi/docs-page';
import { openApiDocument, openApiPath, type OpenApiDocument } from '../../src/api/openapi/document';
import { OPERATIONS } from '../../src/api/openapi/operations';
import {
  bulkApproveAnswer, commissionAnswer, conversionAnswer, errorSchema, payoutListAnswer, refundAnswer,
} from '../../src/api/openapi/responses';
import {
  bulkApproveSchema, conversionSchema, idempotencyKeySchema, payoutListSchema, payoutSchema, refundSchema, transitionSchema,
} from '../../src/lib/schemas/operator';
import { edge } from './helpers';
import { KEYS, conversion, op } from './operator-fixtures';

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

/** "post /v1/operator/events/{transaction_uid}/refund" for every operator route the Hono app serves. */
const appOperatorRoutes = () =>
  new Set(api.routes
    .filter((r) => r.path.startsWith('/v1/operator/') && r.method !== 'ALL')
    .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`));

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the bearer scheme on every operation', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/v1\/operator\//);
      expect(path).not.toContain(':');
      for (const [method, operation] of Object.entries(byMethod)) {
        const where = `${method} ${path}`;
        expect(operation.security, where).toEqual([{ bearerAuth: [] }]);
        expect(operation.responses[401], where).toBeDefined();
        expect(operation.responses[400], where).toBeDefined();
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          expect(operation.parameters, where).toContainEqual(expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }));
        }
        if (method === 'post') {
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

  it('documents every operator route of the app, and no route the app does not have', async () => {
    const doc = await fetchDocument();
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, m]) => Object.keys(m).map((method) => `${method} ${path}`)));
    const served = appOperatorRoutes();
    expect(served.size).toBeGreaterThanOrEqual(7);
    expect([...served].filter((r) => !documented.has(r)), 'operator routes without a document entry').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'document entries without a route').toEqual([]);
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
    for (const row of OPERATIONS) {
      if (row.body) {
        expect(row.example, row.path).toBeDefined();
        expect(row.body.safeParse(row.example).success, `${row.method} ${row.path} example`).toBe(true);
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
    for (const row of OPERATIONS) {
      expect(html).toContain(`${row.method.toUpperCase()}</span> <code>${esc(openApiPath(row.path))}</code>`);
      expect(html).toContain(esc(row.summary));
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
