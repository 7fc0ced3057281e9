import { nextPayout, type NextPayout } from '../../api/earnings/service';
import { embedded, type EmbeddedDeps, type RemoteDeps } from './core';
import type { RemoteIds } from './sharing';

export type { BlockingReason, NextPayout } from '../../api/earnings/service';

/** The earnings calls: "When will I get paid" (issue 9). */
export interface EarningsClient {
  /** GET /ambassadors/{id}/payouts/next/ - payable now, still held, blockers, the last payout. */
  nextPayout(): Promise<NextPayout>;
}

export function embeddedEarnings(deps: EmbeddedDeps): EarningsClient {
  const { svc } = deps;
  return {
    nextPayout: () => embedded(async () => nextPayout(svc, await deps.caller())),
  };
}

export function remoteEarnings(deps: RemoteDeps, ids: RemoteIds | null): EarningsClient {
  const own = () => encodeURIComponent(ids?.ambassadorUid ?? '-');
  return {
    nextPayout: () => deps.call(`/ambassadors/${own()}/payouts/next/`),
  };
}
