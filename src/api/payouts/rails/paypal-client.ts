import type { PayPalApp } from '../paypal-integration';

// A small PayPal REST client for the Payouts rail and its webhook: an OAuth client-credentials token per company
// (kept in memory until shortly before it expires), JSON calls with a 10 s limit, and answers sorted into what
// the rail decides on: PayPal answered (a 2xx), PayPal refused (a 4xx with PayPal's error body), or nobody knows
// (a timeout, a cut connection, a 5xx, a 429): the request may or may not have been carried out.

/** How long a PayPal call may take before it counts as unanswered. */
export const PAYPAL_TIMEOUT_MS = 10_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** PayPal's error body (name, message, debug_id, details with issue and links). */
export interface PayPalError {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { field?: string; issue?: string; description?: string; link?: { href?: string; rel?: string }[] }[];
  /** The OAuth endpoint's own shape. */
  error?: string;
  error_description?: string;
}

export type PayPalReply<T> =
  | { kind: 'ok'; status: number; body: T }
  | { kind: 'refused'; status: number; error: PayPalError }
  | { kind: 'unknown'; why: string };

interface CachedToken {
  token: string;
  expires: number;
}

const tokens = new Map<string, CachedToken>();
const tokenKey = (companyId: string, app: PayPalApp) => `${companyId}\u0000${app.baseUrl}\u0000${app.clientId}`;

/** Forgets every cached token (tests that reset the stand-in). */
export const forgetPayPalTokens = () => tokens.clear();

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}

async function fetchReply<T>(url: string, init: RequestInit): Promise<PayPalReply<T>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS) });
  } catch (err) {
    return { kind: 'unknown', why: err instanceof Error ? `${err.name}: ${err.message}` : 'network error' };
  }
  const body = await readJson(res).catch(() => ({}));
  if (res.ok) return { kind: 'ok', status: res.status, body: body as T };
  if (res.status >= 500 || res.status === 429) return { kind: 'unknown', why: `PayPal answered ${res.status}` };
  return { kind: 'refused', status: res.status, error: (body ?? {}) as PayPalError };
}

async function token(companyId: string, app: PayPalApp): Promise<PayPalReply<string>> {
  const key = tokenKey(companyId, app);
  const cached = tokens.get(key);
  if (cached && cached.expires > Date.now()) return { kind: 'ok', status: 200, body: cached.token };
  const reply = await fetchReply<{ access_token?: string; expires_in?: number }>(`${app.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${app.clientId}:${app.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
  });
  if (reply.kind !== 'ok') return reply;
  const { access_token: accessToken, expires_in: expiresIn } = reply.body;
  if (!accessToken) return { kind: 'unknown', why: 'PayPal gave no access_token' };
  tokens.set(key, { token: accessToken, expires: Date.now() + Math.max(0, (expiresIn ?? 0) * 1000 - TOKEN_MARGIN_MS) });
  return { kind: 'ok', status: 200, body: accessToken };
}

/**
 * One call of PayPal's REST API with the company's token. A 401 (the token expired or was revoked early) drops
 * the token and tries once more with a new one.
 */
export async function paypalCall<T>(
  companyId: string, app: PayPalApp, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {},
): Promise<PayPalReply<T>> {
  for (let attempt = 0; ; attempt++) {
    const bearer = await token(companyId, app);
    if (bearer.kind !== 'ok') return bearer;
    const reply = await fetchReply<T>(`${app.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer.body}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (reply.kind === 'refused' && reply.status === 401 && attempt === 0) {
      tokens.delete(tokenKey(companyId, app));
      continue;
    }
    return reply;
  }
}

/** PayPal's error as one line: name, message and debug id (what support asks for). */
export function errorLine(error: PayPalError): string {
  const name = error.name ?? error.error ?? 'ERROR';
  const message = error.message ?? error.error_description ?? '';
  const issues = (error.details ?? []).map((d) => [d.field, d.issue].filter(Boolean).join(': ')).filter(Boolean);
  return [name, message, issues.join('; '), error.debug_id ? `debug_id ${error.debug_id}` : ''].filter(Boolean).join(' - ').slice(0, 500);
}
