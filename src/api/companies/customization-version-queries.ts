import { batch, row, rows, write } from '../core/named-batch';

/** D1 reads and writes of the company document's draft and its published versions (migration 0032). */

export interface DraftRow {
  content: string;
  author: string;
  updated_at: string;
}

export interface VersionRow {
  uid: string;
  version: number;
  author: string | null;
  source: 'publish' | 'put' | 'rollback' | 'baseline';
  rolled_back_from: number | null;
  created_at: string;
}

const VERSION_COLUMNS = 'uid, version, author, source, rolled_back_from, created_at';

export const draftRow = (db: D1Database, companyId: string) =>
  db.prepare('SELECT content, author, updated_at FROM customization_drafts WHERE company_id = ?').bind(companyId).first<DraftRow>();

/** The draft, the live document and the newest version's number, in one batch. */
export const draftAndLive = (db: D1Database, companyId: string) =>
  batch(db, {
    draft: row<DraftRow>(db.prepare('SELECT content, author, updated_at FROM customization_drafts WHERE company_id = ?').bind(companyId)),
    live: row<{ settings: string }>(db.prepare('SELECT settings FROM customizations WHERE company_id = ? AND campaign_id IS NULL').bind(companyId)),
    latest: row<{ version: number }>(db.prepare('SELECT MAX(version) AS version FROM customization_versions WHERE company_id = ?').bind(companyId)),
  });

export const saveDraftRow = (db: D1Database, companyId: string, content: string, author: string) =>
  db.prepare(`INSERT INTO customization_drafts (company_id, content, author) VALUES (?1, ?2, ?3)
               ON CONFLICT (company_id) DO UPDATE SET content = ?2, author = ?3, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`)
    .bind(companyId, content, author).run();

export const listVersionRows = (db: D1Database, companyId: string, limit = 50) =>
  db.prepare(`SELECT ${VERSION_COLUMNS} FROM customization_versions WHERE company_id = ? ORDER BY version DESC LIMIT ?`)
    .bind(companyId, limit).all<VersionRow>();

export const versionContent = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('SELECT version, content FROM customization_versions WHERE company_id = ? AND uid = ?')
    .bind(companyId, uid).first<{ version: number; content: string }>();

export interface PublishedVersion {
  uid: string;
  /** The document's uid when the company has no layer yet. */
  layerId: string;
  baselineUid: string;
  author: string | null;
  source: 'publish' | 'put' | 'rollback';
  rolledBackFrom?: number | null;
  /** Publishing a draft: the draft is removed when it is still the one that was read (saved at this time). */
  draftUpdatedAt?: string;
  /** A read-modify-write (the tab rules): the live document must still be the one read (updated at this time). */
  expectedUpdatedAt?: string | null;
}

/**
 * Makes `text` the company's live document and records it as a new version, in one batch: what was live
 * before the first version becomes version 1 (`baseline`), the layer is written (guarded by
 * `expectedUpdatedAt` when given), the version is numbered after the newest and recorded only when the live
 * document is now `text`, and a published draft is removed unless it was saved again meanwhile. The
 * version's row comes back (none: the guard refused the write).
 */
export function publishCompanyLayer(db: D1Database, companyId: string, text: string, v: PublishedVersion) {
  const guard = v.expectedUpdatedAt === undefined ? '' : ' AND updated_at IS ?3';
  const steps = {
    baseline: write(db.prepare(`INSERT INTO customization_versions (uid, company_id, version, content, author, source)
                 SELECT ?1, company_id, 1, settings, NULL, 'baseline' FROM customizations
                  WHERE company_id = ?2 AND campaign_id IS NULL AND settings <> ?3
                    AND NOT EXISTS (SELECT 1 FROM customization_versions WHERE company_id = ?2)`)
      .bind(v.baselineUid, companyId, text)),
    updated: write(db.prepare(`UPDATE customizations SET settings = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                 WHERE company_id = ?1 AND campaign_id IS NULL${guard}`)
      .bind(companyId, text, ...(v.expectedUpdatedAt === undefined ? [] : [v.expectedUpdatedAt]))),
    inserted: write(db.prepare(`INSERT INTO customizations (id, company_id, campaign_id, settings)
                 SELECT ?1, ?2, NULL, ?3 WHERE NOT EXISTS (SELECT 1 FROM customizations WHERE company_id = ?2 AND campaign_id IS NULL)`)
      .bind(v.layerId, companyId, text)),
    version: rows<{ uid: string }>(db.prepare(`INSERT INTO customization_versions (uid, company_id, version, content, author, source, rolled_back_from)
                 SELECT ?1, ?2, COALESCE((SELECT MAX(version) FROM customization_versions WHERE company_id = ?2), 0) + 1, ?3, ?4, ?5, ?6
                  WHERE EXISTS (SELECT 1 FROM customizations WHERE company_id = ?2 AND campaign_id IS NULL AND settings = ?3)
                 RETURNING uid`)
      .bind(v.uid, companyId, text, v.author, v.source, v.rolledBackFrom ?? null)),
    draft: write(db.prepare('DELETE FROM customization_drafts WHERE company_id = ? AND updated_at = ?')
      .bind(companyId, v.draftUpdatedAt ?? '')),
  };
  return batch(db, steps);
}
