import { FOLDED_VALUE, foldSql } from '../core/fold-sql';
import { batch, row, write } from '../core/named-batch';

/** D1 reads and writes of the company's campaigns and groups (the shared catalogue SQL is in catalog-queries.ts). */

export interface CampaignRow {
  id: number; uid: string; name: string; description: string; is_active: number; is_hidden_dashboard: number; url: string;
  allowed_hosts: string; native_message: string; portal_logo: string | null; commission_rate_bps: number;
  commission_type: 'percentage' | 'fixed'; commission_fixed_minor: number; commission_is_monetary: number; loyalty_points: number;
  commission_recurring: number; commission_recurring_months: number | null; created_at: string; members?: number;
  /** The name, description and share message per language (migration 0024), JSON. */
  translations: string;
}

const CAMPAIGN_SQL = `SELECT c.*, (SELECT COUNT(*) FROM ambassador_campaigns m WHERE m.company_id = c.company_id AND m.campaign_id = c.id) AS members
  FROM campaigns c WHERE c.company_id = ?`;

export const campaignRow = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${CAMPAIGN_SQL} AND c.uid = ?`).bind(companyId, uid).first<CampaignRow>();

export const campaignRows = (db: D1Database, companyId: string) =>
  db.prepare(`${CAMPAIGN_SQL} ORDER BY c.id`).bind(companyId).all<CampaignRow>();

export interface GroupRow { id: number; uid: string; name: string; members?: number }

const GROUP_SQL = `SELECT g.id, g.uid, g.name, (SELECT COUNT(*) FROM ambassadors a WHERE a.company_id = g.company_id AND a.group_id = g.id) AS members
  FROM groups g WHERE g.company_id = ?`;

export const groupRow = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${GROUP_SQL} AND g.uid = ?`).bind(companyId, uid).first<GroupRow>();

export const groupRows = (db: D1Database, companyId: string) =>
  db.prepare(`${GROUP_SQL} ORDER BY g.name, g.id`).bind(companyId).all<GroupRow>();

/** Whether another group of the company (not `exceptUid`) has this name, compared case-insensitively ("ÉQUIPE" is "Équipe"). */
export const groupNameTaken = (db: D1Database, companyId: string, name: string, exceptUid: string | null) =>
  db.prepare(`SELECT 1 AS x FROM groups WHERE company_id = ? AND ${foldSql('name')} = ${FOLDED_VALUE} AND uid IS NOT ?`)
    .bind(companyId, name, exceptUid)
    .first();

/**
 * Deletes the group unless ambassadors are in it or assets are limited to it, and counts those assets
 * (read in the same batch, for the 409's message).
 */
export function deleteUnusedGroup(db: D1Database, companyId: string, uid: string) {
  return batch(db, {
    deleted: write(db.prepare(`DELETE FROM groups WHERE company_id = ?1 AND uid = ?2
                  AND NOT EXISTS (SELECT 1 FROM ambassadors a WHERE a.company_id = ?1 AND a.group_id = groups.id)
                  AND NOT EXISTS (SELECT 1 FROM assets s WHERE s.company_id = ?1 AND s.group_id = groups.id)`)
      .bind(companyId, uid)),
    limitedAssets: row<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM assets s JOIN groups g ON g.company_id = s.company_id AND g.id = s.group_id
                 WHERE g.company_id = ? AND g.uid = ?`).bind(companyId, uid)),
  });
}
