import type { CompanyRow } from '../core/rows';

/** Companies, their hosts, groups and customization rows. */

/** The host a person typed, lower-cased and without port or trailing dot. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The company's hosts, in no particular order. */
export async function listHostsOf(db: D1Database, companyId: string): Promise<string[]> {
  const { results } = await db.prepare('SELECT host FROM company_hosts WHERE company_id = ?').bind(companyId).all<{ host: string }>();
  return results.map((r) => r.host);
}

export function findCompanyByHost(db: D1Database, host: string) {
  return db
    .prepare('SELECT c.* FROM company_hosts h JOIN companies c ON c.id = h.company_id WHERE h.host = ?')
    .bind(normalizeHost(host))
    .first<CompanyRow>();
}

export function findCompany(db: D1Database, companyId: string) {
  return db.prepare('SELECT * FROM companies WHERE id = ?').bind(companyId).first<CompanyRow>();
}

export async function listGroups(db: D1Database, companyId: string) {
  const { results } = await db
    .prepare('SELECT id, uid, name FROM groups WHERE company_id = ? ORDER BY name')
    .bind(companyId)
    .all<{ id: number; uid: string; name: string }>();
  return results;
}

export async function listCustomizations(db: D1Database, companyId: string) {
  const { results } = await db
    .prepare('SELECT id, campaign_id, settings FROM customizations WHERE company_id = ?')
    .bind(companyId)
    .all<{ id: string; campaign_id: number | null; settings: string }>();
  return results;
}

export async function listLanguages(db: D1Database, companyId: string) {
  const { results } = await db
    .prepare('SELECT code, name, status FROM languages WHERE company_id = ? ORDER BY name LIMIT 200')
    .bind(companyId)
    .all<{ code: string; name: string; status: string }>();
  return results;
}
