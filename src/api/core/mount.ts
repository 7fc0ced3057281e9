import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { requireAdmin } from './admin-auth';
import { bodyLimit } from './body-limit';
import { isReply, staffRolesOf, type AnyEndpoint, type Own, type RawRequest, type Reply } from './endpoint';
import { idempotent, idempotentFor } from './operator-idempotency';
import { requireOperator, type Operator } from './operator-keys';
import { callerOf, serviceContext } from './service-context';
import { requireStaff, type Staff } from './staff-auth';
import { ensureOwn, requireAmbassador } from './token-auth';
import { operatorOfStaff, readersOf, recordedRun, type RecordWrite } from './writes';
import type { ApiContext, ApiEnv, Caller } from './types';
import { parseWith, readBody, readFields, readFormData, readJsonObject } from './validate';

/**
 * The Hono routes of a table of endpoints (./endpoint.ts): each route checks who calls (a Token, a company
 * key, the owner's key, a staff session and its role, or nobody), that path parameters naming the caller's own records are theirs, parses
 * its query and body with the endpoint's schemas (./validate.ts rules: JSON or 415, no prototype keys, ...),
 * runs the handler and answers JSON with the endpoint's status (or a 204 without a body). A key's POST or PATCH is applied once per
 * Idempotency-Key (./operator-idempotency.ts), hashed over the exact body text.
 */

type Env = ApiEnv & { Variables: { operator?: Operator; staff?: Staff } };
type Ctx = Context<Env>;

export const ownId = (caller: Caller, who: Own): string => {
  if (who === 'ambassador') return caller.ambassador.uid;
  if (who === 'user') return String(caller.user.id);
  return caller.company.id;
};

/** The company key of a route, unless an earlier middleware of the same request checked it. */
const operatorKey = (): MiddlewareHandler => {
  const check = requireOperator() as unknown as MiddlewareHandler;
  return async function operatorKey(c, next) {
    if (c.get('operator')) return next();
    return check(c, next);
  };
};

/**
 * An operator endpoint's caller: the company's key, or a full console session (`Authorization: Staff`) of one
 * of the endpoint's staff roles (`staffRolesOf`), which then acts as the key would, named as itself. A
 * sensitive endpoint (`stepUp`) also needs a recent second factor of a staff member.
 */
const keyOrStaff = (ep: AnyEndpoint): MiddlewareHandler => {
  const key = operatorKey();
  const roles = staffRolesOf(ep);
  const staff = roles.length ? requireStaff('full', roles, ep.stepUp) : null;
  return async function keyOrStaff(c, next) {
    if (!staff || !/^Staff\s/i.test((c.req.header('authorization') ?? '').trim())) return key(c, next);
    return staff(c, async () => {
      c.set('operator', operatorOfStaff(c.get('staff')));
      await next();
    });
  };
};

function guardsOf(ep: AnyEndpoint): MiddlewareHandler[] {
  if (ep.auth === 'ambassador') return [requireAmbassador() as unknown as MiddlewareHandler];
  if (ep.auth === 'operator') return [keyOrStaff(ep)];
  if (ep.auth === 'company') return [operatorKey()];
  if (ep.auth === 'owner') return [requireAdmin() as unknown as MiddlewareHandler];
  // The session, its second factor and the endpoint's roles, before anything of the request is read.
  if (ep.auth === 'staff') return [requireStaff(ep.staffStage, ep.roles, ep.stepUp)];
  return [];
}

function whoOf(c: Ctx, ep: AnyEndpoint): Record<string, unknown> {
  if (ep.auth === 'ambassador') return { caller: callerOf(c as unknown as ApiContext) };
  if (ep.auth === 'public') return { caller: c.get('caller') ?? null };
  if (ep.auth === 'operator' || ep.auth === 'company') return { operator: c.get('operator')! };
  if (ep.auth === 'staff') return { staff: c.get('staff')! };
  return {};
}

const rawRequest = (c: Ctx): RawRequest => ({
  header: (name) => c.req.header(name),
  text: () => c.req.text(),
  arrayBuffer: () => c.req.arrayBuffer(),
  formData: () => readFormData(c),
});

const asReply = (out: unknown): Reply<unknown> => (isReply(out) ? out : { reply: true, body: out });

function respond(c: Ctx, ep: AnyEndpoint, out: unknown): Response {
  if (ep.answer.status === 204) {
    checkAnswer(c, ep, out);
    return c.body(null, 204);
  }
  const answer = asReply(out);
  const status = answer.status ?? ep.answer.status;
  if (answer.stream !== undefined) {
    const headers = { 'content-type': answer.type, ...answer.headers };
    // workerd would compress an encoded stream again; 'manual' sends its bytes as they are.
    if (answer.encoded) return new Response(answer.stream, { status, headers, encodeBody: 'manual' });
    return c.body(answer.stream, status, headers);
  }
  checkAnswer(c, ep, answer.body);
  return c.json(answer.body as object, status, answer.headers);
}

/**
 * Worker tests run with CONTRACT_CHECK=1: every answer must be exactly what its schema describes (no field
 * missing, retyped or left out of the schema), so the whole suite checks the reference against the code.
 */
export function checkAnswer(c: { env?: { CONTRACT_CHECK?: string } }, ep: AnyEndpoint, body: unknown) {
  if (c.env?.CONTRACT_CHECK !== '1') return;
  if (!ep.answer.schema) {
    if (body !== undefined) throw new Error(`${ep.method.toUpperCase()} ${ep.path}: answers no content, but its handler gave a body`);
    return;
  }
  const parsed = ep.answer.schema.safeParse(body);
  const same = parsed.success && sameJson(parsed.data, body);
  if (!same) {
    const issues = parsed.success ? 'fields the schema does not name' : JSON.stringify(parsed.error.issues.slice(0, 3));
    throw new Error(`${ep.method.toUpperCase()} ${ep.path}: the answer is not its schema's: ${issues}`);
  }
}

/** Equal as JSON, whatever the order of keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The body as the handler gets it: parsed by the endpoint's schema, unless the handler parses it. */
const parsedBody = (ep: AnyEndpoint, value: unknown) => (ep.body && ep.parseIn !== 'handler' ? parseWith(ep.body, value ?? {}) : value);

function handlerOf(ep: AnyEndpoint, reader: AnyEndpoint | undefined, record: RecordWrite | undefined) {
  const keyed = ep.auth === 'operator' || ep.auth === 'company' || ep.auth === 'owner';
  const idempotentWrite = keyed && (ep.method === 'post' || ep.method === 'patch');
  const required = ep.method === 'put' || ep.method === 'patch';
  const form = ep.auth === 'ambassador' || ep.auth === 'public';
  const ok = ep.answer.status;
  // A key's write keeps its answer for Idempotency-Key replays: it has one to keep.
  if (idempotentWrite && ok === 204) throw new Error(`${ep.operationId}: a key's POST or PATCH answers a body, not a 204`);
  const handler = async (c: Ctx) => {
    const params = c.req.param() as Record<string, string>;
    const svc = serviceContext(c as unknown as ApiContext);
    const who = whoOf(c, ep);
    if (ep.own && who.caller) {
      for (const [name, own] of Object.entries(ep.own) as [string, Own][]) ensureOwn(ownId(who.caller as Caller, own), params[name]!);
    }
    const query = ep.query ? parseWith(ep.query, c.req.query()) : undefined;
    const header = (name: string) => c.req.header(name);
    // A write of a key or a staff member is recorded once it succeeded (./writes.ts), a replay never.
    const run = (body: unknown) => recordedRun({ svc, ep, reader, who, params, input: body }, record,
      () => ep.handle({ svc, ...who, params, query, body, header } as never), (out) => (isReply(out) ? out.body : out));
    // Before the body is read: an answer refusing it carries them too.
    const always = typeof ep.headers === 'function' ? ep.headers(header) : ep.headers;
    for (const [name, value] of Object.entries(always ?? {})) c.header(name, value);
    if (idempotentWrite && ok !== 204) {
      // The exact text is what an Idempotency-Key is kept against.
      let text: string;
      let value: unknown;
      if (ep.readRequest) {
        value = await ep.readRequest(rawRequest(c), { svc, params });
        text = ep.idempotencyText ? await ep.idempotencyText(value, query) : await c.req.text();
      } else {
        ({ text, fields: value } = await readJsonObject(c, { required }));
      }
      const body = ep.body || ep.readRequest ? parsedBody(ep, value) : undefined;
      const apply = async () => {
        const answer = asReply(await run(body));
        checkAnswer(c, ep, answer.body);
        return { status: answer.status ?? ok, body: answer.body, ...(answer.stored !== undefined && { stored: answer.stored }) };
      };
      return ep.auth === 'owner' ? idempotentFor(c, null, text, apply) : idempotent(c as never, text, apply);
    }
    let body: unknown;
    if (ep.readRequest) body = parsedBody(ep, await ep.readRequest(rawRequest(c), { svc, params }));
    else if (ep.body && keyed) body = parsedBody(ep, (await readJsonObject(c, { required })).fields);
    else if (ep.body && ep.parseIn === 'handler') body = await readFields(c, { form, required });
    else if (ep.body) body = await readBody(c, ep.body, { form, required });
    return respond(c, ep, await run(body));
  };
  // Named, so the app's route list tells an endpoint's route from a hand-written one (tests/worker/contract.test.ts).
  return Object.defineProperty(handler, 'name', { value: `endpoint ${ep.operationId}` });
}

/**
 * A sub-app with one route per endpoint (paths under /v1, as the endpoints name them). `record` keeps every
 * successful write of a key or a staff member (the audit log, src/api/audit/).
 */
export function mount(endpoints: Record<string, AnyEndpoint>, record?: RecordWrite): Hono<ApiEnv> {
  const app = new Hono<Env>();
  const readers = readersOf(endpoints);
  for (const ep of Object.values(endpoints)) {
    // Roles and stages are a staff session's: on any other endpoint they would be checked by nothing.
    if ((ep.roles || ep.staffStage) && ep.auth !== 'staff') throw new Error(`${ep.operationId}: roles and staffStage are for staff endpoints`);
    if ((ep.staffRoles || ep.stepUp) && ep.auth !== 'operator' && !(ep.stepUp && ep.auth === 'staff')) {
      throw new Error(`${ep.operationId}: staffRoles are for operator endpoints, stepUp for operator and staff endpoints`);
    }
    const limit = ep.maxBytes ? [bodyLimit({ maxBytes: ep.maxBytes })] : [];
    app.on([ep.method.toUpperCase()], [ep.path], ...limit, ...guardsOf(ep), handlerOf(ep, readers.get(ep), record));
  }
  return app as unknown as Hono<ApiEnv>;
}
