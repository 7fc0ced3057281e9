import { scryptAsync } from '@noble/hashes/scrypt.js';
import { randomBytes } from '@noble/hashes/utils.js';

// scrypt is memory-hard and runs in workerd as plain JS (workerd forbids compiling WASM at run time, and
// its PBKDF2 stops at 100k iterations). N=2^14, r=8, p=5 is one of OWASP's scrypt settings and fits in a
// Worker's 128 MiB. The parameters are stored in the hash so they can be raised later.
export interface ScryptParams { N: number; r: number; p: number; dkLen: number }
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 5, dkLen: 32 };
let PARAMS: ScryptParams = DEFAULT_SCRYPT_PARAMS;

/**
 * Sets the cost of new hashes (and of the decoy check for unknown accounts). Only the worker tests
 * lower it: JavaScript in the test pool's workerd runs far slower than in production. Existing hashes
 * are always verified with the parameters stored in them.
 */
export function configurePasswordHashing(params: ScryptParams) {
  PARAMS = params;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, b64(salt), b64(hash)].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend comparable time when there is no hash, so timing does not reveal which accounts exist.
    await scryptAsync(password, 'no-account-salt', PARAMS);
    return false;
  }
  const [, N, r, p, salt, expected] = parts;
  const want = unb64(expected!);
  const got = await scryptAsync(password.normalize('NFKC'), unb64(salt!), {
    N: Number(N), r: Number(r), p: Number(p), dkLen: want.length,
  });
  let diff = got.length ^ want.length;
  for (let i = 0; i < want.length; i++) diff |= got[i]! ^ want[i]!;
  return diff === 0;
}
