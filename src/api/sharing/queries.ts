/** Share links: the ambassador's custom links (is_default = 0) and campaign referral links (is_default = 1). */
import { batch, row, rows } from '../core/named-batch';
import type { Language } from '../../lib/languages';
import { textInSql } from '../core/row-language-sql';

export interface ShareLinkRow {
  uid: string;
  company_id: string;
  ambassador_uid: string;
  campaign_id: number;
  short_code: string;
  is_default: number;
  description: string;
  source: string;
  medium: string;
  redirect_url: string | null;
  created_at: string;
  updated_at: string;
}

/** A link with its campaign and the numbers the share-link table shows. */
export interface ShareLinkListRow extends ShareLinkRow {
  campaign_uid: string;
  campaign_name: string;
  clicks: number;
  referrals: number;
  earned_minor: number;
}

/**
 * The link's numbers come from its counters (share_link_counters, migrations/0019_counters.sql: kept by
 * triggers on clicks, referrals and commissions), one row per link however many clicks it has.
 */
const listSelect = (lang: Language | null) => `
  SELECT s.*, c.uid AS campaign_uid, ${textInSql('c', 'name', lang)} AS campaign_name,
         COALESCE(n.clicks, 0) AS clicks, COALESCE(n.referrals, 0) AS referrals, COALESCE(n.earned_minor, 0) AS earned_minor
    FROM share_links s JOIN campaigns c ON c.id = s.campaign_id AND c.company_id = s.company_id
    LEFT JOIN share_link_counters n ON n.company_id = s.company_id AND n.share_link_uid = s.uid`;

/** The ambassador's custom share links, newest first (spec §9), one page. */
export async function listShareLinks(
  db: D1Database, companyId: string, ambassadorUid: string, page: { limit: number; offset: number }, lang: Language | null,
) {
  const { list, total } = await batch(db, {
    list: rows<ShareLinkListRow>(db.prepare(`${listSelect(lang)} WHERE s.company_id = ? AND s.ambassador_uid = ? AND s.is_default = 0
                 ORDER BY s.created_at DESC, s.uid DESC LIMIT ? OFFSET ?`)
      .bind(companyId, ambassadorUid, page.limit, page.offset)),
    total: row<{ n: number }>(db.prepare('SELECT COUNT(*) AS n FROM share_links WHERE company_id = ? AND ambassador_uid = ? AND is_default = 0')
      .bind(companyId, ambassadorUid)),
  });
  return { rows: list, count: total?.n ?? 0 };
}

export function shareLinkViewStatement(db: D1Database, companyId: string, uid: string, lang: Language | null) {
  return db.prepare(`${listSelect(lang)} WHERE s.company_id = ? AND s.uid = ?`).bind(companyId, uid);
}

/** The landing page and allowed hosts of a campaign (what a link's redirect URL is checked against). */
export interface CampaignHostsRow {
  id: number;
  url: string;
  allowed_hosts: string;
}

/**
 * The hosts of campaign `campaignId`, or, when it is null, of the campaign link `linkUid` belongs to:
 * an edit that keeps its campaign learns it in the same round trip as the link itself.
 */
export function campaignHostsStatement(db: D1Database, companyId: string, campaignId: number | null, linkUid?: string) {
  return db
    .prepare(
      `SELECT id, url, allowed_hosts FROM campaigns
        WHERE company_id = ?1 AND id = COALESCE(?2, (SELECT campaign_id FROM share_links WHERE company_id = ?1 AND uid = ?3))`,
    )
    .bind(companyId, campaignId, linkUid ?? '');
}

export interface NewShareLink {
  uid: string; companyId: string; ambassadorUid: string; campaignId: number; shortCode: string;
  description: string; source: string; medium: string; redirectUrl: string | null; now: string;
}

/** Inserts a custom link; nothing when the short code is taken (the UNIQUE index decides, any letter case). */
export function insertShareLinkStatement(db: D1Database, l: NewShareLink) {
  return db
    .prepare(
      `INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default, description, source,
                                medium, redirect_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (company_id, short_code) DO NOTHING`,
    )
    .bind(l.uid, l.companyId, l.ambassadorUid, l.campaignId, l.shortCode, l.description, l.source, l.medium, l.redirectUrl, l.now, l.now);
}

export interface ShareLinkChanges {
  campaign_id?: number; short_code?: string; description?: string; source?: string; medium?: string;
  redirect_url?: string | null;
}

/** Updates the caller's own custom link (a taken short code fails on the UNIQUE index). */
export function updateShareLinkStatement(
  db: D1Database, companyId: string, ambassadorUid: string, uid: string, changes: ShareLinkChanges, now: string,
) {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  const sets = entries.map(([k]) => `${k} = ?, `).join('');
  return db
    .prepare(`UPDATE share_links SET ${sets}updated_at = ? WHERE company_id = ? AND ambassador_uid = ? AND uid = ? AND is_default = 0`)
    .bind(...entries.map(([, v]) => v ?? null), now, companyId, ambassadorUid, uid);
}

/**
 * A short code another link has: the UNIQUE index of share_links, or the trigger that keeps a retired code
 * for its link (migration 0018: `short_code_taken`, a whole word of D1's message).
 */
export const isUniqueViolation = (err: unknown) => /\bUNIQUE constraint failed\b|\bshort_code_taken\b/.test(String(err));

/** What a `/r/<code>` redirect needs: the link, its campaign and whether the ambassador is active. */
export interface RedirectTargetRow {
  uid: string;
  company_id: string;
  ambassador_uid: string;
  campaign_id: number;
  short_code: string;
  redirect_url: string | null;
  campaign_url: string;
  campaign_active: number;
  deactivated_by_self: number;
  /** Set when the company deactivated the ambassador (operator API): their links stop like a self-deactivation. */
  deactivated_at: string | null;
}

const TARGET_SELECT = `
  SELECT s.uid, s.company_id, s.ambassador_uid, s.campaign_id, s.short_code, s.redirect_url,
         c.url AS campaign_url, c.is_active AS campaign_active, a.deactivated_by_self, a.deactivated_at
    FROM share_links s
    JOIN campaigns c ON c.id = s.campaign_id AND c.company_id = s.company_id
    JOIN ambassadors a ON a.uid = s.ambassador_uid AND a.company_id = s.company_id`;

/** The link a code names: its current code, else a code it had before (migration 0016: old codes keep working). */
const redirectTargetStatement = (db: D1Database, companyId: string, shortCode: string) =>
  db.prepare(
    `${TARGET_SELECT} WHERE s.company_id = ?1 AND (s.short_code = ?2 OR s.uid = (
        SELECT r.share_link_uid FROM share_link_retired_codes r WHERE r.company_id = ?1 AND r.short_code = ?2))
      ORDER BY s.short_code = ?2 DESC LIMIT 1`,
  ).bind(companyId, shortCode);

// The campaign an ambassador's memorable URL and share code follow: their longest-running active campaign
// (earliest campaign start), dashboard-visible campaigns first. The store paths credit a share code to the
// same campaign (src/api/attribution/queries.ts referrerOfShareCodeStatement).
const OWN_LINK_OF_FIRST_CAMPAIGN = `
        JOIN ambassador_campaigns m ON m.ambassador_uid = s.ambassador_uid AND m.campaign_id = s.campaign_id AND m.company_id = s.company_id
       WHERE s.company_id = ? AND s.is_default = 1 AND c.is_active = 1 AND a.deactivated_by_self = 0 AND a.deactivated_at IS NULL`;
export const FIRST_CAMPAIGN_ORDER = 'ORDER BY c.is_hidden_dashboard, c.created_at, c.id LIMIT 1';

/** The referral link a personal share code (any case, migration 0028) stands for. */
const shareCodeTargetStatement = (db: D1Database, companyId: string, shareCode: string) =>
  db.prepare(`${TARGET_SELECT}${OWN_LINK_OF_FIRST_CAMPAIGN} AND a.share_code = ? COLLATE NOCASE ${FIRST_CAMPAIGN_ORDER}`)
    .bind(companyId, shareCode);

/**
 * What `/r/<code>` names, in one round trip: a share link by its code (current or retired), else the
 * referral link of the ambassador whose share code it is. Migration 0028 keeps the two kinds of code apart,
 * so at most one of them answers.
 */
export async function findCodeTarget(db: D1Database, companyId: string, code: string): Promise<RedirectTargetRow | null> {
  const [byShortCode, byShareCode] = await db.batch<RedirectTargetRow>([
    redirectTargetStatement(db, companyId, code),
    shareCodeTargetStatement(db, companyId, code),
  ]);
  return byShortCode?.results[0] ?? byShareCode?.results[0] ?? null;
}

/**
 * The memorable URL's target: the referral link of the ambassador's longest-running active campaign
 * (earliest campaign start), dashboard-visible campaigns first. The ambassador is found by username or uid.
 */
export function findMemorableTarget(db: D1Database, companyId: string, slug: string) {
  return db
    .prepare(`${TARGET_SELECT}${OWN_LINK_OF_FIRST_CAMPAIGN} AND (a.username = ? OR a.uid = ?) ${FIRST_CAMPAIGN_ORDER}`)
    .bind(companyId, slug, slug)
    .first<RedirectTargetRow>();
}

/** A live personal discount code of the caller (migration 0021), by campaign id. */
export interface OwnPersonalCodeRow {
  code: string;
  campaign_id: number;
}

/** The ambassador's live personal codes, oldest first; the company's only (tenant) and never a revoked one. */
export function ownPersonalCodesStatement(db: D1Database, companyId: string, ambassadorUid: string) {
  return db.prepare(
    `SELECT code, campaign_id FROM personal_codes
      WHERE company_id = ? AND ambassador_uid = ? AND revoked_at IS NULL ORDER BY id LIMIT 100`,
  ).bind(companyId, ambassadorUid);
}
