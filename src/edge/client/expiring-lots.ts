import { expiringLots } from '../../api/rewards/service';
import type { RewardLedger } from '../../lib/schemas/rewards';
import type { ContractClient } from './contract';
import { embedded, type EmbeddedDeps } from './core';

/** The rewards ledger's `expiring` part without the ledger page: the dashboard's "expiring soon" card. */
export interface ExpiringLotsClient {
  /** What expires when: embedded, one statement; remote, the ledger's first page's `expiring`. */
  expiringLots(): Promise<RewardLedger['expiring']>;
}

export const embeddedExpiringLots = (deps: EmbeddedDeps): ExpiringLotsClient => ({
  expiringLots: () => embedded(async () => expiringLots(deps.svc, await deps.caller())),
});

export const remoteExpiringLots = (contract: ContractClient): ExpiringLotsClient => ({
  expiringLots: async () => (await contract.rewardLedger()).expiring,
});
