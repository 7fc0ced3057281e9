import { fromBase64Url, sameBytes, sign, toBase64Url } from '../api/core/signing';

/**
 * The headers the edge and the API use among themselves, and only they: the tenant of the host
 * (`x-portal-company`: tokens and keys are refused on other companies' hosts), the portal's own host and
 * scheme (links in e-mails and answers), the browser's address (per-client limits, fraud signals) and
 * device id (fraud signals). The API reads them as the truth, so nothing from outside the Worker may set
 * them: a request from outside reaches the API only through `/v1/*`, where ./outside-api.ts strips every
 * one and sets the tenant from the Host itself, unless a portal holding this deployment's secret signed
 * them (remote mode: one portal's edge calling another portal's /v1 with AMBASSADOR_API_URL).
 * The pages' own calls never pass there: they call the API in-process.
 */
export const INTERNAL_HEADERS = ['x-portal-company', 'x-forwarded-host', 'x-forwarded-proto', 'x-portal-client-ip', 'x-portal-device'] as const;

/** `<unix seconds>.<base64url HMAC-SHA256>` over the method, path and query, the time and every internal header. */
export const SIGNATURE_HEADER = 'x-portal-signature';

/** How old (or how far ahead of this clock) a signature may be: a little over the longest timeout, plus clock skew. */
export const SIGNATURE_MAX_AGE_SECONDS = 300;

type SigningEnv = Pick<Env, 'PORTAL_SIGNING_SECRET' | 'CLICK_HASH_SALT'>;

/** What the signature covers; an absent header (null) differs from an empty one (""). */
function signedText(method: string, url: string, at: number, headers: Headers): string {
  const { pathname, search } = new URL(url);
  return JSON.stringify(['v1', at, method.toUpperCase(), pathname + search, ...INTERNAL_HEADERS.map((name) => headers.get(name))]);
}

/**
 * The request with its internal headers signed (remote mode, before it leaves the Worker). Without a
 * secret it goes unsigned: the receiving portal then strips them, as it does anyone's.
 */
export async function signInternalHeaders(env: SigningEnv, request: Request, nowMs = Date.now()): Promise<Request> {
  const at = Math.floor(nowMs / 1000);
  const mac = await sign(env, 'internal-headers', signedText(request.method, request.url, at, request.headers));
  if (!mac) return request;
  const headers = new Headers(request.headers);
  headers.set(SIGNATURE_HEADER, `${at}.${toBase64Url(mac)}`);
  return new Request(request, { headers });
}

/** Whether the request carries a signature of this deployment over its internal headers, made within SIGNATURE_MAX_AGE_SECONDS. */
export async function hasSignedInternalHeaders(env: SigningEnv, request: Request, nowMs = Date.now()): Promise<boolean> {
  const value = request.headers.get(SIGNATURE_HEADER)?.trim();
  const match = value ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return false;
  const at = Number(match[1]);
  if (Math.abs(nowMs / 1000 - at) > SIGNATURE_MAX_AGE_SECONDS) return false;
  const given = fromBase64Url(match[2]!);
  const expected = await sign(env, 'internal-headers', signedText(request.method, request.url, at, request.headers));
  return !!given && !!expected && sameBytes(given, expected);
}

/** `send`, with every request's internal headers signed first: the transport of remote mode. */
export function signedSend(env: SigningEnv, send: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => send(await signInternalHeaders(env, request));
}
