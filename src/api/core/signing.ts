import { hmacKey } from './crypto';

/**
 * The deployment's own signatures: what only this portal can mint (click ids, the internal headers the
 * edge sends a remote API). One secret, PORTAL_SIGNING_SECRET (a wrangler secret; .dev.vars locally),
 * split by purpose so a signature made for one use never verifies for another. A deployment that predates
 * the secret signs with CLICK_HASH_SALT (also a secret of the API) until it sets one. Null: neither is
 * set, and nothing can be signed or verified (callers then mint nothing and trust nothing).
 */
export type SigningPurpose = 'click-id' | 'internal-headers';

const keys = new Map<string, Promise<CryptoKey>>();

function secretOf(env: Pick<Env, 'PORTAL_SIGNING_SECRET' | 'CLICK_HASH_SALT'>): string | null {
  return env.PORTAL_SIGNING_SECRET || env.CLICK_HASH_SALT || null;
}

/** The HMAC-SHA256 key of one purpose (kept per isolate), or null when the deployment has no secret. */
function signingKey(env: Pick<Env, 'PORTAL_SIGNING_SECRET' | 'CLICK_HASH_SALT'>, purpose: SigningPurpose): Promise<CryptoKey> | null {
  const secret = secretOf(env);
  if (!secret) return null;
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = hmacKey(`ambassador-portal/${purpose}/v1\n${secret}`);
    keys.set(id, key);
  }
  return key;
}

const encoder = new TextEncoder();

/** HMAC-SHA256 of `message` with the purpose's key: the raw 32 bytes, or null without a secret. */
export async function sign(env: Pick<Env, 'PORTAL_SIGNING_SECRET' | 'CLICK_HASH_SALT'>, purpose: SigningPurpose, message: string | Uint8Array): Promise<Uint8Array | null> {
  const key = signingKey(env, purpose);
  if (!key) return null;
  const bytes = typeof message === 'string' ? encoder.encode(message) : message;
  return new Uint8Array(await crypto.subtle.sign('HMAC', await key, bytes as Uint8Array<ArrayBuffer>));
}

/** Constant-time comparison of two byte strings. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Base64url without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Bytes of a base64url string, or null when it is not one. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const raw = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}
