import { Secret, TOTP } from 'otpauth';
import { sha256Hex } from '../core/crypto';

// The second factor of staff accounts: TOTP as RFC 6238 (HMAC-SHA-1, 6 digits, 30-second steps, one step
// either side for clocks that drift) by the otpauth package, and ten one-time recovery codes.

const PERIOD = 30;
const DIGITS = 6;
/** Steps accepted either side of now. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like base32 without look-alikes (no I, L, O, U). */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const totpOf = (secret: string, label = 'staff', issuer = 'Console') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, as RFC 4226 recommends) in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/...` URI an authenticator app reads (from a QR code). */
export const totpUri = (secret: string, label: string, issuer: string) => totpOf(secret, label, issuer).toString();

/**
 * The step (30-second counter) a 6-digit code belongs to, within a step of now; null when it matches
 * none. Whether that step was used already is the caller's check (staff_accounts.totp_last_step).
 */
export function totpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}

/** Whether a code has the shape of a TOTP code (else it is tried as a recovery code). */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** Ten new recovery codes, `XXXXX-XXXXX` (50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a recovery code is stored as: SHA-256 of its characters, upper case, without separators. */
export const recoveryCodeHash = (code: string) => sha256Hex(`staff-recovery:${code.toUpperCase().replace(/[^0-9A-Z]/g, '')}`);
