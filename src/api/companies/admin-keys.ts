import { ApiError } from '../core/errors';
import { notFound, requireCompany } from './admin';
import { keyRow, keyRows, type KeyView } from '../core/operator-key-queries';
import { createOperatorKey, revokeOperatorKey } from '../core/operator-keys';

/** Makes a key; `key` is the plain key, in this answer only. */
export async function issueKey(db: D1Database, companyId: string, label: string): Promise<KeyView & { key: string }> {
  await requireCompany(db, companyId);
  const made = await createOperatorKey(db, companyId, label);
  return { id: made.id, company_id: companyId, prefix: made.prefix, label, created_at: made.created_at, revoked_at: null, key: made.key };
}

export async function listKeys(db: D1Database, companyId: string) {
  await requireCompany(db, companyId);
  const { results } = await keyRows(db, companyId);
  return { count: results.length, results };
}

/** Revokes a key of the company (again: the same answer); a key of another company is a 404. */
export async function revokeKey(db: D1Database, companyId: string, rawId: string): Promise<KeyView> {
  await requireCompany(db, companyId);
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError('validation', 'Invalid input.', { key_id: ['A key id is a whole number.'] });
  await revokeOperatorKey(db, companyId, id);
  const row = await keyRow(db, companyId, id);
  if (!row) throw notFound();
  return row;
}
