import { OWN_CLIENT_DAYS } from '../commissions/fraud-rules';
import { holdLateOwnClicks } from '../money/commissions';

/** Clicks on share links and shares of them: the raw events the stats count. */

/** A second click of the same client on the same link within this window is stored but not counted. */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;

/** A click as the redirect saw it: what the queue carries and what one row of `clicks` is made from. */
export interface NewClick {
  /** Made when the visitor was redirected (a UUID): a click delivered twice is stored once. */
  clickUid: string;
  companyId: string;
  /** The link clicked; its campaign and ambassador are taken from the link's own row. */
  shareLinkUid: string;
  referrerHost: string | null;
  country: string | null;
  /** Salted hash of the client address and user agent (never the address itself). */
  clientHash: string;
  /** Salted hashes of the address alone and of the browser's device id alone (fraud rules); null when unknown. */
  ipHash?: string | null;
  deviceHash?: string | null;
  /** A known bot: stored, never counted. */
  bot: boolean;
  /** When the visitor clicked (ISO UTC): the row's created_at and the end of its repeat window. */
  at: string;
}

/**
 * One click as one statement: the link's company, campaign and ambassador come from the link's row (so
 * a caller can name only a link of the tenant, and a link deleted since the click just stores nothing),
 * and whether it counts is decided inside the same INSERT (bot flag, or an earlier click of the same
 * client on the same link within the window), so two simultaneous clicks cannot both count as first
 * ones. A click whose id is already stored is skipped (ON CONFLICT DO NOTHING): RETURNING then gives no
 * row and the daily rollup, which only the INSERT trigger of migration 0004 moves, does not move.
 */
function clickInsert(db: D1Database, k: NewClick): D1PreparedStatement {
  const repeatSince = new Date(Date.parse(k.at) - REPEAT_WINDOW_MS).toISOString();
  return db
    .prepare(
      `INSERT INTO clicks (click_uid, company_id, share_link_uid, campaign_id, ambassador_uid, referrer_host, country, client_hash, counted, created_at,
         ip_hash, device_hash)
       SELECT ?9, s.company_id, s.uid, s.campaign_id, s.ambassador_uid, ?3, ?4, ?5,
              CASE WHEN ?6 = 1 OR EXISTS (
                SELECT 1 FROM clicks WHERE share_link_uid = s.uid AND client_hash = ?5 AND created_at >= ?7
              ) THEN 0 ELSE 1 END,
              ?8, ?10, ?11
         FROM share_links s WHERE s.company_id = ?1 AND s.uid = ?2
       ON CONFLICT (click_uid) DO NOTHING
       RETURNING counted`,
    )
    .bind(k.companyId, k.shareLinkUid, k.referrerHost, k.country, k.clientHash, k.bot ? 1 : 0, repeatSince, k.at, k.clickUid,
      k.ipHash ?? null, k.deviceHash ?? null);
}

/**
 * Stores clicks in ONE D1 batch (one round trip, one transaction), oldest first so that of a client's
 * clicks in the batch the first one is the one that counts. Per click, in the order given: whether it
 * counts, or null when nothing was stored (its id was stored before, or its link is gone).
 */
export async function writeClicks(db: D1Database, clicks: NewClick[]): Promise<({ counted: boolean } | null)[]> {
  const order = clicks.map((_, i) => i).sort((a, b) => clicks[a]!.at.localeCompare(clicks[b]!.at));
  // Last in the same batch: a sale credited by one of these clicks before it landed is held now if the click
  // came from the ambassador's own network or browser (the rule the sale could not apply without it).
  const nowMs = Date.now();
  const lateHolds = holdLateOwnClicks(db, clicks.map((k) => k.clickUid),
    new Date(nowMs - OWN_CLIENT_DAYS * 86_400_000).toISOString(), new Date(nowMs).toISOString());
  const results = await db.batch<{ counted: number }>([...order.map((i) => clickInsert(db, clicks[i]!)), lateHolds]);
  const stored: ({ counted: boolean } | null)[] = clicks.map(() => null);
  order.forEach((i, k) => {
    const row = results[k]?.results[0];
    if (row) stored[i] = { counted: row.counted === 1 };
  });
  return stored;
}

/** A click of the company stored earlier under this id (a retried POST /clicks/), or null. */
export async function findClick(db: D1Database, companyId: string, clickUid: string): Promise<{ counted: boolean } | null> {
  const row = await db.prepare('SELECT counted FROM clicks WHERE company_id = ? AND click_uid = ?').bind(companyId, clickUid).first<{ counted: number }>();
  return row ? { counted: row.counted === 1 } : null;
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
