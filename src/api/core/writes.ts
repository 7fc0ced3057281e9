import type { AnyEndpoint } from './endpoint';
import type { Actor, Operator } from './operator-keys';
import type { Staff } from './staff-auth';
import type { ServiceContext } from './types';

/**
 * A change made by a person or a key, as the audit log keeps it (src/api/audit/): which operation, on which
 * path, by whom, what was asked, the resource before (its read endpoint's answer, when it has one) and the
 * answer after. The route (./mount.ts) and the console's embedded client (src/edge/client/console.ts) both
 * record through `recordedRun`, so a change made from a page and one made over HTTP leave the same entry.
 */
export interface WriteRecord {
  operationId: string;
  method: string;
  path: string;
  actor: Actor;
  input: unknown;
  before: unknown;
  after: unknown;
}

export type RecordWrite = (svc: ServiceContext, write: WriteRecord) => Promise<void>;

/** Whether an endpoint's successful calls are recorded: every write of a key or a staff member unless it says `audit: false`. */
export const recordsWrites = (ep: AnyEndpoint): boolean =>
  ep.method !== 'get' && ep.audit !== false && (ep.auth === 'operator' || ep.auth === 'staff');

/** The staff member as an actor: the audit log names them by uid, name and e-mail. */
export const staffActor = (staff: Pick<Staff, 'uid' | 'name' | 'email'>): Actor => ({
  kind: 'staff', id: staff.uid, label: staff.name ? `${staff.name} <${staff.email}>` : staff.email,
});

/** A staff session calling an operator endpoint acts as the company's key would, named as itself. */
export const operatorOfStaff = (staff: Staff): Operator => ({ companyId: staff.companyId, currency: staff.currency, actor: staffActor(staff) });

/** Who a handler's input names as acting: the operator (a key or a staff member through it) or the staff member. */
export function actorOf(who: { operator?: Operator; staff?: Staff | null }): Actor | null {
  if (who.operator) return who.operator.actor;
  if (who.staff) return staffActor(who.staff);
  return null;
}

/** The path with its parameters filled in, as the request named it. */
export const concretePath = (ep: AnyEndpoint, params: Record<string, string>): string =>
  `/v1${ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;

/**
 * The read endpoint that shows what a write changes: a GET of the same path (PATCH /campaigns/:uid reads GET
 * /campaigns/:uid), else of its parent when the write is an action on it (POST /ambassadors/:uid/deactivate
 * reads GET /ambassadors/:uid). Looked up once per table.
 */
export function readersOf(table: Record<string, AnyEndpoint>): Map<AnyEndpoint, AnyEndpoint> {
  const gets = new Map<string, AnyEndpoint>();
  for (const ep of Object.values(table)) if (ep.method === 'get' && ep.answer.status !== 204 && !ep.answer.contentType) gets.set(`${ep.auth} ${ep.path}`, ep);
  const readers = new Map<AnyEndpoint, AnyEndpoint>();
  for (const ep of Object.values(table)) {
    if (!recordsWrites(ep)) continue;
    // A POST to a collection creates: there is nothing before it (its GET would list them all).
    const same = ep.method === 'post' ? undefined : gets.get(`${ep.auth} ${ep.path}`);
    const parent = parentOf(ep.path);
    const reader = same ?? (parent ? gets.get(`${ep.auth} ${parent}`) : undefined);
    if (reader && Object.keys(paramNames(reader.path)).every((name) => name in paramNames(ep.path))) readers.set(ep, reader);
  }
  return readers;
}

/** `/a/:id/approve` → `/a/:id` (a trailing slash kept): the resource an action acts on; null when the last segment is a parameter. */
function parentOf(path: string): string | null {
  const slash = path.endsWith('/') ? '/' : '';
  const m = /^(.*\/:[A-Za-z0-9_]+)\/[a-z_-]+$/.exec(slash ? path.slice(0, -1) : path);
  return m ? `${m[1]}${slash}` : null;
}

const paramNames = (path: string): Record<string, true> =>
  Object.fromEntries([...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, true as const]));

/**
 * Runs a write's handler and records it once it succeeded: the reader's answer first (null when it fails or
 * there is none), then the handler, then the entry. A failed handler records nothing.
 */
export async function recordedRun<T>(
  at: { svc: ServiceContext; ep: AnyEndpoint; reader: AnyEndpoint | undefined; who: Record<string, unknown>; params: Record<string, string>; input: unknown },
  record: RecordWrite | undefined,
  run: () => Promise<T>,
  answerOf: (out: T) => unknown,
): Promise<T> {
  const actor = actorOf(at.who as { operator?: Operator; staff?: Staff });
  if (!record || !actor || !recordsWrites(at.ep)) return run();
  const before = at.reader ? await readQuietly(at) : null;
  const out = await run();
  await record(at.svc, {
    operationId: at.ep.operationId, method: at.ep.method.toUpperCase(), path: concretePath(at.ep, at.params), actor,
    input: at.input ?? null, before, after: answerOf(out) ?? null,
  });
  return out;
}

async function readQuietly(at: { svc: ServiceContext; reader: AnyEndpoint | undefined; who: Record<string, unknown>; params: Record<string, string> }) {
  try {
    const query = at.reader!.query ? at.reader!.query.safeParse({}) : undefined;
    const out = await at.reader!.handle({ svc: at.svc, ...at.who, params: at.params, query: query?.success ? query.data : undefined, body: undefined, header: () => undefined } as never);
    return typeof out === 'object' && out !== null && (out as { reply?: unknown }).reply === true ? (out as { body?: unknown }).body ?? null : out;
  } catch {
    return null;
  }
}
