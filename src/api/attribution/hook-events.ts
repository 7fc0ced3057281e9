import { ApiError } from '../core/errors';
import { parseJson } from '../core/validate';
import { claimHookEventStatement, releaseHookEventStatement, type Provider } from './queries';

/** The largest webhook body read (a Shopify order with many lines stays far below). */
export const HOOK_MAX_BYTES = 1024 * 1024;

const encoder = new TextEncoder();

/** Bytes of `prefix` followed by `body`: what a signature covers. */
export function signedBytes(prefix: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(prefix);
  const out = new Uint8Array(head.byteLength + body.byteLength);
  out.set(head);
  out.set(body, head.byteLength);
  return out;
}

/** The verified body's JSON: 400 when it is not a JSON object. */
export function eventJson(body: Uint8Array): Record<string, unknown> {
  const value = parseJson(new TextDecoder().decode(body));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiError('bad_request', 'invalidJson');
  return value as Record<string, unknown>;
}

/**
 * Applies a provider event once per (company, provider, event id): the delivery that claims the id acts,
 * a redelivery (or one racing it) answers `duplicate` and does nothing. When acting fails the claim is
 * given back, so the provider's retry applies the event.
 */
export async function applyOnce<T>(
  db: D1Database, companyId: string, provider: Provider, eventId: string, type: string, apply: () => Promise<T>,
): Promise<T | 'duplicate'> {
  const claim = await claimHookEventStatement(db, companyId, provider, eventId, type).run();
  if (claim.meta.changes !== 1) return 'duplicate';
  try {
    return await apply();
  } catch (err) {
    await releaseHookEventStatement(db, companyId, provider, eventId).run();
    throw err;
  }
}
