import { resolveCustomization, type Customization } from '../../lib/schemas/customization';
import { listCustomizations } from './queries';

/**
 * The API's one reading of a company's customization (the edge reads the same rows through
 * `portal.json` and resolves them in src/edge/context.ts): the company layer over the defaults, and
 * each campaign's layer over that, with the precedence campaign > company > defaults.
 */
export async function loadCustomization(db: D1Database, companyId: string) {
  const rows = await listCustomizations(db, companyId);
  const companyLayer = rows.find((r) => r.campaign_id === null)?.settings;
  const company = resolveCustomization(companyLayer);
  const campaigns = new Map<number, Customization>(
    rows.filter((r) => r.campaign_id !== null).map((r) => [r.campaign_id!, resolveCustomization(companyLayer, r.settings)]),
  );
  return {
    company,
    /** The customization of one campaign (the company's when it has no layer of its own). */
    forCampaign: (campaignId: number | null) => (campaignId !== null ? campaigns.get(campaignId) : undefined) ?? company,
    /** The company's and every campaign's, e.g. to accept a custom field any of them shows. */
    all: [company, ...campaigns.values()],
  };
}
