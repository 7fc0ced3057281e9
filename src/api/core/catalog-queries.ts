import { ApiError, fieldError } from '../core/errors';

/**
 * SQL shared by the catalogue calls (campaigns, groups, tiers, badges, tasks, rewards): every statement is
 * scoped to the key's company, so another company's uid finds nothing and answers 404. Table and column
 * names come from the code, never from a request; values are always bound.
 */

export const notFound = () => new ApiError('not_found', 'notFound');

/** The catalogue tables addressed by uid. */
export type CatalogTable = 'campaigns' | 'groups' | 'tiers' | 'badges' | 'tasks' | 'rewards' | 'vault_items' | 'vault_item_variants';

/** One row of the company by uid, or a 404. */
export async function rowOf<Row>(db: D1Database, table: CatalogTable, companyId: string, uid: string): Promise<Row> {
  const row = await db.prepare(`SELECT * FROM ${table} WHERE company_id = ? AND uid = ?`).bind(companyId, uid).first<Row>();
  if (!row) throw notFound();
  return row;
}

/** INSERT of `values` (column -> value), answering the new row. */
export function insertStatement(db: D1Database, table: CatalogTable, values: Record<string, unknown>) {
  const columns = Object.keys(values);
  return db
    .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING *`)
    .bind(...columns.map((c) => values[c]));
}

/**
 * Sets the given columns of one row of the company and answers the row; nothing to set reads it. An
 * unknown uid (or another company's) is a 404.
 */
export async function patchRow<Row>(db: D1Database, table: CatalogTable, companyId: string, uid: string, sets: Record<string, unknown>): Promise<Row> {
  const columns = Object.keys(sets).filter((c) => sets[c] !== undefined);
  if (!columns.length) return rowOf<Row>(db, table, companyId, uid);
  const row = await db
    .prepare(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE company_id = ? AND uid = ? RETURNING *`)
    .bind(...columns.map((c) => sets[c]), companyId, uid)
    .first<Row>();
  if (!row) throw notFound();
  return row;
}

export type RemoveOutcome = 'deleted' | 'deactivated';

/**
 * DELETE where it is safe: a row that others refer to (`referencedSql`, a condition on ?1 = company and
 * ?2 = uid: redemptions of a reward, awards of a badge, ...) is deactivated instead, so history keeps its
 * meaning and redemptions in flight can still settle. `cleanup` statements (bound the same way) run only
 * when the row is deleted, before it (e.g. its unused codes). One batch: the check and the write cannot
 * be split by a concurrent redemption.
 */
export async function removeOrDeactivate(
  db: D1Database,
  table: CatalogTable,
  companyId: string,
  uid: string,
  referencedSql = '0',
  cleanup: string[] = [],
): Promise<{ uid: string; outcome: RemoveOutcome }> {
  const unreferenced = `NOT (${referencedSql})`;
  const results = await db.batch([
    db.prepare(`UPDATE ${table} SET is_active = 0 WHERE company_id = ?1 AND uid = ?2 AND (${referencedSql})`).bind(companyId, uid),
    ...cleanup.map((sql) => db.prepare(`${sql} AND ${unreferenced}`).bind(companyId, uid)),
    db.prepare(`DELETE FROM ${table} WHERE company_id = ?1 AND uid = ?2 AND ${unreferenced}`).bind(companyId, uid),
  ]);
  if (results[0]!.meta.changes > 0) return { uid, outcome: 'deactivated' };
  if (results.at(-1)!.meta.changes > 0) return { uid, outcome: 'deleted' };
  throw notFound();
}

/** The id of the company's campaign `uid` (a body field naming a campaign): a field error when unknown. */
export async function campaignIdOf(db: D1Database, companyId: string, uid: string | null, field = 'campaign_uid'): Promise<number | null> {
  if (uid === null) return null;
  const id = await db.prepare('SELECT id FROM campaigns WHERE company_id = ? AND uid = ?').bind(companyId, uid).first<number>('id');
  if (id === null) throw fieldError(field, 'Unknown campaign.');
  return id;
}

/** Booleans as the tables store them. */
export const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** A row's `translations` (migration 0023) as the column stores them; undefined (a PATCH without them) leaves them as they are. */
export const storedTranslations = (translations: object | undefined) => (translations === undefined ? undefined : JSON.stringify(translations));
