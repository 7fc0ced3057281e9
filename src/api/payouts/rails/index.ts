import type { ServiceContext } from '../../core/types';
import { ApiError } from '../../core/errors';
import { externalConfigured, externalRail } from './external';
import { manualRail } from './manual';
import type { Rail, RailName } from './types';
// Rails that pay through a provider: one import each here...
import { paypalConfigured, paypalRail } from './paypal';
import { stripeConfigured, stripeRail } from './stripe';

export type { Rail, RailName } from './types';

// The rails a payout run can be sent on (docs/payouts.md), each with the question "can this company pay on it
// now?" (its credentials are stored, or for `external` a webhook endpoint listens to `payout.requested`).

interface RailEntry {
  rail: Rail;
  configured(svc: ServiceContext, companyId: string): Promise<boolean>;
}

const RAILS: Partial<Record<RailName, RailEntry>> = {
  manual: { rail: manualRail, configured: async () => true },
  external: { rail: externalRail, configured: externalConfigured },
  // ...and one entry each here:
  paypal: { rail: paypalRail, configured: paypalConfigured },
  stripe: { rail: stripeRail, configured: stripeConfigured },
};

/**
 * The item key a rail's provider sees (its idempotency key: PayPal's sender_item_id, Stripe's Idempotency-Key,
 * the external rail's item_key): `<run uid>-<item id>`, the same on every hand-over of the item.
 */
export const itemKeyOf = (runUid: string, itemId: number) => `${runUid}-${itemId}`;

/**
 * The item an item key names, e.g. from a provider's webhook that arrives before the send's answer recorded the
 * provider's own id: settle it with `settleItem(svc, companyId, { itemId }, …)` (always within the company whose
 * hook received it). Null for anything that is no item key.
 */
export function itemOfKey(key: string): { runUid: string; itemId: number } | null {
  const m = /^(.+)-(\d{1,15})$/.exec(key);
  return m ? { runUid: m[1]!, itemId: Number(m[2]) } : null;
}

/** The rail of that name; a rail this deployment does not have is a 409 (`payoutRailNotConfigured`). */
export function railOf(name: RailName): Rail {
  const entry = RAILS[name];
  if (!entry) throw new ApiError('conflict', 'payoutRailNotConfigured', undefined, undefined, { rail: name });
  return entry.rail;
}

/** Whether the company can pay on that rail now (false for a rail this deployment does not have). */
export async function railConfigured(svc: ServiceContext, companyId: string, rail: RailName): Promise<boolean> {
  const entry = RAILS[rail];
  return entry ? entry.configured(svc, companyId) : false;
}

/** The rails the company can pay on now, in a fixed order (the console offers these when drafting). */
export async function configuredRails(svc: ServiceContext, companyId: string): Promise<RailName[]> {
  const names: RailName[] = ['manual', 'paypal', 'stripe', 'external'];
  const ok = await Promise.all(names.map((n) => railConfigured(svc, companyId, n)));
  return names.filter((_, i) => ok[i]);
}
