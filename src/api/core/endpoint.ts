import type { ParamKeys } from 'hono/types';
import type { z } from 'zod';
import type { Operator } from './operator-keys';
import { STAFF_ROLES, type Staff, type StaffRole, type StaffStage } from './staff-auth';
import type { Caller, ServiceContext } from './types';

/**
 * One endpoint of the API, written once: its method and path, who may call it, the zod schemas of what it
 * reads and answers (src/lib/schemas/<resource>.ts), the words of its reference entry, and its handler.
 * Three things are made from the same object: the Hono route (./mount.ts), the OpenAPI operation
 * (../openapi/document.ts) and the edge's typed client (src/edge/client/contract.ts), which calls the
 * handler in-process (embedded) or the path over HTTP (remote).
 *
 * The handler takes plain values, never a Hono Context, so the embedded client can call it without a
 * Request or a Response: a page makes ~10 calls, and going through `app.fetch` would cost it ~1-3 ms of CPU.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: the signed-in ambassador (`Token`), anyone (`public`: the caller is set when a token came
 * along), a company's key (`Bearer opk_`) under /operator (`operator`) or outside it (`company`: the lead and
 * sale API), the deployment owner's ADMIN_API_KEY (`owner`), or a provider whose webhook is signed over its
 * raw body: the mail provider (`signature`, Standard Webhooks), a store (`stripe`, `shopify`), PayPal (`paypal`, verified by
 * asking PayPal), or a company's
 * staff member signed in to the console (`staff`: `Authorization: Staff <token>`, ./staff-auth.ts). A signed
 * endpoint's `readRequest` checks the signature before it reads anything else.
 */
export type Auth = 'ambassador' | 'public' | 'operator' | 'company' | 'owner' | 'signature' | 'stripe' | 'shopify' | 'paypal' | 'staff';

/** A path parameter or field that names the caller's own record: the client fills it, the API checks it. */
export type Own = 'ambassador' | 'user' | 'company';

/** Errors an operation may answer besides 400 / 401, for its reference entry. */
export interface EndpointErrors {
  404?: string;
  /** Codes of 409 `{ detail, code, params? }` answers, with when. */
  409?: Record<string, string>;
  /** When a rate limit answers 429 (`tooManyAttempts`, with Retry-After). */
  429?: string;
}

/**
 * An answer with a status or headers besides its body (a 201, `Idempotent-Replayed`, `Cache-Control`), or a
 * stream of another media type (a CSV): the route sends `stream` as it is; the client never asks for one.
 * `stored`: what a key's idempotent write keeps for replays instead of `body` (a new API key is never kept).
 * A key's POST / PATCH sends only `status` and `body` (the replay header is the idempotency layer's).
 */
export type Reply<T> = { reply: true; status?: 200 | 201; headers?: Record<string, string>; stored?: unknown } & (
  | { body: T; stream?: never }
  /** `encoded`: the stream is already in its `Content-Encoding` (a stored gzip), sent without encoding it again. */
  | { stream: ReadableStream | string; type: string; encoded?: boolean; body?: never }
);
export const reply = <T>(body: T, status?: 200 | 201, headers?: Record<string, string>): Reply<T> => ({ reply: true, body, status, headers });
export const streamReply = (stream: ReadableStream | string, type: string, headers?: Record<string, string>, encoded?: boolean): Reply<never> =>
  ({ reply: true, stream, type, headers, encoded });
export const isReply = (value: unknown): value is Reply<unknown> =>
  typeof value === 'object' && value !== null && (value as { reply?: unknown }).reply === true && ('body' in value || 'stream' in value);

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
export type In<S> = S extends Schema ? z.input<S> : undefined;
/** What a handler answers: its answer schema's output, or nothing (a 204 without a schema). */
type Answered<R> = R extends Schema ? z.output<R> : void;

/**
 * The success answer: JSON of `schema` (or `contentType`, e.g. NDJSON, `schema` then being one line), or
 * no content at all (204: no schema; the handler answers nothing, the client's method `void`).
 */
export type EndpointAnswer<R extends Schema | undefined> =
  | { status: 200 | 201; schema: R; description: string; contentType?: string }
  | { status: 204; schema?: undefined; description: string };

type Who<A extends Auth> = A extends 'ambassador' ? { caller: Caller }
  : A extends 'staff' ? { staff: Staff }
  : A extends 'operator' | 'company' ? { operator: Operator }
    : A extends 'public' ? { caller: Caller | null } : object;

/** Where the body is parsed: by the route (the default), or by the handler, which gets it as sent (`z.input`). */
export type ParseIn = 'route' | 'handler';

/** What a raw reader sees of the request (no Hono Context): a multipart upload, a signed webhook's text. */
export interface RawRequest {
  header(name: string): string | undefined;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
  formData(): Promise<FormData>;
}

/** What a handler gets: the service context, the verified caller, and its parsed inputs. */
export type EndpointInput<A extends Auth, P extends string, Q, B, I extends ParseIn = 'route'> = Who<A> & {
  svc: ServiceContext;
  params: { [K in ParamKeys<P>]: string };
  query: Out<Q>;
  body: I extends 'handler' ? In<B> : Out<B>;
  /** A request header (lower-case name), e.g. `idempotency-key`. */
  header(name: string): string | undefined;
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export interface EndpointSpec<
  A extends Auth, P extends string, Q extends Schema | undefined, B extends Schema | undefined, R extends Schema | undefined, O,
  W extends string = never, F extends string = never, I extends ParseIn = 'route',
> {
  method: Method;
  /** Hono path under /v1 (`:param` segments), e.g. `/ambassadors/:id/payouts/next/`. */
  path: P;
  auth: A;
  /** Path parameters that name the caller's own records (`{ id: 'ambassador' }`): a 404 when they are not. */
  own?: { [K in W & ParamKeys<P>]: Own };
  /**
   * Query (GET, DELETE) or body fields that name the caller's own record (`{ affiliate_uid: 'ambassador' }`):
   * the client fills them and pages never pass them; the service checks them.
   */
  ownFields?: { [K in F]: Own };
  /**
   * A staff endpoint's roles: a staff member of another role is refused 403 `roleRequired` by the route
   * (./mount.ts), whatever a console menu shows. Without it every role may call.
   */
  roles?: readonly StaffRole[];
  /** How far a staff session must be (./staff-auth.ts): `full` unless said. */
  staffStage?: StaffStage;
  /**
   * An operator endpoint's staff roles: a full console session of these roles may call it too, with
   * `Authorization: Staff <token>` instead of a key, as the console's pages do (one path to data and money).
   * Unsaid: every role reads (GET), owners and admins write (`staffRolesOf`). `[]`: keys only.
   */
  staffRoles?: readonly StaffRole[];
  /**
   * A sensitive action (secrets, the team, payouts): a staff session must have given its second factor in the
   * last STEP_UP_SECONDS, else 403 `stepUpRequired` (./staff-auth.ts). Keys are not asked.
   */
  stepUp?: boolean;
  /**
   * `false`: a write the audit log leaves out, because it is the program's event stream rather than a
   * person's decision (a sale recorded by the store's key, a sign-in's own rows). Every other write of a key
   * or a staff member is recorded (src/api/audit/).
   */
  audit?: false;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  query?: Q;
  body?: B;
  /** `handler`: the route reads the body (JSON rules) but the handler parses it, after its own refusals. */
  parseIn?: I;
  /**
   * Reads the body from the raw request instead of JSON / form fields (multipart, signed text). A signed
   * webhook verifies its signature here first, with the secrets of `svc.env` or of the company `params` name.
   */
  readRequest?(req: RawRequest, at: { svc: ServiceContext; params: { [K in ParamKeys<P>]: string } }): Promise<In<B>>;
  /**
   * What a key's POST / PATCH keeps its Idempotency-Key against when the body's text will not do: a multipart
   * upload (a new boundary each time the same file is sent), or a body whose meaning depends on the query.
   * Gets the body as read (by `readRequest`) and the parsed query.
   */
  idempotencyText?(body: In<B>, query: Out<Q>): string | Promise<string>;
  /** The body's media type when it is not JSON (e.g. `text/csv`); `example` is then the body text. */
  contentType?: string;
  /** A request body `body` accepts (the tests parse it; the document shows it). */
  example?: Record<string, unknown> | string;
  answer: EndpointAnswer<R>;
  /** A second success status of the same answer (a 200 that changed nothing beside the 201): the reference only. */
  alsoOk?: { status: 200; description: string };
  /**
   * Headers every answer carries, errors and Idempotency-Key replays too (a new API key's `Cache-Control:
   * no-store`), or made from the request's headers (a request id echoed). One answer's own go in its `reply()`.
   */
  headers?: Record<string, string> | ((header: (name: string) => string | undefined) => Record<string, string>);
  errors?: EndpointErrors;
  /** A 413 of this route besides the 6 MB limit of every request (e.g. an import's file size). */
  tooLarge?: string;
  /** A smaller body limit than every request's, refused (413) before the route reads a byte (./body-limit.ts). */
  maxBytes?: number;
  /** The handler honours `Idempotency-Key` itself (an ambassador write): the reference documents it, 409 and 422. */
  idempotencyKey?: boolean;
  handle(input: EndpointInput<A, P, Q, B, I>): Promise<O | Reply<O>>;
}

/** Staff roles of an operator endpoint: its own list, else every role for a read and owners and admins for a write. */
export function staffRolesOf(ep: Pick<AnyEndpoint, 'auth' | 'method' | 'staffRoles' | 'roles'>): readonly StaffRole[] {
  if (ep.auth === 'staff') return ep.roles ?? STAFF_ROLES;
  if (ep.auth !== 'operator') return [];
  return ep.staffRoles ?? (ep.method === 'get' ? STAFF_ROLES : (['owner', 'admin'] as const));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = EndpointSpec<Auth, string, Schema | undefined, Schema | undefined, Schema | undefined, any, any, any, any>;

/**
 * Declares an endpoint. The handler's answer must be exactly what the answer schema describes: a field the
 * handler adds, drops or retypes is a compile error here (`answerSchemaDiffers`), so the reference and the
 * client's types cannot drift from the code.
 */
export function endpoint<
  A extends Auth, P extends string, Q extends Schema | undefined, B extends Schema | undefined, R extends Schema | undefined = undefined, O = void,
  W extends string = never, F extends string = never, I extends ParseIn = 'route',
>(spec: EndpointSpec<A, P, Q, B, R, O, W, F, I>): Same<O, Answered<R>> extends true ? EndpointSpec<A, P, Q, B, R, O, W, F, I> : AnswerSchemaDiffers<O, Answered<R>> {
  return spec as never;
}

/** What `endpoint()` gives instead of an endpoint when its handler's answer and its answer schema differ. */
interface AnswerSchemaDiffers<Handler, Schema> {
  answerSchemaDiffers: { handler: Handler; schema: Schema };
}

type Part<K extends string, T> = [T] extends [undefined] ? unknown : object extends T ? { [k in K]?: T } : { [k in K]: T };
type WithoutOwn<T, F extends string> = [F] extends [never] ? T : T extends object ? Omit<T, F> : T;

/**
 * What a client sends to an endpoint: its path parameters, query and body, without those the session fills
 * (`own` parameters, `ownFields`).
 */
export type ClientInput<E> = E extends EndpointSpec<infer _A, infer P, infer Q, infer B, infer _R, infer _O, infer W, infer F, infer _I>
  ? Part<'params', [Exclude<ParamKeys<P>, W>] extends [never] ? undefined : { [K in Exclude<ParamKeys<P>, W>]: string }>
    & Part<'query', WithoutOwn<In<Q>, F>>
    & Part<'body', WithoutOwn<In<B>, F>>
    & { headers?: Record<string, string> }
  : never;

/** What an endpoint answers (its answer schema's output; nothing for a 204). */
export type ClientOutput<E> = E extends EndpointSpec<infer _A, infer _P, infer _Q, infer _B, infer R, infer _O, infer _W, infer _F, infer _I> ? Answered<R> : never;
