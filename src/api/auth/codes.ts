import { loadCustomization } from '../companies/customization';
import { isoIn, isoNow, randomToken, sha256Hex } from '../core/crypto';
import { insertCode, listCompanyHosts, type CodePurpose } from './queries';
import { findCompanyByHost, normalizeHost } from '../companies/queries';
import { ambassadorLanguage } from './user-queries';
import { outboxSender } from '../email/outbox';
import { codeEmail, type CodeEmailKind } from '../email/templates';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import type { Language } from '../../lib/i18n';
import { normalizeLanguage } from '../../lib/languages';
import type { CompanyRow, UserRow } from '../core/rows';

// What the account services share: which company a public call is for, the trusted origin for links in
// e-mails, and the e-mailed codes.

/** The company of a public call: `host` (spec §7 `?host=`), else the portal host of the request. */
export async function companyFor(svc: ServiceContext, host?: string | null): Promise<CompanyRow> {
  const name = host || svc.host;
  const company = name.length <= 253 ? await findCompanyByHost(svc.db, name) : null;
  if (!company) throw new ApiError('not_found', 'invalidCompany');
  return company;
}

/**
 * Origin for links in e-mails. Only one of the company's own hosts is ever used (a forged Host or
 * X-Forwarded-Host must not turn a reset link into one that leaks the code to another site); the
 * port and scheme of the request are kept so local links work.
 */
export async function linkOrigin(svc: ServiceContext, company: CompanyRow, host?: string | null): Promise<string> {
  const hosts = await listCompanyHosts(svc.db, company.id);
  const proto = new URL(svc.origin).protocol.replace(':', '');
  // The portal host carries the port (local runs); `host` (?host=) is a bare host name.
  for (const candidate of [svc.host, host]) {
    if (!candidate || !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(candidate)) continue;
    if (hosts.includes(normalizeHost(candidate))) return `${proto}://${candidate.toLowerCase()}`;
  }
  const first = hosts[0] ?? svc.host;
  const local = (h: string) => h === 'localhost' || h.endsWith('.localhost');
  // A local run serves every host on the request's port: an operator call to localhost:8787 about acme
  // links to acme.localhost:8787.
  const port = hosts[0] && local(first) && local(normalizeHost(svc.host)) ? (/:\d{1,5}$/.exec(svc.host)?.[0] ?? '') : '';
  return `${local(first) ? 'http' : 'https'}://${first}${port}`;
}

export const RESET_CODE_TTL_MS = 30 * 60 * 1000;
export const SET_PASSWORD_CODE_TTL_MS = 72 * 3600 * 1000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 10 characters from a 32-letter alphabet without look-alikes (50 bits): typed or clicked. */
export function newCode(length = 10): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => CODE_ALPHABET[b & 31]).join('');
}

/** Codes are stored as a hash bound to the company and user, never in plain text. */
export const codeHash = (companyId: string, userId: number, code: string) => sha256Hex(`code:${companyId}:${userId}:${code}`);

export const ttlFor = (purpose: CodePurpose) => (purpose === 'reset' ? RESET_CODE_TTL_MS : SET_PASSWORD_CODE_TTL_MS);

/** Issues a code (older live ones stay valid, up to LIVE_CODES) and e-mails the link that carries it. */
export async function sendCodeEmail(
  svc: ServiceContext, company: CompanyRow, user: UserRow, purpose: CodePurpose,
  template: CodeEmailKind,
  queryHost?: string | null,
) {
  const code = newCode();
  const ttl = ttlFor(purpose);
  await insertCode(svc.db, {
    companyId: company.id, userId: user.id, purpose, codeHash: await codeHash(company.id, user.id, code),
    expiresAt: isoIn(ttl), nowIso: isoNow(),
  });
  const origin = await linkOrigin(svc, company, queryHost);
  const host = new URL(origin).hostname;
  const q = new URLSearchParams({ email: user.email, code });
  const link = purpose === 'reset'
    ? `${origin}/reset-password?${new URLSearchParams({ host, email: user.email, code })}`
    : `${origin}/set-password?${q}`;
  const lang = await emailLanguage(svc.db, company.id, user.id);
  const texts = codeEmail(lang, template, {
    company: company.name, firstName: user.first_name, link, code, ttlMinutes: Math.round(ttl / 60_000), login: `${origin}/login`,
  });
  await outboxSender(svc.db, svc).send({ companyId: company.id, to: user.email, template, subject: texts.subject, text: texts.text });
  return code;
}

/** The language of e-mails to a person: their own choice, else the company's explicit default, else English. */
export async function emailLanguage(db: D1Database, companyId: string, userId: number): Promise<Language> {
  const [own, customization] = await Promise.all([
    ambassadorLanguage(db, companyId, userId),
    loadCustomization(db, companyId),
  ]);
  return normalizeLanguage(own) ?? normalizeLanguage(customization.company.default_language) ?? 'en';
}

/** The same rule when the person's own choice is already known (`own`, null: none): the company's default is read only when needed. */
export async function emailLanguageOf(db: D1Database, companyId: string, own: string | null): Promise<Language> {
  return normalizeLanguage(own) ?? normalizeLanguage((await loadCustomization(db, companyId)).company.default_language) ?? 'en';
}

export const newShortCode = (length = 8) => randomToken(8).slice(0, length);
