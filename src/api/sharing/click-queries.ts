/** Clicks on share links and shares of them: the raw events the stats count. */

export interface NewClick {
  companyId: string;
  shareLinkUid: string;
  campaignId: number;
  ambassadorUid: string;
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
 * Records a click. Whether it counts is decided inside the one INSERT (bot flag, or an earlier click of
 * the same client on the same link within the window), so two simultaneous clicks cannot both count
 * as first ones.
 */
export function insertClick(db: D1Database, k: NewClick) {
  return db
    .prepare(
      `INSERT INTO clicks (company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7,
              CASE WHEN ?8 = 1 OR EXISTS (
                SELECT 1 FROM clicks WHERE share_link_uid = ?2 AND client_hash = ?7 AND created_at >= ?9
              ) THEN 0 ELSE 1 END,
              ?10`,
    )
    .bind(k.companyId, k.shareLinkUid, k.campaignId, k.ambassadorUid, k.referrerHost, k.country, k.clientHash,
      k.bot ? 1 : 0, k.repeatSince, k.now)
    .run();
}

export interface NewShare {
  companyId: string;
  ambassadorUid: string;
  campaignId: number;
  shareLinkUid: string | null;
  socialName: string;
  recipientEmail: string | null;
  recipientUsername: string | null;
  now: string;
}

export function insertShare(db: D1Database, s: NewShare) {
  return db
    .prepare(
      `INSERT INTO shares (company_id, ambassador_uid, campaign_id, share_link_uid, social_name, recipient_email, recipient_username, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(s.companyId, s.ambassadorUid, s.campaignId, s.shareLinkUid, s.socialName, s.recipientEmail, s.recipientUsername, s.now)
    .run();
}
