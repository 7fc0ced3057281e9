import { batch, row, write } from './named-batch';

/** D1 statements of Idempotency-Key records: a company's (idempotency_keys) or the owner's (admin_idempotency_keys). */

export interface IdempotencyRow { request_hash: string; status: string; response_status: number | null; response: string | null }

/** The statements on one key's row (`companyId` null: the owner's table). */
export function idempotencyKeyRow(db: D1Database, companyId: string | null, key: string) {
  const [table, where, scope, conflict] = companyId === null
    ? ['admin_idempotency_keys', 'key = ?', [key], 'key']
    : ['idempotency_keys', 'company_id = ? AND key = ?', [companyId, key], 'company_id, key'];
  const columns = companyId === null ? 'key, request_hash' : 'company_id, key, request_hash';
  const read = () => db.prepare(`SELECT request_hash, status, response_status, response FROM ${table} WHERE ${where}`).bind(...scope);
  return {
    /**
     * Claims the key `in_flight` (only one of any number of racing requests does: `claimed.changes` 1) and
     * reads its row. A claim of the same request left in flight longer than `leaseSeconds` is taken over:
     * the request that made it died (CPU limit, eviction) and its client's retry must not wait a day.
     */
    claim: (hash: string, leaseSeconds: number) => batch(db, {
      claimed: write(db.prepare(
        `INSERT INTO ${table} (${columns}) VALUES (${scope.map(() => '?').join(', ')}, ?)
         ON CONFLICT (${conflict}) DO UPDATE SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE status = 'in_flight' AND request_hash = excluded.request_hash
           AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`,
      ).bind(...scope, hash, `-${leaseSeconds} seconds`)),
      existing: row<IdempotencyRow>(read()),
    }),
    free: () => db.prepare(`DELETE FROM ${table} WHERE ${where} AND status = 'in_flight'`).bind(...scope).run(),
    finish: (status: number, response: string) =>
      db.prepare(`UPDATE ${table} SET status = 'done', response_status = ?, response = ? WHERE ${where}`).bind(status, response, ...scope).run(),
  };
}

/** Deletes records created before `done`, and claims still in flight created before `stuck`, in both tables; answers how many. */
export async function deleteOldIdempotencyKeys(db: D1Database, done: string, stuck: string): Promise<number> {
  const sql = (table: string) => `DELETE FROM ${table} WHERE created_at < ?1 OR (status = 'in_flight' AND created_at < ?2)`;
  const { company, owner } = await batch(db, {
    company: write(db.prepare(sql('idempotency_keys')).bind(done, stuck)),
    owner: write(db.prepare(sql('admin_idempotency_keys')).bind(done, stuck)),
  });
  return (company.changes ?? 0) + (owner.changes ?? 0);
}
