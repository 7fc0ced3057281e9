import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../core/errors';
import { OPERATOR_KEY_PREFIX } from './operator-keys';

export interface AdminEnv {
  Bindings: Env;
}

/**
 * An error of the deployment owner's API: `{ detail, code, params? }` like every API error, with a code of
 * its own (hostTaken, companyExists, ...). The operator API is English, so these are not catalogue keys.
 */
export class AdminError extends ApiError {
  constructor(
    readonly httpStatus: number,
    readonly adminCode: string,
    detail: string,
    headers?: Record<string, string>,
    readonly detailParams?: Record<string, string>,
  ) {
    super('bad_request', detail, undefined, headers);
  }
  override get status() {
    return this.httpStatus;
  }
  override body() {
    return { detail: this.message, code: this.adminCode, ...(this.detailParams && { params: this.detailParams }) };
  }
}

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="admin"' };
/** Shorter than this, the configured key is too weak to guard the whole deployment. */
const MIN_ADMIN_KEY_LENGTH = 24;

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Equal keys, compared in constant time: both are hashed first (so their lengths tell nothing), then every
 * byte of the digests is compared, whatever the first difference.
 */
async function sameKey(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * `Authorization: Bearer <ADMIN_API_KEY>` for the deployment owner's calls. ADMIN_API_KEY unset (or too
 * weak) answers 503: the owner's API is off, whatever the caller sends. A company key (`opk_...`) is never
 * the admin key, even if someone configured one as ADMIN_API_KEY; and the company-key middleware refuses
 * the admin key (it only knows `opk_` keys), so neither key ever stands in for the other.
 */
export function requireAdmin(): MiddlewareHandler<AdminEnv> {
  return async function requireAdmin(c, next) {
    const expected = c.env.ADMIN_API_KEY?.trim() ?? '';
    if (expected.length < MIN_ADMIN_KEY_LENGTH || expected.startsWith(OPERATOR_KEY_PREFIX)) {
      throw new AdminError(503, 'adminKeyNotConfigured',
        `The deployment owner's API is off: set ADMIN_API_KEY (a secret of at least ${MIN_ADMIN_KEY_LENGTH} characters, not an opk_ key).`);
    }
    const header = (c.req.header('authorization') ?? '').trim();
    if (!header) throw new ApiError('unauthorized', 'notAuthenticated', undefined, CHALLENGE);
    const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
    if (given.startsWith(OPERATOR_KEY_PREFIX)) {
      throw new AdminError(401, 'adminKeyInvalid', 'A company API key cannot call the deployment owner\'s API: use ADMIN_API_KEY.', CHALLENGE);
    }
    if (!given || !(await sameKey(given, expected))) throw new AdminError(401, 'adminKeyInvalid', 'Invalid admin API key.', CHALLENGE);
    await next();
  };
}
