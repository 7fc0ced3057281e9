import { batch, rows, write } from '../core/named-batch';

/** D1 reads and writes of the customization layers (the company's, and one a campaign may have). */

export interface CustomizationRow {
  id: string;
  settings: string;
  updated_at: string;
}

/** The company's layer (`campaignId` null) or a campaign's, or null when there is none. */
export const layerRow = (db: D1Database, companyId: string, campaignId: number | null) =>
  db.prepare('SELECT id, settings, updated_at FROM customizations WHERE company_id = ? AND campaign_id IS ?')
    .bind(companyId, campaignId)
    .first<CustomizationRow>();

/** Every layer of the company with its campaign's uid, the company's first. */
export const layerRowsWithCampaign = (db: D1Database, companyId: string) =>
  db.prepare(`SELECT cu.settings, c.uid AS campaign_uid FROM customizations cu
                LEFT JOIN campaigns c ON c.company_id = cu.company_id AND c.id = cu.campaign_id
               WHERE cu.company_id = ? ORDER BY cu.campaign_id IS NOT NULL, c.id`)
    .bind(companyId)
    .all<{ settings: string; campaign_uid: string | null }>();

/**
 * Stores a layer in one batch (update the row, or insert it when there is none). With `expectedUpdatedAt`
 * the update only happens when nobody changed the row since it was read; both counts are then 0.
 */
export function upsertLayer(db: D1Database, companyId: string, campaignId: number | null, text: string, id: string, expectedUpdatedAt?: string | null) {
  const guard = expectedUpdatedAt === undefined ? '' : ' AND updated_at IS ?4';
  return batch(db, {
    updated: write(db.prepare(`UPDATE customizations SET settings = ?3, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                 WHERE company_id = ?1 AND campaign_id IS ?2${guard}`)
      .bind(companyId, campaignId, text, ...(expectedUpdatedAt === undefined ? [] : [expectedUpdatedAt]))),
    inserted: write(db.prepare(`INSERT INTO customizations (id, company_id, campaign_id, settings)
                SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM customizations WHERE company_id = ?2 AND campaign_id IS ?3)`)
      .bind(id, companyId, campaignId, text)),
  });
}

export const deleteCampaignLayer = (db: D1Database, companyId: string, campaignId: number) =>
  db.prepare('DELETE FROM customizations WHERE company_id = ? AND campaign_id = ?').bind(companyId, campaignId).run();

/** The ids and uids of the company's campaigns and the uids of its groups (what tab rules may name), in one batch. */
export const campaignsAndGroups = (db: D1Database, companyId: string) =>
  batch(db, {
    campaigns: rows<{ id: number; uid: string }>(db.prepare('SELECT id, uid FROM campaigns WHERE company_id = ?').bind(companyId)),
    groups: rows<{ uid: string }>(db.prepare('SELECT uid FROM groups WHERE company_id = ?').bind(companyId)),
  });
