import type { ServiceContext } from '../../core/types';

// One interface for every rail that pays (docs/payouts.md). The run core (../runs.ts) records each item's
// payout first (status `processing`, its commissions committed to it, item `sent`), then hands the items to
// the rail; whatever the rail answers, a webhook says later or reconciliation reads from the provider is
// settled through the core's one settle function, guarded in SQL, so an item is settled once.

export type RailName = 'manual' | 'paypal' | 'stripe' | 'external';

/** Where an item is paid: read from payout_destinations (migration 0037) when the draft is sent. */
export type Destination =
  | { rail: 'paypal'; email: string }
  | { rail: 'stripe'; account: string }
  | { rail: 'external' | 'manual' };

/** One item handed to a rail. `itemKey` is stable across retries: the provider's idempotency key. */
export interface RailItem {
  itemId: number;
  itemKey: string;
  payoutUid: string;
  ambassadorUid: string;
  amountMinor: number;
  currency: string;
  destination: Destination;
  /** The provider's id of the item once known (payout_run_items.provider_ref), else null. */
  providerRef: string | null;
}

/**
 * What the provider says of one item:
 * - `sent`: accepted, not settled yet (PayPal PENDING/UNCLAIMED before expiry/ONHOLD, a Stripe transfer made
 *   whose payout is not final), with the provider's id;
 * - `paid`: the money reached the ambassador's account;
 * - `failed`: it did not, or came back (`reason`: a short code such as `failed`, `returned`, `unclaimed`,
 *   `blocked`, `refunded`, `account_closed`, `provider_rejected`), and the amount goes back to the ambassador;
 * - `unknown`: the provider could not be asked (timeout, 5xx): the item stays `sent` and is reconciled later.
 *   A timeout never means "not paid".
 */
export type ItemOutcome =
  | { state: 'sent'; providerRef: string }
  | {
    state: 'paid';
    providerRef: string;
    /** The payer's own id of the payment (the external rail's confirm call), kept as the payout's transaction id. */
    reference?: string;
  }
  | { state: 'failed'; reason: string; providerRef?: string }
  | { state: 'unknown' };

export interface RailRun {
  companyId: string;
  runUid: string;
  /** The provider's id of the run once known (PayPal payout_batch_id), else null. */
  providerBatchId: string | null;
}

export interface RailAnswer {
  /** Outcome per `itemKey`; an item missing from the map is `unknown`. */
  outcomes: Map<string, ItemOutcome>;
  /** The provider's id of the run, when the provider gave one (kept on payout_runs.provider_batch_id). */
  providerBatchId?: string;
}

export interface Rail {
  readonly name: RailName;
  /** Hand items to the provider. Must be idempotent: the same run and items sent again never pay twice. */
  send(svc: ServiceContext, run: RailRun, items: RailItem[]): Promise<RailAnswer>;
  /** Ask the provider what became of items already handed over (reconciliation of a run stuck in `sending`). */
  status(svc: ServiceContext, run: RailRun, items: RailItem[]): Promise<RailAnswer>;
}
