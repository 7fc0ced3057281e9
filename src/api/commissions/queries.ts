import { COMMISSION_SQL, type CommissionRow } from '../money/rows';
import type { EventSource } from '../webhooks/queries';

/** The operator's reads of commissions: the fraud holds waiting for review, and the list. */

/** Held and not reviewed yet: approve clears held_reason, deny makes it denied (and keeps the reason). */
const OPEN_HOLD = "m.held_reason IS NOT NULL AND m.status IN ('pending', 'zero')";

export interface HeldPointsRow {
  ambassador_uid: string;
  campaign_id: number;
  email: string | null;
  loyalty_points: number;
}

/** 1 when the ambassador is the company's. */
export const ambassadorKnownStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('SELECT COUNT(*) AS n FROM ambassadors WHERE company_id = ? AND uid = ?').bind(companyId, uid);

/** A held commission (not yet reviewed) with the referral points its campaign gives and its referral's e-mail. */
export const heldPointsStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `SELECT m.ambassador_uid, m.campaign_id, r.email, cp.loyalty_points FROM commissions m
       JOIN campaigns cp ON cp.company_id = m.company_id AND cp.id = m.campaign_id
       LEFT JOIN referrals r ON r.company_id = m.company_id AND r.id = m.referral_id
      WHERE m.company_id = ? AND m.uid = ? AND ${OPEN_HOLD}`,
  ).bind(companyId, uid);

export interface HeldCommissionRow extends CommissionRow {
  ambassador_email: string | null;
  ambassador_name: string;
  customer_email: string | null;
}

/**
 * The company's commissions, newest first (at most 500), with their ambassador and customer: `held` true only
 * those held and not reviewed yet, false only the others, null all; `ambassadorUid` one ambassador's; `status`
 * only those of that status (null: any); `order` oldest: the first 500 made instead of the last.
 */
export function commissionListStatement(
  db: D1Database, companyId: string, held: boolean | null, ambassadorUid: string | null, status: string | null = null,
  order: 'newest' | 'oldest' = 'newest',
) {
  const direction = order === 'oldest' ? 'ASC' : 'DESC';
  const holds = held === null ? '' : held ? ` AND ${OPEN_HOLD}` : ` AND NOT (${OPEN_HOLD})`;
  return db.prepare(
    `SELECT c.*, u.email AS ambassador_email, TRIM(u.first_name || ' ' || u.last_name) AS ambassador_name, rf.email AS customer_email
       FROM (${COMMISSION_SQL} WHERE m.company_id = ?1 AND (?2 IS NULL OR m.ambassador_uid = ?2) AND (?3 IS NULL OR m.status = ?3)${holds}) c
       JOIN ambassadors a ON a.company_id = c.company_id AND a.uid = c.ambassador_uid
       LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
       LEFT JOIN referrals rf ON rf.company_id = c.company_id AND rf.id = c.referral_id
      ORDER BY c.created_at ${direction}, c.id ${direction} LIMIT 500`,
  ).bind(companyId, ambassadorUid, status);
}

/**
 * A commission event's payload with what only the batch decides read from the row it announces (`m`): the
 * referral's id, a hold of the rate rule, and the figures a refund changed. The rest is the view as built.
 */
const COMMISSION_PAYLOAD = `json_set(?4, '$.data.commission.status', m.status, '$.data.commission.amount', m.amount_minor,
  '$.data.commission.revenue', m.revenue_minor, '$.data.commission.refunded_revenue', m.refunded_revenue_minor,
  '$.data.commission.updated_at', m.updated_at, '$.data.commission.referral_id', m.referral_id,
  '$.data.commission.held_reason', m.held_reason, '$.data.commission.held_at', m.held_at)`;

/** The commission of `uid` once written (a conversion of this request), and `where` of it holds (SQL over `m`). */
export const newCommissionSource = (uid: string, where = '1'): EventSource => ({
  from: `FROM commissions m WHERE m.company_id = ?2 AND m.uid = ?6 AND ${where}`, payload: COMMISSION_PAYLOAD, binds: [uid],
});

/** The commission of `id` once denied at `now` (a full refund of this request: a denied commission never moves again). */
export const deniedCommissionSource = (id: number, now: string): EventSource => ({
  from: "FROM commissions m WHERE m.company_id = ?2 AND m.id = ?6 AND m.status = 'denied' AND m.updated_at = ?7",
  payload: COMMISSION_PAYLOAD, binds: [id, now],
});
