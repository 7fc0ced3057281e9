import { LANGUAGE_NAMES, type Language } from '../../lib/languages';
import { batch, rows } from '../core/named-batch';

/** D1 reads and writes of companies and their hosts, for the deployment owner's calls (admin-companies.ts). */

export interface CompanyRow {
  id: string;
  name: string;
  currency: string;
  point_name: string;
  support_email: string | null;
  portal_uid: string;
  created_at: string;
  settings: string | null;
  active_keys: number;
}

const COMPANY_SELECT = `SELECT c.id, c.name, c.currency, c.point_name, c.support_email, c.portal_uid, c.created_at, cu.settings,
    (SELECT COUNT(*) FROM operator_api_keys k WHERE k.company_id = c.id AND k.revoked_at IS NULL) AS active_keys
  FROM companies c LEFT JOIN customizations cu ON cu.company_id = c.id AND cu.campaign_id IS NULL`;

/** Companies (all, or the one `id`) with every host and language of theirs, ordered, in one batch. */
export function companyRows(db: D1Database, id?: string) {
  const one = id !== undefined;
  const args = one ? [id] : [];
  return batch(db, {
    companies: rows<CompanyRow>(db.prepare(`${COMPANY_SELECT}${one ? ' WHERE c.id = ?1' : ''} ORDER BY c.id`).bind(...args)),
    hosts: rows<{ company_id: string; host: string }>(
      db.prepare(`SELECT company_id, host FROM company_hosts${one ? ' WHERE company_id = ?1' : ''} ORDER BY host`).bind(...args)),
    languages: rows<{ company_id: string; code: string }>(
      db.prepare(`SELECT company_id, code FROM languages${one ? ' WHERE company_id = ?1' : ''} ORDER BY code`).bind(...args)),
  });
}

export const companyExists = async (db: D1Database, id: string) =>
  !!(await db.prepare('SELECT 1 AS ok FROM companies WHERE id = ?').bind(id).first());

/** The company owning each of `hosts` that some company has. */
export const hostOwnerRows = (db: D1Database, hosts: string[]) =>
  db.prepare(`SELECT host, company_id FROM company_hosts WHERE host IN (${hosts.map(() => '?').join(', ')})`)
    .bind(...hosts)
    .all<{ host: string; company_id: string }>();

export interface NewCompany {
  id: string; name: string; currency: string; pointName: string; supportEmail: string | null; settings: string; customizationId: string;
  languages: string[]; hosts: string[];
}

/** The company, its customization row, languages and hosts in one batch: all or nothing. */
export async function insertCompany(db: D1Database, c: NewCompany): Promise<void> {
  await db.batch([
    db.prepare(
      `INSERT INTO companies (id, name, currency, point_name, support_email, payout_preference_options, portal_uid)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).bind(c.id, c.name, c.currency, c.pointName, c.supportEmail, JSON.stringify({ 0: 'Manual', 1: 'PayPal' }), `${c.id}-portal`),
    db.prepare('INSERT INTO customizations (id, company_id, campaign_id, settings) VALUES (?, ?, NULL, ?)')
      .bind(c.customizationId, c.id, c.settings),
    ...c.languages.map((code) =>
      db.prepare("INSERT INTO languages (company_id, code, name, status) VALUES (?, ?, ?, 'active')")
        .bind(c.id, code, LANGUAGE_NAMES[code as Language])),
    ...c.hosts.map((host) => db.prepare('INSERT INTO company_hosts (host, company_id) VALUES (?, ?)').bind(host, c.id)),
  ]);
}

export const insertHost = (db: D1Database, companyId: string, host: string) =>
  db.prepare('INSERT INTO company_hosts (host, company_id) VALUES (?, ?)').bind(host, companyId).run();

export const deleteHost = (db: D1Database, companyId: string, host: string) =>
  db.prepare('DELETE FROM company_hosts WHERE host = ? AND company_id = ?').bind(host, companyId).run();
