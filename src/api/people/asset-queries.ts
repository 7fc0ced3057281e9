import { batch, row, rows, write } from '../core/named-batch';

/** D1 queries of the operator's asset calls (the files are in R2 under `assets/<company>/<uid>/`). */

export interface AssetOpRow {
  uid: string;
  title: string;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  thumbnail_key: string | null;
  created_at: string;
  updated_at: string | null;
  campaign_uid: string;
  campaign_id: number;
  campaign_name: string;
  group_uid: string | null;
  group_name: string | null;
}

const ASSET_SELECT = `
  SELECT a.uid, a.title, a.file_key, a.file_name, a.content_type, a.size_bytes, a.thumbnail_key, a.created_at, a.updated_at,
         c.uid AS campaign_uid, c.id AS campaign_id, c.name AS campaign_name, g.uid AS group_uid, g.name AS group_name
    FROM assets a
    JOIN campaigns c ON c.id = a.campaign_id AND c.company_id = a.company_id
    LEFT JOIN groups g ON g.id = a.group_id AND g.company_id = a.company_id`;

export const assetStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${ASSET_SELECT} WHERE a.company_id = ? AND a.uid = ?`).bind(companyId, uid);

export const findAsset = (db: D1Database, companyId: string, uid: string) => assetStatement(db, companyId, uid).first<AssetOpRow>();

/** A page of the company's assets, newest first, and how many match. */
export async function listAssetRows(
  db: D1Database, companyId: string, f: { campaignId?: number; groupId?: number; limit: number; offset: number },
) {
  let where = 'a.company_id = ?';
  const args: (string | number)[] = [companyId];
  if (f.campaignId !== undefined) { where += ' AND a.campaign_id = ?'; args.push(f.campaignId); }
  if (f.groupId !== undefined) { where += ' AND a.group_id = ?'; args.push(f.groupId); }
  const page = await batch(db, {
    rows: rows<AssetOpRow>(db.prepare(`${ASSET_SELECT} WHERE ${where} ORDER BY a.created_at DESC, a.uid LIMIT ? OFFSET ?`).bind(...args, f.limit, f.offset)),
    total: row<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM assets a WHERE ${where}`).bind(...args)),
  });
  return { rows: page.rows, count: page.total?.n ?? 0 };
}

export interface NewAssetRow {
  uid: string; campaignId: number; groupId: number | null; title: string; fileKey: string; fileName: string; contentType: string; size: number;
}

/** Inserts the asset and reads it back (null when the insert was refused), in one batch. */
export const insertAssetRow = (db: D1Database, companyId: string, a: NewAssetRow) =>
  batch(db, { inserted: write(insertAssetStatement(db, companyId, a)), asset: row<AssetOpRow>(assetStatement(db, companyId, a.uid)) });

const insertAssetStatement = (db: D1Database, companyId: string, a: NewAssetRow) =>
  db.prepare(
    `INSERT INTO assets (uid, company_id, campaign_id, group_id, title, file_key, file_name, content_type, size_bytes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(a.uid, companyId, a.campaignId, a.groupId, a.title, a.fileKey, a.fileName, a.contentType, a.size);

/** Changes the given metadata and reads the asset back (null: the company has no such asset), in one batch. */
export const updateAssetRow = (db: D1Database, companyId: string, uid: string, change: AssetChange) =>
  batch(db, { updated: write(updateAssetStatement(db, companyId, uid, change)), asset: row<AssetOpRow>(assetStatement(db, companyId, uid)) });

type AssetChange = { title?: string; campaignId?: number; groupId?: number | null };

/** Changes the given metadata (`groupId: null` clears the group; undefined leaves a field as it is). */
function updateAssetStatement(
  db: D1Database, companyId: string, uid: string, change: AssetChange,
) {
  const sets: string[] = [];
  const args: (string | number | null)[] = [];
  if (change.title !== undefined) { sets.push('title = ?'); args.push(change.title); }
  if (change.campaignId !== undefined) { sets.push('campaign_id = ?'); args.push(change.campaignId); }
  if (change.groupId !== undefined) { sets.push('group_id = ?'); args.push(change.groupId); }
  sets.push("updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')");
  return db.prepare(`UPDATE assets SET ${sets.join(', ')} WHERE company_id = ? AND uid = ?`).bind(...args, companyId, uid);
}

export const deleteAssetStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('DELETE FROM assets WHERE company_id = ? AND uid = ?').bind(companyId, uid);
