import { batch, row, rows } from '../core/named-batch';
import type { Language } from '../../lib/languages';
import { textInSql } from '../core/row-language-sql';
import { activityNameSql, recordTextSql } from './activity-names';

/** The activity feed (referrals, commissions, payouts, redemptions, points) of one ambassador. */

export interface ActivityRow {
  id: number;
  campaign_id: number | null;
  campaign_uid: string | null;
  campaign_name: string | null;
  type: string;
  referred_name: string | null;
  referred_email: string | null;
  amount_minor: number | null;
  currency: string | null;
  points: number | null;
  status: string;
  payment_method: number | null;
  expire_at: string | null;
  event_data1: string | null;
  event_data2: string | null;
  event_data3: string | null;
  payout_id: number | null;
  redemption_id: number | null;
  created_at: string;
}

/**
 * A commission's status as its ambassador sees it: `under_review` while a fraud hold waits for the company's
 * review (held_reason set, not yet approved or denied), else its status.
 */
export const commissionStatusSql = (m: string) =>
  `CASE WHEN ${m}.held_reason IS NOT NULL AND ${m}.status IN ('pending', 'zero') THEN 'under_review' ELSE ${m}.status END`;

/**
 * A commission's activity shows the commission's status now (approved, paid, denied...), not the one it
 * had when the row was written: one source of status for every screen. Rows are linked by
 * commission_uid (migration 0013: one look-up in the (company, uid) index, however many commissions the
 * ambassador has), else, for rows written before and demo rows, by the transaction id they carry.
 */
export const activityStatusSql = (a: string) => `CASE WHEN ${a}.type = 'commission' THEN COALESCE((
    SELECT ${commissionStatusSql('m')} FROM commissions m
     WHERE m.company_id = ${a}.company_id AND m.uid = ${a}.commission_uid AND m.ambassador_uid = ${a}.ambassador_uid AND m.status <> 'zero'), (
    SELECT m.status FROM commissions m
     WHERE ${a}.commission_uid IS NULL AND m.company_id = ${a}.company_id AND m.ambassador_uid = ${a}.ambassador_uid AND m.status <> 'zero'
       AND m.transaction_id = ${a}.event_data1 AND m.amount_minor = ${a}.amount_minor
     ORDER BY m.id LIMIT 1), ${a}.status) ELSE ${a}.status END`;
const ACTIVITY_STATUS = activityStatusSql('a');

/** Newest first. With a campaign, that campaign's rows plus the account-wide ones (payouts, redemptions). */
export async function recentActivity(
  db: D1Database, companyId: string, ambassadorUid: string, campaignId: number | null, limit: number, lang: Language | null = null,
) {
  const campaignSql = campaignId === null ? '' : ' AND (a.campaign_id = ? OR a.campaign_id IS NULL)';
  const args: (string | number)[] = [companyId, ambassadorUid];
  if (campaignId !== null) args.push(campaignId);
  const page = await batch(db, {
    rows: rows<ActivityRow>(db.prepare(
      `SELECT a.id, a.campaign_id, c.uid AS campaign_uid, ${textInSql('c', 'name', lang)} AS campaign_name, a.type, a.referred_name, a.referred_email,
              a.amount_minor, a.currency, a.points, ${ACTIVITY_STATUS} AS status, a.payment_method, a.expire_at,
              ${activityNameSql('a', lang)} AS event_data1, ${recordTextSql('a.event_data2', lang)} AS event_data2, ${recordTextSql('a.event_data3', lang)} AS event_data3, a.payout_id, a.redemption_id, a.created_at
         FROM activities a LEFT JOIN campaigns c ON c.id = a.campaign_id AND c.company_id = a.company_id
        WHERE a.company_id = ? AND a.ambassador_uid = ?${campaignSql}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    ).bind(...args, limit)),
    total: row<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM activities a WHERE a.company_id = ? AND a.ambassador_uid = ?${campaignSql}`).bind(...args)),
  });
  return { rows: page.rows, count: page.total?.n ?? 0 };
}
