/**
 * The taxpayer id of a tax form, encrypted at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the Worker
 * secret TAX_ID_KEY, a random 96-bit IV per value, and the company and ambassador as additional data, so a cipher
 * text copied to another ambassador's row does not decrypt. Stored as `v1.<iv>.<ciphertext>` (base64url). The
 * plain id exists only in the request that submits it and in the operator's filing export.
 */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** Thrown when the deployment has no TAX_ID_KEY: tax forms are then neither taken nor exported. */
export class TaxKeyMissing extends Error {
  constructor() {
    super('TAX_ID_KEY is not set');
  }
}

function keyOf(secret: string | undefined): Promise<CryptoKey> {
  if (!secret || secret.length < 16) throw new TaxKeyMissing();
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']).then((base) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('ambassador-portal tax forms'), info: encoder.encode('tax id v1') },
        base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'],
      ));
    keys.set(secret, key);
  }
  return key;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromB64 = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
const boundTo = (companyId: string, ambassadorUid: string) => encoder.encode(`${companyId}\u0000${ambassadorUid}`);

export async function encryptTaxId(secret: string | undefined, companyId: string, ambassadorUid: string, taxId: string): Promise<string> {
  const key = await keyOf(secret);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: boundTo(companyId, ambassadorUid) }, key, encoder.encode(taxId));
  return `v1.${toB64(iv)}.${toB64(new Uint8Array(sealed))}`;
}

export async function decryptTaxId(secret: string | undefined, companyId: string, ambassadorUid: string, stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed) throw new Error('tax id: unknown format');
  const key = await keyOf(secret);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(iv), additionalData: boundTo(companyId, ambassadorUid) }, key, fromB64(sealed));
  return new TextDecoder().decode(plain);
}

/** The id as every answer shows it: a US id as ***-**-1234, any other as its last four after asterisks. */
export const maskTaxId = (kind: 'w9' | 'w8ben', last4: string) => (kind === 'w9' ? `***-**-${last4}` : `****${last4}`);
