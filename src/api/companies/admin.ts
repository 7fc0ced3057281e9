import { newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import { forgetHosts } from './portal-cache';
import { safeJson } from '../core/views';
import { DEFAULT_LANGUAGE, normalizeLanguage } from '../../lib/languages';
import type { CreateCompany } from '../../lib/schemas/operator-admin';
import { AdminError } from '../core/admin-auth';
import { tabReferences } from './operator-customization';
import { companyExists, companyRows, deleteHost, hostOwnerRows, insertCompany, insertHost } from './admin-queries';

/**
 * Companies and their hosts, for the deployment owner (ADMIN_API_KEY). A company is what the portal needs
 * to render at once: the companies row, its customization row (the brand) and its languages. Campaigns,
 * groups and ambassadors come later through the company's own key.
 */

export interface CompanyView {
  id: string;
  name: string;
  currency: string;
  default_language: string;
  languages: string[];
  hosts: string[];
  point_name: string;
  support_email: string | null;
  portal_uid: string;
  active_keys: number;
  created_at: string;
}

export const notFound = () => new ApiError('not_found', 'notFound');

const hostTaken = (host: string, owner: string) =>
  new AdminError(409, 'hostTaken', `The host ${host} already serves company ${owner}; remove it there first.`, undefined, { host, company_id: owner });

/** Companies (all, or one) with their hosts and languages, ordered by id. */
async function readCompanies(db: D1Database, id?: string): Promise<CompanyView[]> {
  const { companies, hosts, languages } = await companyRows(db, id);
  const byCompany = (list: { company_id: string; value: string }[]) => {
    const out = new Map<string, string[]>();
    for (const row of list) {
      const values = out.get(row.company_id) ?? [];
      values.push(row.value);
      out.set(row.company_id, values);
    }
    return out;
  };
  const hostsOf = byCompany(hosts.map((r) => ({ company_id: r.company_id, value: r.host })));
  const languagesOf = byCompany(languages.map((r) => ({ company_id: r.company_id, value: r.code })));
  return companies.map((row) => ({
    id: row.id,
    name: row.name,
    currency: row.currency,
    default_language: normalizeLanguage(safeJson<{ default_language?: unknown }>(row.settings, {}).default_language) ?? DEFAULT_LANGUAGE,
    languages: languagesOf.get(row.id) ?? [],
    hosts: hostsOf.get(row.id) ?? [],
    point_name: row.point_name,
    support_email: row.support_email,
    portal_uid: row.portal_uid,
    active_keys: row.active_keys,
    created_at: row.created_at,
  }));
}

export async function listCompanies(db: D1Database) {
  const results = await readCompanies(db);
  return { count: results.length, results };
}

export async function getCompany(db: D1Database, id: string): Promise<CompanyView> {
  const [company] = await readCompanies(db, id);
  if (!company) throw notFound();
  return company;
}

/** 404 unless the company exists (every /companies/:id/... call). */
export async function requireCompany(db: D1Database, id: string): Promise<void> {
  if (!(await companyExists(db, id))) throw notFound();
}

/** The company owning each of `hosts` (only hosts some company has). */
async function ownersOf(db: D1Database, hosts: string[]): Promise<Map<string, string>> {
  if (!hosts.length) return new Map();
  const { results } = await hostOwnerRows(db, hosts);
  return new Map(results.map((r) => [r.host, r.company_id]));
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|PRIMARY KEY/i.test(String((err as Error)?.message ?? err));

/**
 * Creates the company with its customization row (the given document, the company name as the page title
 * unless it sets one, and the default language), its languages and hosts, in one batch: all or nothing.
 * An existing id is a 409 companyExists, a host of another company a 409 hostTaken.
 */
export async function createCompany(env: Env, input: CreateCompany): Promise<CompanyView> {
  const db = env.DB;
  const conflict = async () => {
    if (await companyExists(db, input.id)) {
      return new AdminError(409, 'companyExists', `A company with the id ${input.id} already exists.`, undefined, { id: input.id });
    }
    const owners = await ownersOf(db, input.hosts);
    const [host, owner] = [...owners][0] ?? [];
    return host && owner ? hostTaken(host, owner) : null;
  };
  const before = await conflict();
  if (before) throw before;

  const doc = (input.customization ?? {}) as { meta?: Record<string, unknown> };
  // A new company has no campaigns or groups yet, so a tab rule naming one names another company's (campaign
  // ids are global) or none: it would hide the tab from everyone and make every later tab edit a 400.
  const refs = tabReferences(doc);
  if (refs.campaigns.length || refs.groups.length) {
    const fields: Record<string, string[]> = {};
    for (const { path } of refs.campaigns) fields[`customization.${path}`] = ['Unknown campaign: the company has none yet.'];
    for (const { path } of refs.groups) fields[`customization.${path}`] = ['Unknown group: the company has none yet.'];
    throw new ApiError('validation', 'invalidInput', fields);
  }
  const settings = { ...doc, meta: { head_title: input.name, ...doc.meta }, default_language: input.default_language };
  const hosts = [...new Set(input.hosts)];
  try {
    await insertCompany(db, {
      id: input.id, name: input.name, currency: input.currency, pointName: input.point_name, supportEmail: input.support_email ?? null,
      settings: JSON.stringify(settings), customizationId: newUid('cust'), languages: input.languages, hosts,
    });
  } catch (err) {
    // Another request took the id or a host between the check and the batch (nothing was written).
    if (isUniqueViolation(err)) throw (await conflict()) ?? err;
    throw err;
  }
  // The portal's tenant lookup may hold "no such host" in this isolate's memory: forget it.
  await forgetHosts(env, hosts);
  return getCompany(db, input.id);
}

/** Attaches a host: 201 when new, 200 when the company already has it, 409 when another company does. */
export async function addHost(env: Env, companyId: string, host: string): Promise<{ created: boolean; host: string; company_id: string }> {
  const db = env.DB;
  await requireCompany(db, companyId);
  const check = async () => {
    const owner = (await ownersOf(db, [host])).get(host);
    if (owner && owner !== companyId) throw hostTaken(host, owner);
    return owner === companyId;
  };
  if (await check()) return { created: false, host, company_id: companyId };
  try {
    await insertHost(db, companyId, host);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (await check()) return { created: false, host, company_id: companyId };
    throw err;
  }
  await forgetHosts(env, [host]);
  return { created: true, host, company_id: companyId };
}

/** Detaches a host of the company; the host answers 404 from the next request on. */
export async function removeHost(env: Env, companyId: string, host: string): Promise<{ host: string; company_id: string }> {
  await requireCompany(env.DB, companyId);
  const res = await deleteHost(env.DB, companyId, host);
  if (res.meta.changes !== 1) throw notFound();
  await forgetHosts(env, [host]);
  return { host, company_id: companyId };
}
