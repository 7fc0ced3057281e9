/** Share links: the ambassador's custom links (is_default = 0) and campaign referral links (is_default = 1). */

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

const LIST_SELECT = `
  SELECT s.*, c.uid AS campaign_uid, c.name AS campaign_name,
         (SELECT COUNT(*) FROM clicks k WHERE k.share_link_uid = s.uid AND k.company_id = s.company_id AND k.counted = 1) AS clicks,
         (SELECT COUNT(*) FROM referrals r WHERE r.share_link_uid = s.uid AND r.company_id = s.company_id) AS referrals,
         (SELECT COALESCE(SUM(m.amount_minor), 0) FROM commissions m JOIN referrals r ON r.id = m.referral_id
           WHERE r.share_link_uid = s.uid AND m.company_id = s.company_id AND m.is_monetary = 1
             AND m.status IN ('pending', 'approved', 'paid')) AS earned_minor
    FROM share_links s JOIN campaigns c ON c.id = s.campaign_id AND c.company_id = s.company_id`;

/** The ambassador's custom share links, newest first (spec §9), one page. */
export async function listShareLinks(
  db: D1Database, companyId: string, ambassadorUid: string, page: { limit: number; offset: number },
) {
  const [rows, total] = await db.batch<ShareLinkListRow | { n: number }>([
    db.prepare(`${LIST_SELECT} WHERE s.company_id = ? AND s.ambassador_uid = ? AND s.is_default = 0
                 ORDER BY s.created_at DESC, s.uid DESC LIMIT ? OFFSET ?`)
      .bind(companyId, ambassadorUid, page.limit, page.offset),
    db.prepare('SELECT COUNT(*) AS n FROM share_links WHERE company_id = ? AND ambassador_uid = ? AND is_default = 0')
      .bind(companyId, ambassadorUid),
  ]);
  return { rows: rows!.results as ShareLinkListRow[], count: (total!.results[0] as { n: number } | undefined)?.n ?? 0 };
}

export function findShareLinkView(db: D1Database, companyId: string, uid: string) {
  return db.prepare(`${LIST_SELECT} WHERE s.company_id = ? AND s.uid = ?`).bind(companyId, uid).first<ShareLinkListRow>();
}

export function findShareLinkByCode(db: D1Database, companyId: string, shortCode: string) {
  return db
    .prepare('SELECT * FROM share_links WHERE company_id = ? AND short_code = ?')
    .bind(companyId, shortCode)
    .first<ShareLinkRow>();
}

export async function shortCodeTaken(db: D1Database, companyId: string, shortCode: string, exceptUid?: string) {
  const row = await db
    .prepare('SELECT uid FROM share_links WHERE company_id = ? AND short_code = ? AND uid <> ?')
    .bind(companyId, shortCode, exceptUid ?? '')
    .first<{ uid: string }>();
  return !!row;
}

export interface NewShareLink {
  uid: string; companyId: string; ambassadorUid: string; campaignId: number; shortCode: string;
  description: string; source: string; medium: string; redirectUrl: string | null; now: string;
}

/** Inserts a custom link; false when the short code was taken meanwhile (the UNIQUE index decides). */
export async function insertShareLink(db: D1Database, l: NewShareLink): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default, description, source,
                                medium, redirect_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (company_id, short_code) DO NOTHING`,
    )
    .bind(l.uid, l.companyId, l.ambassadorUid, l.campaignId, l.shortCode, l.description, l.source, l.medium, l.redirectUrl, l.now, l.now)
    .run();
  return res.meta.changes === 1;
}

export interface ShareLinkChanges {
  campaign_id?: number; short_code?: string; description?: string; source?: string; medium?: string;
  redirect_url?: string | null;
}

/** Updates the caller's own custom link; 'taken' when the new short code belongs to another link. */
export async function updateShareLink(
  db: D1Database, companyId: string, ambassadorUid: string, uid: string, changes: ShareLinkChanges, now: string,
): Promise<'ok' | 'taken'> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return 'ok';
  const sets = entries.map(([k]) => `${k} = ?`).join(', ');
  try {
    await db
      .prepare(`UPDATE share_links SET ${sets}, updated_at = ? WHERE company_id = ? AND ambassador_uid = ? AND uid = ? AND is_default = 0`)
      .bind(...entries.map(([, v]) => v), now, companyId, ambassadorUid, uid)
      .run();
    return 'ok';
  } catch (err) {
    if (String(err).includes('UNIQUE')) return 'taken';
    throw err;
  }
}

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
}

const TARGET_SELECT = `
  SELECT s.uid, s.company_id, s.ambassador_uid, s.campaign_id, s.short_code, s.redirect_url,
         c.url AS campaign_url, c.is_active AS campaign_active, a.deactivated_by_self
    FROM share_links s
    JOIN campaigns c ON c.id = s.campaign_id AND c.company_id = s.company_id
    JOIN ambassadors a ON a.uid = s.ambassador_uid AND a.company_id = s.company_id`;

export function findRedirectTarget(db: D1Database, companyId: string, shortCode: string) {
  return db.prepare(`${TARGET_SELECT} WHERE s.company_id = ? AND s.short_code = ?`).bind(companyId, shortCode).first<RedirectTargetRow>();
}

/**
 * The memorable URL's target: the referral link of the ambassador's longest-running active campaign
 * (earliest campaign start), dashboard-visible campaigns first. The ambassador is found by username or uid.
 */
export function findMemorableTarget(db: D1Database, companyId: string, slug: string) {
  return db
    .prepare(
      `${TARGET_SELECT}
        JOIN ambassador_campaigns m ON m.ambassador_uid = s.ambassador_uid AND m.campaign_id = s.campaign_id AND m.company_id = s.company_id
       WHERE s.company_id = ? AND s.is_default = 1 AND c.is_active = 1 AND a.deactivated_by_self = 0
         AND (a.username = ? OR a.uid = ?)
       ORDER BY c.is_hidden_dashboard, c.created_at, c.id
       LIMIT 1`,
    )
    .bind(companyId, slug, slug)
    .first<RedirectTargetRow>();
}

export interface MemberCampaignRow {
  id: number;
  uid: string;
  name: string;
  url: string;
  allowed_hosts: string;
  is_active: number;
}

/** One of the ambassador's campaigns, by numeric id or uid; null when not a member (or another company's). */
export function findMemberCampaign(db: D1Database, companyId: string, ambassadorUid: string, ref: number | string) {
  const byId = typeof ref === 'number';
  return db
    .prepare(
      `SELECT c.id, c.uid, c.name, c.url, c.allowed_hosts, c.is_active
         FROM ambassador_campaigns m JOIN campaigns c ON c.id = m.campaign_id AND c.company_id = m.company_id
        WHERE m.company_id = ? AND m.ambassador_uid = ? AND ${byId ? 'c.id' : 'c.uid'} = ?`,
    )
    .bind(companyId, ambassadorUid, ref)
    .first<MemberCampaignRow>();
}
