// One contract per endpoint: the table of src/api/endpoints.ts is consistent with the app that mounts it,
// and with CONTRACT_CHECK=1 (the worker tests' binding) an answer that is not its schema's is a 500.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../src/api/app';
import { endpoint, type AnyEndpoint } from '../../src/api/core/endpoint';
import { onApiError } from '../../src/api/core/errors';
import { mount } from '../../src/api/core/mount';
import { ambassadorEndpoints, endpoints, operatorEndpoints, staffEndpoints } from '../../src/api/endpoints';

/** An endpoint answering `answer` under the schema `{ a: number }`. */
const answering = (answer: unknown) => ({
  method: 'get', path: '/drift/', auth: 'public', operationId: 'drift', tag: 't', summary: 's', description: 'd',
  answer: { status: 200, schema: z.object({ a: z.number() }), description: 'd' },
  handle: async () => answer,
}) as unknown as AnyEndpoint;

async function get(ep: AnyEndpoint, check: string | undefined) {
  const app = new Hono().route('/', mount({ drift: ep }));
  app.onError(onApiError);
  return app.request('/drift/', {}, { ...env, CONTRACT_CHECK: check });
}

/** An endpoint with no content to answer (a 204, no schema) whose handler answers `answer`. */
const noContent = (answer: unknown) => ({
  method: 'get', path: '/drift/', auth: 'public', operationId: 'drift', tag: 't', summary: 's', description: 'd',
  answer: { status: 204, description: 'd' },
  handle: async () => answer,
}) as unknown as AnyEndpoint;

/** The name of an app route's handler (a sub-app's handler may be wrapped with its error handler). */
const nameOf = (handler: unknown) => ((handler as { __COMPOSED_HANDLER?: { name: string } }).__COMPOSED_HANDLER ?? (handler as { name: string })).name;

describe('the contract check', () => {
  it('is on in the worker tests', () => {
    expect(env.CONTRACT_CHECK).toBe('1');
  });

  it('refuses an answer with a field its schema does not name, and passes it with the check off', async () => {
    expect((await get(answering({ a: 1, b: 2 }), '1')).status).toBe(500);
    const off = await get(answering({ a: 1, b: 2 }), undefined);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ a: 1, b: 2 });
  });

  it('answers a 204 endpoint with no body, and refuses a body its handler gives', async () => {
    const res = await get(noContent(undefined), '1');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await get(noContent({ a: 1 }), '1')).status).toBe(500);
  });

  it('refuses an answer missing or retyping a field', async () => {
    expect((await get(answering({}), '1')).status).toBe(500);
    expect((await get(answering({ a: '1' }), '1')).status).toBe(500);
    expect(await (await get(answering({ a: 1 }), '1')).json()).toEqual({ a: 1 });
  });
});

describe('the endpoint table', () => {
  const all = Object.entries(endpoints);

  it('keys each endpoint by its operationId, once across the APIs', () => {
    for (const [key, ep] of all) expect(ep.operationId, key).toBe(key);
    const both = Object.keys(ambassadorEndpoints).filter((k) => k in operatorEndpoints || k in staffEndpoints);
    expect(both).toEqual([]);
    expect(Object.keys(operatorEndpoints).filter((k) => k in staffEndpoints)).toEqual([]);
    expect(all.length).toBe(Object.keys(ambassadorEndpoints).length + Object.keys(operatorEndpoints).length + Object.keys(staffEndpoints).length);
    expect(new Set(all.map(([, ep]) => ep.operationId)).size).toBe(all.length);
  });

  it('puts the ambassador API outside /operator and the operator API under it', () => {
    for (const [key, ep] of Object.entries(ambassadorEndpoints) as [string, AnyEndpoint][]) {
      expect(ep.path, key).not.toMatch(/^\/operator\//);
      expect(['ambassador', 'public'], key).toContain(ep.auth);
    }
    for (const [key, ep] of Object.entries(operatorEndpoints) as [string, AnyEndpoint][]) {
      if (ep.auth === 'operator') expect(ep.path, key).toMatch(/^\/operator\//);
      expect(ep.auth, key).not.toBe('staff');
    }
    // The console's staff API: under /staff, a staff session (its sign-in public); roles only there.
    for (const [key, ep] of Object.entries(staffEndpoints) as [string, AnyEndpoint][]) {
      expect(ep.path, key).toMatch(/^\/staff\//);
      expect(['staff', 'public'], key).toContain(ep.auth);
    }
    for (const [key, ep] of all) if (ep.roles) expect(ep.auth, key).toBe('staff');
  });

  it('is served by the app: each endpoint\'s method and path is an app route, handled by that endpoint alone', () => {
    const seen = new Set<string>();
    for (const [key, ep] of all) {
      const route = `${ep.method.toUpperCase()} /v1${ep.path}`;
      expect(seen.has(route), `${route} declared twice`).toBe(false);
      seen.add(route);
      const handlers = api.routes.filter((r) => r.method === ep.method.toUpperCase() && r.path === `/v1${ep.path}`).map((r) => nameOf(r.handler));
      expect(handlers, key).toContain(`endpoint ${key}`);
      // Besides the endpoint's own guard and body limit, no hand-written route serves the same method and path.
      const others = handlers.filter((name) => name !== `endpoint ${key}` && !['requireAmbassador', 'operatorKey', 'keyOrStaff', 'requireAdmin', 'requireStaff', 'bodyLimit'].includes(name));
      expect(others, `${route}: also a hand-written route`).toEqual([]);
    }
  });
});

// The client's types come from the table (checked by tsc, never run): answers are the schema's output,
// inputs its input, and what the session fills is not the page's to pass.
async function _clientTypes(client: import('../../src/edge/client/contract').ContractClient) {
  const next = await client.nextPayout({ query: { campaign_uid: 'c' } });
  const when: string | null = next.next_payable_on;
  void when;
  // @ts-expect-error: a field the schema does not have
  void next.next_payout_on;
  // @ts-expect-error: a query key the endpoint does not read
  await client.nextPayout({ query: { campaign: 'x' } });
  // @ts-expect-error: the path's own id is filled by the client, not the page
  await client.nextPayout({ params: { id: 'amb-x' } });
  await client.nextPayout();
  // A 204 answers nothing.
  const none: void = await client.logOut();
  void none;
}

// A handler answering a body where the endpoint declares no content is no endpoint a table takes (checked by tsc).
const noContentSpec = { method: 'post', path: '/x/', auth: 'public', operationId: 'x', tag: 't', summary: 's', description: 'd' } as const;
const nothing = endpoint({ ...noContentSpec, answer: { status: 204, description: 'd' }, handle: async () => {} });
const _nothing: AnyEndpoint = nothing;
const bodyOnA204 = endpoint({ ...noContentSpec, answer: { status: 204, description: 'd' }, handle: async () => ({ a: 1 }) });
// @ts-expect-error: answerSchemaDiffers
const _bodyOnA204: AnyEndpoint = bodyOnA204;
void _nothing;
void _bodyOnA204;
void _clientTypes;
