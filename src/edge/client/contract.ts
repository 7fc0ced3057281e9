import { ambassadorEndpoints, type AmbassadorEndpoints } from '../../api/endpoints';
import { isReply, type AnyEndpoint, type ClientInput, type ClientOutput, type Own } from '../../api/core/endpoint';
import { checkAnswer } from '../../api/core/mount';
import { parseWith } from '../../api/core/validate';
import type { Caller } from '../../api/core/types';
import { embedded, type EmbeddedDeps, type RemoteDeps } from './core';

/**
 * The ambassador API as the edge calls it, one method per endpoint of src/api/endpoints.ts, typed by the
 * endpoint's own schemas: `client.nextPayout({ query: { campaign_uid } })` answers `NextPayout`. A field
 * renamed in src/lib/schemas/<resource>.ts breaks the handler, the document and every page that reads it
 * at once. Embedded, a method runs the endpoint's handler in-process (the same parse of query and body as
 * the Hono route, no Request or Response); remote, it is the endpoint's path over HTTP.
 */

type Args<E> = object extends ClientInput<E> ? [input?: ClientInput<E>] : [input: ClientInput<E>];
export type ContractClient = { [K in keyof AmbassadorEndpoints]: (...args: Args<AmbassadorEndpoints[K]>) => Promise<ClientOutput<AmbassadorEndpoints[K]>> };

interface AnyInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** JSON fields, or what the endpoint's `readRequest` would have read (e.g. `{ fields, avatar }`). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A query as a URL carries it: strings, without the empty values (the remote transport's rule too). */
export function queryRecord(query: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

/** The caller's own ids, which `own` path parameters and `ownFields` name. */
interface OwnIds {
  ambassadorUid: string;
  userId: number | string;
  companyId: string;
}
const ownOf = (ids: OwnIds, who: Own) => (who === 'ambassador' ? ids.ambassadorUid : who === 'user' ? String(ids.userId) : ids.companyId);
const callerIds = (caller: Caller): OwnIds => ({ ambassadorUid: caller.ambassador.uid, userId: caller.user.id, companyId: caller.company.id });

/** Path parameters, with those naming the caller's own records filled from the session (`-` without one). */
function paramsOf(ep: AnyEndpoint, input: AnyInput, ids: OwnIds | null): Record<string, string> {
  const params = { ...input.params };
  for (const [name, who] of Object.entries(ep.own ?? {}) as [string, Own][]) params[name] = ids ? ownOf(ids, who) : '-';
  return params;
}

/** The query and body as sent, with `ownFields` filled: in the query of a GET or DELETE, else in the body. */
function withOwnFields(ep: AnyEndpoint, input: AnyInput, ids: OwnIds | null): { query: Record<string, string>; body: unknown } {
  const fields = Object.entries(ep.ownFields ?? {}) as [string, Own][];
  if (!fields.length) return { query: queryRecord(input.query), body: input.body };
  const own = Object.fromEntries(fields.map(([name, who]) => [name, ids ? ownOf(ids, who) : '-']));
  if (ep.method === 'get' || ep.method === 'delete') return { query: queryRecord({ ...input.query, ...own }), body: input.body };
  return { query: queryRecord(input.query), body: { ...(input.body as object | undefined), ...own } };
}

/** The query and body as the route parses them before its handler (a `parseIn: 'handler'` body as sent). */
export function parsedInput(ep: AnyEndpoint, sent: { query: Record<string, string>; body: unknown }) {
  return {
    query: ep.query ? parseWith(ep.query, sent.query) : undefined,
    body: ep.body && ep.parseIn !== 'handler' ? parseWith(ep.body, sent.body ?? {}) : sent.body,
  };
}

async function callEmbedded(deps: EmbeddedDeps, ep: AnyEndpoint, input: AnyInput = {}) {
  return embedded(async () => {
    const caller = ep.auth === 'ambassador' ? await deps.caller() : null;
    const ids = caller && callerIds(caller);
    const { query, body } = parsedInput(ep, withOwnFields(ep, input, ids));
    const headers = input.headers ?? {};
    const out = await ep.handle({
      svc: deps.svc, caller, params: paramsOf(ep, input, ids), query, body, header: (name: string) => headers[name],
    } as never);
    const answer = isReply(out) ? out.body : out;
    checkAnswer(deps.svc, ep, answer);
    return answer;
  });
}

/**
 * Without a session the call still goes out (own ids `-`, no token): the API's 401 is the answer. A 204
 * answers nothing, as the embedded handler does.
 */
async function callRemote(deps: RemoteDeps, ids: OwnIds | null, ep: AnyEndpoint, input: AnyInput = {}) {
  const params = paramsOf(ep, input, ids);
  const path = ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '-'));
  const { query, body } = withOwnFields(ep, input, ids);
  const answer = await deps.call(path, { method: ep.method.toUpperCase(), query, body, headers: input.headers, auth: ep.auth !== 'public' });
  return ep.answer.status === 204 ? undefined : answer;
}

// One prototype per kind, its methods made once per isolate: a request makes a client, not 50 closures.
function clientClass<D>(call: (deps: D, ep: AnyEndpoint, input?: AnyInput) => Promise<unknown>) {
  class Client {
    constructor(readonly deps: D) {}
  }
  for (const [name, ep] of Object.entries(ambassadorEndpoints as Record<string, AnyEndpoint>)) {
    Object.defineProperty(Client.prototype, name, {
      value(this: Client, input?: AnyInput) {
        return call(this.deps, ep, input);
      },
    });
  }
  return Client as unknown as new (deps: D) => ContractClient;
}

const Embedded = clientClass<EmbeddedDeps>(callEmbedded);
const Remote = clientClass<{ deps: RemoteDeps; ids: OwnIds | null }>((d, ep, input) => callRemote(d.deps, d.ids, ep, input));

export const embeddedContract = (deps: EmbeddedDeps): ContractClient => new Embedded(deps);
export const remoteContract = (deps: RemoteDeps, ids: OwnIds | null): ContractClient => new Remote({ deps, ids });
