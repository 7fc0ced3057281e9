/** Promotional assets of campaigns (files in R2 under `assets/<company>/...`). */
import { batch, row, rows } from '../core/named-batch';
import type { Language } from '../../lib/languages';
import { FOLDED_VALUE, foldSql } from '../core/fold-sql';
import { textInSql } from '../core/row-language-sql';

export interface AssetRow {
  uid: string;
  campaign_id: number;
  campaign_uid: string;
  campaign_name: string;
  title: string;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  thumbnail_key: string | null;
  created_at: string;
  /** The ambassador's referral short code in the asset's campaign (null if they have none). */
  short_code: string | null;
}

/**
 * Assets of the ambassador's campaigns (one campaign or all; an asset limited to a group only for its
 * members), optionally only those whose title or file name contains `search` (case-insensitive), newest first.
 */
export async function listAssets(
  db: D1Database, companyId: string, ambassadorUid: string, campaignId: number | null, search: string,
  page: { limit: number; offset: number }, lang: Language | null,
) {
  const args: (string | number)[] = [ambassadorUid, companyId, ambassadorUid, ambassadorUid];
  let filter = '';
  if (campaignId !== null) { filter += ' AND a.campaign_id = ?'; args.push(campaignId); }
  if (search) {
    // instr(), not LIKE: D1 refuses a LIKE pattern over 50 bytes (a long or accented search answered 500),
    // and instr() needs no escaping. foldSql ignores case in accented letters too ("GUÍA" finds "Guía").
    filter += ` AND (instr(${foldSql('a.title')}, ${FOLDED_VALUE}) > 0 OR instr(${foldSql('a.file_name')}, ${FOLDED_VALUE}) > 0)`;
    args.push(search, search);
  }
  const from = `
      FROM assets a
      JOIN campaigns c ON c.id = a.campaign_id AND c.company_id = a.company_id
      LEFT JOIN share_links s ON s.company_id = a.company_id AND s.campaign_id = a.campaign_id AND s.ambassador_uid = ? AND s.is_default = 1
     WHERE a.company_id = ?
       AND a.campaign_id IN (SELECT campaign_id FROM ambassador_campaigns WHERE ambassador_uid = ? AND company_id = a.company_id)
       AND (a.group_id IS NULL OR a.group_id = (SELECT group_id FROM ambassadors WHERE uid = ? AND company_id = a.company_id))${filter}`;
  const { list, total } = await batch(db, {
    list: rows<AssetRow>(db.prepare(
      `SELECT a.uid, a.campaign_id, c.uid AS campaign_uid, ${textInSql('c', 'name', lang)} AS campaign_name, a.title, a.file_key, a.file_name,
              a.content_type, a.size_bytes, a.thumbnail_key, a.created_at, s.short_code ${from}
        ORDER BY a.created_at DESC, a.uid LIMIT ? OFFSET ?`,
    ).bind(...args, page.limit, page.offset)),
    total: row<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(...args)),
  });
  return { rows: list, count: total?.n ?? 0 };
}
