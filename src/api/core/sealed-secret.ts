/**
 * A secret sealed at rest: AES-256-GCM with a key derived (HKDF-SHA256) from a Worker secret and a purpose, a
 * random 96-bit IV per value, and the owner's ids as additional data, so a cipher text copied to another row does
 * not open. Stored as `v1.<iv>.<ciphertext>` (base64url). Used for taxpayer ids (TAX_ID_KEY) and for companies'
 * payout provider credentials (INTEGRATION_KEY).
 */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** Thrown when the deployment's key is missing or shorter than 16 characters. */
export class SealKeyMissing extends Error {
  constructor(readonly variable: string) {
    super(`${variable} is not set`);
  }
}

export interface SealKey {
  /** The Worker variable's name (for the error) and its value. */
  variable: string;
  secret: string | undefined;
  /** HKDF salt and info: a key per purpose, so one purpose's cipher text never opens under another. */
  salt: string;
  info: string;
}

function keyOf(k: SealKey): Promise<CryptoKey> {
  if (!k.secret || k.secret.length < 16) throw new SealKeyMissing(k.variable);
  const cacheKey = `${k.salt}\u0000${k.info}\u0000${k.secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(k.secret), 'HKDF', false, ['deriveKey']).then((base) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(k.salt), info: encoder.encode(k.info) },
        base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'],
      ));
    keys.set(cacheKey, key);
  }
  return key;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromB64 = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
const boundTo = (owner: readonly string[]) => encoder.encode(owner.join('\u0000'));

export async function seal(k: SealKey, owner: readonly string[], plain: string): Promise<string> {
  const key = await keyOf(k);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: boundTo(owner) }, key, encoder.encode(plain));
  return `v1.${toB64(iv)}.${toB64(new Uint8Array(sealed))}`;
}

export async function open(k: SealKey, owner: readonly string[], stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed) throw new Error('sealed secret: unknown format');
  const key = await keyOf(k);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(iv), additionalData: boundTo(owner) }, key, fromB64(sealed));
  return new TextDecoder().decode(plain);
}

/** A company's payout provider credentials (PayPal client secret, Stripe secret key), under INTEGRATION_KEY. */
export const integrationKey = (env: { INTEGRATION_KEY?: string }): SealKey =>
  ({ variable: 'INTEGRATION_KEY', secret: env.INTEGRATION_KEY, salt: 'ambassador-portal integrations', info: 'provider credential v1' });
