import { nextPayout, type NextPayout } from '../../api/payouts/next-payout';
import type { NextPayoutQuery } from '../../api/payouts/next-payout-schemas';
import { asQuery, embedded, type EmbeddedDeps, type RemoteDeps } from './core';
import type { RemoteIds } from './sharing';

export type { BlockingReason, NextPayout } from '../../api/payouts/next-payout';

/** The earnings calls: "When will I get paid". */
export interface EarningsClient {
  /** GET /ambassadors/{id}/payouts/next/ - payable now, still held, blockers, payouts on the way, the last payout. */
  nextPayout(query?: NextPayoutQuery): Promise<NextPayout>;
}

export function embeddedEarnings(deps: EmbeddedDeps): EarningsClient {
  const { svc } = deps;
  return {
    nextPayout: (query) => embedded(async () => nextPayout(svc, await deps.caller(), new Date(), query)),
  };
}

export function remoteEarnings(deps: RemoteDeps, ids: RemoteIds | null): EarningsClient {
  const own = () => encodeURIComponent(ids?.ambassadorUid ?? '-');
  return {
    nextPayout: (query) => deps.call(`/ambassadors/${own()}/payouts/next/`, { query: asQuery(query) }),
  };
}
