import { operatorEndpoints, staffEndpoints } from '../../api/endpoints';
import { isReply, staffRolesOf, type AnyEndpoint, type ClientInput, type ClientOutput } from '../../api/core/endpoint';
import { ApiError } from '../../api/core/errors';
import { checkAnswer } from '../../api/core/mount';
import { STAFF_CHALLENGE, admitStaff, verifyStaffToken, type Staff } from '../../api/core/staff-auth';
import type { ServiceContext } from '../../api/core/types';
import { operatorOfStaff, readersOf, recordedRun, type RecordWrite } from '../../api/core/writes';
import { parsedInput, queryRecord } from './contract';
import { embedded, type RemoteDeps } from './core';

/**
 * The API as the console's pages call it: one method per endpoint of the staff table and of the operator
 * table (src/api/endpoints.ts), typed by the endpoint's schemas: `console.staffOverview()` answers
 * `ProgramOverview`, `console.approveCommission({ params: { uid } })` approves through the same service as a
 * key's call. Embedded, a method checks the console cookie's token as the route does (the session on this
 * host's company, its stage, the endpoint's roles, a recent second factor for a sensitive one), parses the
 * query and body as the route does, runs the handler in-process and records a write in the audit log as the
 * route does (src/api/core/writes.ts); remote, it is the endpoint's path over HTTP with `Authorization:
 * Staff <token>`. Failures are ClientErrors either way.
 */

const consoleEndpoints = { ...staffEndpoints, ...operatorEndpoints };
type ConsoleEndpoints = typeof staffEndpoints & typeof operatorEndpoints;
type Args<E> = object extends ClientInput<E> ? [input?: ClientInput<E>] : [input: ClientInput<E>];
export type ConsoleClient = { [K in keyof ConsoleEndpoints]: (...args: Args<ConsoleEndpoints[K]>) => Promise<ClientOutput<ConsoleEndpoints[K]>> };

interface AnyInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** JSON fields, or what the endpoint's `readRequest` would have read (a multipart upload's fields and file). */
  body?: unknown;
}

type Call = (ep: AnyEndpoint, input: AnyInput) => Promise<unknown>;

const readers = readersOf(consoleEndpoints as Record<string, AnyEndpoint>);

function clientOf(call: Call): ConsoleClient {
  const client: Record<string, (input?: AnyInput) => Promise<unknown>> = {};
  for (const [name, ep] of Object.entries(consoleEndpoints as Record<string, AnyEndpoint>)) client[name] = (input = {}) => call(ep, input);
  return client as unknown as ConsoleClient;
}

/** Who the handler hears from: the staff member on a staff endpoint, the company's operator acting as them on an operator endpoint. */
async function whoFor(ep: AnyEndpoint, token: string | null, verify: () => Promise<Staff | null>): Promise<Record<string, unknown>> {
  if (ep.auth === 'public') return { caller: null };
  // The operator table also holds the deployment owner's endpoints (ADMIN_API_KEY): never a staff member's.
  if (ep.auth !== 'staff' && ep.auth !== 'operator') throw new ApiError('forbidden', 'roleRequired');
  const staff = token ? await verify() : null;
  if (!staff) throw new ApiError('unauthorized', token ? 'invalidToken' : 'notAuthenticated', undefined, STAFF_CHALLENGE);
  if (ep.auth === 'staff') {
    admitStaff(staff, ep.staffStage, ep.roles, ep.stepUp);
    return { staff };
  }
  const roles = staffRolesOf(ep);
  // An operator endpoint closed to staff (`staffRoles: []`) is a key's only: the console is refused as the route refuses it.
  if (!roles.length) throw new ApiError('forbidden', 'roleRequired');
  admitStaff(staff, 'full', roles, ep.stepUp);
  return { staff, operator: operatorOfStaff(staff) };
}

/**
 * In-process, for the console cookie's `token` (null: the staff and operator endpoints answer 401, the public
 * sign-in works). `record` keeps the audit log's entry of a write, as the route's does.
 */
export function embeddedConsoleClient(svc: ServiceContext, token: string | null, record?: RecordWrite): ConsoleClient {
  // The session is read once per page (a page makes several calls), and again after a staff write, which may
  // have changed it (a second factor given, a sign-out).
  let session: Promise<Staff | null> | null = null;
  const verify = () => (session ??= verifyStaffToken(svc.db, token!, svc.tenantCompanyId));
  return clientOf((ep, input) => embedded(async () => {
    const changesSession = ep.auth !== 'operator' && ep.method !== 'get';
    if (changesSession) session = null;
    const who = await whoFor(ep, token, verify);
    const { query, body } = parsedInput(ep, { query: queryRecord(input.query), body: input.body });
    const params = input.params ?? {};
    const out = await recordedRun({ svc, ep, reader: readers.get(ep), who, params, input: body }, record,
      () => ep.handle({ svc, ...who, params, query, body, header: () => undefined } as never), (o) => (isReply(o) ? o.body : o))
      .finally(() => {
        if (changesSession) session = null;
      });
    if (isReply(out) && out.stream !== undefined) return out.stream;
    const answer = isReply(out) ? out.body : out;
    checkAnswer(svc, ep, answer);
    return answer;
  }));
}

/** Over HTTP through the edge's transport (a remote API): the staff token as `Authorization: Staff`. */
export function remoteConsoleClient(deps: RemoteDeps, token: string | null): ConsoleClient {
  return clientOf(async (ep, input) => {
    const path = ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? '-'));
    const signed = (ep.auth === 'staff' || ep.auth === 'operator') && token;
    const headers: Record<string, string> = signed ? { authorization: `Staff ${token}` } : {};
    const answer = await deps.call(path, { method: ep.method.toUpperCase(), query: queryRecord(input.query), body: input.body, headers, auth: false });
    return ep.answer.status === 204 ? undefined : answer;
  });
}
