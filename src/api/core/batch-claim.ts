import type { Step } from './named-batch';

/**
 * A key written once, in the batch of the write it stands for (a store's event id: src/api/attribution/hook-events.ts),
 * as a redemption's key is (src/api/money/redemptions.ts). D1 has no transaction across round trips, so the claim
 * and its effect must be one batch: `step` claims the key and goes FIRST in that batch, and `sql` (true while the
 * claim is this request's) is added to the WHERE of every write after it. A second delivery's batch then writes
 * nothing, and a Worker that stops before the batch leaves neither the claim nor the effect.
 */
export interface BatchClaim {
  step: Step<unknown>;
  sql: string;
}

/**
 * Hands out its claim once: to the batch of the last write of what it stands for (null after). Work that needs
 * several round trips makes every earlier write idempotent by its own key, and takes the claim for the last one.
 */
export interface OnceClaim {
  take(): BatchClaim | null;
}

/** SQL true while a condition holds, with its `?` binds: what a guarded statement adds to its WHERE. */
export interface SqlGuard {
  sql: string;
  binds: readonly unknown[];
}
