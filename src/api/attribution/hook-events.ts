import { ApiError } from '../core/errors';
import { parseJson } from '../core/validate';
import type { BatchClaim, OnceClaim } from '../core/batch-claim';
import { batch } from '../core/named-batch';
import { claimHookEventStatement, hookClaimedSql, hookEventStatement, type Provider } from './queries';

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

/** A claim another delivery of the same event won first: this delivery wrote nothing and answers `duplicate`. */
class ClaimTaken extends Error {
  constructor() {
    super('hook event claimed by another delivery');
  }
}

/**
 * The claim of one delivery of a provider event (core/batch-claim.ts): taken by the batch of the event's last
 * write, or written alone at the end when the event writes nothing (an ignored type, a refund already counted).
 */
class HookClaim implements OnceClaim {
  readonly nonce = `hkc_${crypto.randomUUID().replaceAll('-', '')}`;
  private taken = false;

  constructor(private readonly db: D1Database, private readonly key: { companyId: string; provider: Provider; eventId: string; type: string }) {}

  take(): BatchClaim | null {
    if (this.taken) return null;
    this.taken = true;
    const { companyId, provider, eventId, type } = this.key;
    return {
      step: {
        statement: claimHookEventStatement(this.db, companyId, provider, eventId, type, this.nonce),
        // Lost: another delivery claimed the event between the first read and this batch, whose writes all
        // held on this claim and so wrote nothing. The delivery stops here.
        read: (result) => {
          if (result.results.length !== 1) throw new ClaimTaken();
          return true;
        },
      },
      sql: hookClaimedSql(this.nonce),
    };
  }
}

/**
 * Applies a provider event once per (company, provider, event id). `apply` gets the delivery's claim and gives it
 * to the batch of the event's last write (the commission with its points and `commission.created`, the refund
 * with its receipts, the unattributed sale), whose writes hold only with it; writes before that batch are
 * idempotent by their own keys. An event that writes nothing is claimed alone at the end. So a delivery that
 * stops anywhere (a thrown error, a Worker past its CPU limit) leaves the event either applied and claimed or
 * neither, and the provider's retry applies it; an event claimed already answers `duplicate` without acting.
 */
export async function applyOnce<T>(
  db: D1Database, companyId: string, provider: Provider, eventId: string, type: string, apply: (claim: OnceClaim) => Promise<T>,
): Promise<T | 'duplicate'> {
  if (await hookEventStatement(db, companyId, provider, eventId).first()) return 'duplicate';
  const claim = new HookClaim(db, { companyId, provider, eventId, type });
  try {
    const out = await apply(claim);
    const alone = claim.take();
    if (alone) await batch(db, { claim: alone.step });
    return out;
  } catch (err) {
    if (err instanceof ClaimTaken) return 'duplicate';
    throw err;
  }
}
