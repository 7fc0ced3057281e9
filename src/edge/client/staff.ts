import { staffEndpoints } from '../../api/endpoints';
import { isReply, type AnyEndpoint, type ClientInput, type ClientOutput } from '../../api/core/endpoint';
import { ApiError } from '../../api/core/errors';
import { checkAnswer } from '../../api/core/mount';
import { STAFF_CHALLENGE, admitStaff, verifyStaffToken } from '../../api/core/staff-auth';
import type { ServiceContext } from '../../api/core/types';
import { parsedInput } from './contract';
import { embedded, type RemoteDeps } from './core';

/**
 * The console's staff API as the console's pages call it, one method per endpoint of the staff table
 * (src/api/staff/endpoints.ts), typed by the endpoint's schemas: `staff.staffOverview()` answers
 * `ProgramOverview`. Embedded, a method checks the console cookie's token as the route does (the session on
 * this host's company, its stage and the endpoint's roles), parses the body as the route does and runs the
 * handler in-process; remote, it is the
 * endpoint's path over HTTP with `Authorization: Staff <token>`. Failures are ClientErrors either way.
 */

type StaffEndpoints = typeof staffEndpoints;
type Args<E> = object extends ClientInput<E> ? [input?: ClientInput<E>] : [input: ClientInput<E>];
export type StaffClient = { [K in keyof StaffEndpoints]: (...args: Args<StaffEndpoints[K]>) => Promise<ClientOutput<StaffEndpoints[K]>> };

interface AnyInput {
  params?: Record<string, string>;
  body?: unknown;
}

type Call = (ep: AnyEndpoint, input: AnyInput) => Promise<unknown>;

function clientOf(call: Call): StaffClient {
  const client: Record<string, (input?: AnyInput) => Promise<unknown>> = {};
  for (const [name, ep] of Object.entries(staffEndpoints as Record<string, AnyEndpoint>)) client[name] = (input = {}) => call(ep, input);
  return client as unknown as StaffClient;
}

/** In-process, for the console cookie's `token` (null: the staff endpoints answer 401, the public sign-in works). */
export function embeddedStaffClient(svc: ServiceContext, token: string | null): StaffClient {
  return clientOf((ep, input) => embedded(async () => {
    let staff = null;
    if (ep.auth === 'staff') {
      staff = token ? await verifyStaffToken(svc.db, token, svc.tenantCompanyId) : null;
      if (!staff) throw new ApiError('unauthorized', token ? 'invalidToken' : 'notAuthenticated', undefined, STAFF_CHALLENGE);
      admitStaff(staff, ep.staffStage, ep.roles);
    }
    const { query, body } = parsedInput(ep, { query: {}, body: input.body });
    const out = await ep.handle({ svc, caller: null, staff, params: input.params ?? {}, query, body, header: () => undefined } as never);
    const answer = isReply(out) ? out.body : out;
    checkAnswer(svc, ep, answer);
    return answer;
  }));
}

/** Over HTTP through the edge's transport (a remote API): the staff token as `Authorization: Staff`. */
export function remoteStaffClient(deps: RemoteDeps, token: string | null): StaffClient {
  return clientOf(async (ep, input) => {
    const path = ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? '-'));
    const headers: Record<string, string> = ep.auth === 'staff' && token ? { authorization: `Staff ${token}` } : {};
    const answer = await deps.call(path, { method: ep.method.toUpperCase(), body: input.body, headers, auth: false });
    return ep.answer.status === 204 ? undefined : answer;
  });
}
