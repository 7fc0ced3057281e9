import { memoized } from '../../lib/intl-cache';
import { resolveCustomization, type Customization } from '../../lib/schemas/customization';
import { listCustomizations } from './queries';

// Resolving validates a layer against the schema, about a millisecond a layer, and every call resolved
// the company's and each campaign's layer again: twice on the rewards page, whose gift cards
// and redemptions are each guarded by the tab rule. The rows are still read on every call; what a
// layer's text resolves to is kept per isolate, so a change made through any isolate counts on the next
// call. Shared between requests, so read-only.
const resolvedLayer = memoized(256, (key) => {
  const cut = key.indexOf('\u0000');
  return cut < 0 ? resolveCustomization(key || undefined) : resolveCustomization(key.slice(0, cut) || undefined, key.slice(cut + 1));
});

/**
 * The API's one reading of a company's customization (the edge reads the same rows through
 * `portal.json` and resolves them in src/edge/request-context.ts): the company layer over the defaults,
 * and each campaign's layer over that, with the precedence campaign > company > defaults.
 */
export async function loadCustomization(db: D1Database, companyId: string) {
  const rows = await listCustomizations(db, companyId);
  const companyLayer = rows.find((r) => r.campaign_id === null)?.settings ?? '';
  const company = resolvedLayer(companyLayer);
  const campaigns = new Map<number, Customization>(
    rows.filter((r) => r.campaign_id !== null).map((r) => [r.campaign_id!, resolvedLayer(`${companyLayer}\u0000${r.settings}`)]),
  );
  return {
    company,
    /** The customization of one campaign (the company's when it has no layer of its own). */
    forCampaign: (campaignId: number | null) => (campaignId !== null ? campaigns.get(campaignId) : undefined) ?? company,
    /** The company's and every campaign's, e.g. to accept a custom field any of them shows. */
    all: [company, ...campaigns.values()],
  };
}
