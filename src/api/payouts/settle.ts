import type { ServiceContext } from '../core/types';
import type { ItemOutcome } from './rails/types';

/**
 * Settles one item of a run from what its rail said (the send's answer, a provider's webhook, reconciliation,
 * the external rail's confirm call). Guarded in SQL so it takes effect once, however often it is called.
 */
export async function settleItem(
  svc: ServiceContext, companyId: string, target: { itemId: number } | { providerRef: string }, outcome: ItemOutcome,
): Promise<void> {
  throw new Error('not yet');
}
