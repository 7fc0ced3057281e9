/**
 * The taxpayer id of a tax form, encrypted at rest: AES-256-GCM with a key derived (HKDF-SHA256) from the Worker
 * secret TAX_ID_KEY, a random 96-bit IV per value, and the company and ambassador as additional data, so a cipher
 * text copied to another ambassador's row does not decrypt. Stored as `v1.<iv>.<ciphertext>` (base64url). The
 * plain id exists only in the request that submits it and in the operator's filing export.
 */

import { open, seal, SealKeyMissing, type SealKey } from '../core/sealed-secret';

/** Thrown when the deployment has no TAX_ID_KEY: tax forms are then neither taken nor exported. */
export class TaxKeyMissing extends Error {
  constructor() {
    super('TAX_ID_KEY is not set');
  }
}

const taxKey = (secret: string | undefined): SealKey => ({ variable: 'TAX_ID_KEY', secret, salt: 'ambassador-portal tax forms', info: 'tax id v1' });

const mapped = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    throw err instanceof SealKeyMissing ? new TaxKeyMissing() : err;
  }
};

export const encryptTaxId = (secret: string | undefined, companyId: string, ambassadorUid: string, taxId: string): Promise<string> =>
  mapped(() => seal(taxKey(secret), [companyId, ambassadorUid], taxId));

export const decryptTaxId = (secret: string | undefined, companyId: string, ambassadorUid: string, stored: string): Promise<string> =>
  mapped(() => open(taxKey(secret), [companyId, ambassadorUid], stored));

/** The id as every answer shows it: a US id as ***-**-1234, any other as its last four after asterisks. */
export const maskTaxId = (kind: 'w9' | 'w8ben', last4: string) => (kind === 'w9' ? `***-**-${last4}` : `****${last4}`);
