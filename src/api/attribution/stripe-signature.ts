import { hmacKey } from '../core/crypto';
import { signedBytes } from './hook-events';

/** Stripe's replay window: a signature whose timestamp is further from now is refused. */
export const STRIPE_TOLERANCE_SECONDS = 300;

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16));

/**
 * Verifies a `Stripe-Signature` header as Stripe documents it (docs.stripe.com/webhooks#verify-manually):
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, each v1 an HMAC-SHA256 with the endpoint's signing secret of
 * `<t>.<raw body>`. True when the timestamp is within the tolerance and any v1 matches (several while a
 * secret rolls); other schemes (v0) are ignored. Compared in constant time (`crypto.subtle.verify`).
 */
export async function verifyStripeSignature(
  secret: string, header: string | undefined, body: Uint8Array, now = Date.now(), tolerance = STRIPE_TOLERANCE_SECONDS,
): Promise<boolean> {
  if (!header || header.length > 4096) return false;
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = value;
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (timestamp === null || !signatures.length) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > tolerance) return false;
  const key = await hmacKey(secret);
  const payload = signedBytes(`${timestamp}.`, body);
  for (const signature of signatures.slice(0, 8)) {
    if (await crypto.subtle.verify('HMAC', key, hexBytes(signature), payload)) return true;
  }
  return false;
}
