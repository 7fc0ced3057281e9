import { batch, written } from '../core/named-batch';
import type { ChainedFields } from './chain';

/**
 * The audit log's D1 reads and writes (migrations/0031_audit_log.sql). Every statement names the company;
 * rows are only ever inserted (never updated or deleted here), the head moved with them.
 */

export interface AuditRow extends ChainedFields {
  hash: string;
}

export interface HeadRow {
  seq: number;
  hash: string;
}

const COLUMNS = `company_id, seq, at, actor_kind, actor_id, actor_label, action, method, path, input, before_json, after_json,
  ip, user_agent, prev_hash, hash`;

export const headRow = (db: D1Database, companyId: string) =>
  db.prepare('SELECT seq, hash FROM audit_heads WHERE company_id = ?').bind(companyId).first<HeadRow>();

/** True while the company's head is still `seq` / `hash` (no head yet counts as 0 and ''). */
const HEAD_IS = `COALESCE((SELECT seq FROM audit_heads WHERE company_id = ?1), 0) = ?2
  AND COALESCE((SELECT hash FROM audit_heads WHERE company_id = ?1), '') = ?3`;

/**
 * Appends `entry` after the head that was read (`entry.seq - 1`, `entry.prev_hash`) and moves the head to it, in
 * one batch: both statements are guarded on that head, so a writer that lost the race writes nothing
 * (`appended` 0) and reads the head again.
 */
export const appendStatements = (db: D1Database, e: AuditRow) =>
  batch(db, {
    appended: written(db.prepare(
      `INSERT INTO audit_log (${COLUMNS})
       SELECT ?1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?3, ?17
       WHERE ${HEAD_IS}
       RETURNING 1`,
    ).bind(e.company_id, e.seq - 1, e.prev_hash, e.seq, e.at, e.actor_kind, e.actor_id, e.actor_label, e.action, e.method, e.path,
      e.input, e.before_json, e.after_json, e.ip, e.user_agent, e.hash)),
    moved: written(db.prepare(
      `INSERT INTO audit_heads (company_id, seq, hash)
       SELECT ?1, ?4, ?5 WHERE ${HEAD_IS}
       ON CONFLICT (company_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash
       RETURNING 1`,
    ).bind(e.company_id, e.seq - 1, e.prev_hash, e.seq, e.hash)),
  });

/** Which entries a list or export reads: null filters are off; `beforeSeq` pages newest first. */
export interface AuditFilter {
  actor: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the company's entries matching `f`, newest first, below `beforeSeq` (null: from the newest). */
export const entryPageStatement = (db: D1Database, companyId: string, f: AuditFilter, beforeSeq: number | null, limit: number) =>
  db.prepare(
    `SELECT ${COLUMNS} FROM audit_log
      WHERE company_id = ?1
        AND (?2 IS NULL OR actor_id = ?2 OR actor_label LIKE ?3 ESCAPE '\\')
        AND (?4 IS NULL OR action = ?4)
        AND (?5 IS NULL OR at >= ?5)
        AND (?6 IS NULL OR at < ?6)
        AND (?7 IS NULL OR seq < ?7)
      ORDER BY seq DESC LIMIT ?8`,
  ).bind(companyId, f.actor, f.actor === null ? null : likeOf(f.actor), f.action, f.from, f.to, beforeSeq, limit);

/** A run of the company's chain in seq order, after `afterSeq`. */
export const chainPageStatement = (db: D1Database, companyId: string, afterSeq: number, limit: number) =>
  db.prepare(`SELECT ${COLUMNS} FROM audit_log WHERE company_id = ? AND seq > ? ORDER BY seq LIMIT ?`).bind(companyId, afterSeq, limit);

/** The operation ids the company's log holds, for the page's filter. */
export const actionsStatement = (db: D1Database, companyId: string) =>
  db.prepare('SELECT DISTINCT action FROM audit_log WHERE company_id = ? ORDER BY action').bind(companyId);
