/** Clicks on share links and shares of them: the raw events the stats count. */

export interface NewClick {
  companyId: string;
  /** The link clicked; its campaign and ambassador are taken from the link's own row. */
  shareLinkUid: string;
  referrerHost: string | null;
  country: string | null;
  clientHash: string;
  /** A known bot: stored, never counted. */
  bot: boolean;
  now: string;
  /** Same client and link since this time: a repeat, stored but not counted. */
  repeatSince: string;
}

/**
 * Records a click in one statement: the link's company, campaign and ambassador come from the link's
 * row (so a caller can name only a link of the tenant), and whether it counts is decided inside the
 * same INSERT (bot flag, or an earlier click of the same client on the same link within the window),
 * so two simultaneous clicks cannot both count as first ones. Null when the tenant has no such link.
 */
export function insertClick(db: D1Database, k: NewClick) {
  return db
    .prepare(
      `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at)
       SELECT s.company_id, s.uid, s.campaign_id, s.ambassador_uid, ?3, ?4, ?5,
              CASE WHEN ?6 = 1 OR EXISTS (
                SELECT 1 FROM clicks WHERE share_link_uid = s.uid AND client_hash = ?5 AND created_at >= ?7
              ) THEN 0 ELSE 1 END,
              ?8
         FROM share_links s WHERE s.company_id = ?1 AND s.uid = ?2
       RETURNING counted`,
    )
    .bind(k.companyId, k.shareLinkUid, k.referrerHost, k.country, k.clientHash, k.bot ? 1 : 0, k.repeatSince, k.now)
    .first<{ counted: number }>();
}

export interface NewShare {
  companyId: string;
  ambassadorUid: string;
  /** The caller's link, by short code (any letter case). */
  shortCode: string;
  socialName: string;
  recipientEmail: string | null;
  recipientUsername: string | null;
  now: string;
}

/**
 * Records a share of one of the ambassador's own links in one statement; `changes` is 0 when the
 * short code is unknown or someone else's.
 */
export function insertShare(db: D1Database, s: NewShare) {
  return db
    .prepare(
      `INSERT INTO shares (company_id, ambassador_uid, campaign_id, share_link_uid, social_name, recipient_email, recipient_username, created_at)
       SELECT l.company_id, l.ambassador_uid, l.campaign_id, l.uid, ?, ?, ?, ?
         FROM share_links l WHERE l.company_id = ? AND l.ambassador_uid = ? AND l.short_code = ?`,
    )
    .bind(s.socialName, s.recipientEmail, s.recipientUsername, s.now, s.companyId, s.ambassadorUid, s.shortCode)
    .run();
}
