import type { Conversion } from '../../lib/schemas/operator';
import { isoNow, newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import { loadCustomization } from '../portal/customization';
import type { ServiceContext } from '../core/types';
import { commissionCreated } from '../webhooks/emit';
import type { Operator } from './keys';
import {
  CAMPAIGN_RULE_SQL, COMMISSION_SQL, REFERRAL_SQL, commissionAmount, commissionView, toMinor,
  type CampaignRuleRow, type CommissionRow, type ReferralRow,
} from './queries';

/**
 * POST /v1/operator/events - a conversion. Reads (campaign, referrer, an existing commission) leave in
 * one batch; the writes in a second one whose every statement is guarded, so however many copies of
 * the same conversion arrive at once, one referral, one commission and one set of activity and points
 * rows exist: the commission insert is skipped when (company, transaction, event) exists (and the unique
 * index commissions_transaction backs that up), and the rows after it only go in when the commission
 * of THIS request (its fresh uid) is there.
 */
export async function recordConversion(svc: ServiceContext, op: Operator, input: Conversion) {
  const { db } = svc;
  const company = op.companyId;
  const [campaigns, links, byEmail, existing, existingReferral] = await db.batch([
    db.prepare(CAMPAIGN_RULE_SQL).bind(company, input.campaign_uid),
    db.prepare(
      // A link's old codes attribute too (they keep redirecting: migration 0016).
      `SELECT s.uid, s.ambassador_uid, s.campaign_id FROM share_links s JOIN ambassadors a ON a.uid = s.ambassador_uid
        WHERE s.company_id = ?1 AND a.company_id = s.company_id AND (s.short_code = ?2 OR s.uid = (
          SELECT r.share_link_uid FROM share_link_retired_codes r WHERE r.company_id = ?1 AND r.short_code = ?2))`,
    ).bind(company, input.short_code ?? ''),
    db.prepare(
      `SELECT a.uid AS ambassador_uid, s.uid, s.campaign_id FROM users u JOIN ambassadors a ON a.user_id = u.id AND a.company_id = u.company_id
         JOIN ambassador_campaigns ac ON ac.ambassador_uid = a.uid AND ac.company_id = a.company_id
         JOIN campaigns cp ON cp.id = ac.campaign_id AND cp.uid = ?
         LEFT JOIN share_links s ON s.company_id = a.company_id AND s.ambassador_uid = a.uid AND s.campaign_id = cp.id AND s.is_default = 1
        WHERE u.company_id = ? AND u.email = ?`,
    ).bind(input.campaign_uid, company, input.referrer_email ?? ''),
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.transaction_id = ? AND m.event = ? AND m.kind = 'commission'`)
      .bind(company, input.transaction_uid, input.event_type),
    referralOf(db, company, input.transaction_uid, input.event_type),
  ]);
  const campaign = campaigns!.results[0] as CampaignRuleRow | undefined;
  if (!campaign) throw new ApiError('not_found', 'notFound');
  const found = existing!.results[0] as CommissionRow | undefined;
  if (found) return { created: false, body: answer(found, existingReferral!.results[0] as ReferralRow | undefined) };

  type Referrer = { ambassador_uid: string; uid: string | null; campaign_id: number };
  const referrer = input.short_code
    ? (links!.results as Referrer[]).find((l) => l.campaign_id === campaign.id)
    : (byEmail!.results[0] as Referrer | undefined);
  if (!referrer) throw fieldError(input.short_code ? 'short_code' : 'referrer_email', 'referrerUnknown');

  const revenue = toMinor(input.revenue, op.currency);
  const amount = commissionAmount(campaign, revenue);
  const status = amount === 0 ? 'zero' : input.is_approved ? 'approved' : 'pending';
  const monetary = campaign.commission_is_monetary;
  const uid = newUid('com');
  const now = isoNow();
  const amb = referrer.ambassador_uid;
  const { email } = input.customer;
  const name = [input.customer.first_name, input.customer.last_name].filter(Boolean).join(' ');
  const referralId = 'SELECT id FROM referrals WHERE company_id = ?1 AND ambassador_uid = ?2 AND campaign_id = ?3 AND email = ?4 ORDER BY id LIMIT 1';
  const mine = 'EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND uid = ?5)';
  // ?1 company ?2 ambassador ?3 campaign ?4 customer e-mail ?5 new commission uid ?6 now
  const base = [company, amb, campaign.id, email, uid, now] as const;
  const data = [input.event_data1 ?? input.transaction_uid, input.event_data2, input.event_data3];

  const writes: D1PreparedStatement[] = [
    db.prepare(
      `INSERT INTO referrals (company_id, ambassador_uid, campaign_id, share_link_uid, name, email, created_at)
       SELECT ?1, ?2, ?3, ?7, ?8, ?4, ?6
        WHERE NOT EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND transaction_id = ?9 AND event = ?10 AND kind = 'commission')
          AND NOT EXISTS (${referralId})`,
    ).bind(...base, referrer.uid, name, input.transaction_uid, input.event_type),
    db.prepare(
      `INSERT INTO commissions (uid, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor,
         currency, is_monetary, event, status, event_data1, event_data2, event_data3, created_at)
       SELECT ?5, ?1, ?2, ?3, (${referralId}), ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?6
        WHERE NOT EXISTS (SELECT 1 FROM commissions WHERE company_id = ?1 AND transaction_id = ?7 AND event = ?12 AND kind = 'commission')
       ON CONFLICT DO NOTHING`,
    ).bind(...base, input.transaction_uid, revenue, amount, op.currency, monetary, input.event_type, status,
      input.event_data1, input.event_data2, input.event_data3),
  ];
  if (status !== 'zero') {
    writes.push(db.prepare(
      `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, amount_minor, currency,
         status, event_data1, event_data2, event_data3, created_at, commission_uid)
       SELECT ?1, ?2, ?3, 'commission', ?7, ?4, ?8, ?9, ?10, ?11, ?12, ?13, ?6, ?5 WHERE ${mine}`,
    ).bind(...base, name, amount, op.currency, status, ...data));
  }
  if (campaign.loyalty_points > 0) {
    const points = campaign.loyalty_points;
    const expireDays = (await loadCustomization(db, company)).company.loyalty.points_expire_days;
    writes.push(
      // A lot (migrations/0005: the triggers open it and credit the balance); its uid follows the commission.
      db.prepare(
        `INSERT INTO loyalty_ledger (company_id, ambassador_uid, kind, entry_type, amount, status, campaign_id, referral_id, description, created_at, expire_at, uid)
         SELECT ?1, ?2, 'points', 'earn', ?7, 'posted', ?3, (${referralId}), 'Referral reward', ?6,
                CASE WHEN ?8 > 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?6, '+' || ?8 || ' days') END, 'points:' || ?5 WHERE ${mine}`,
      ).bind(...base, points, expireDays),
      db.prepare(
        `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, points, status, event_data1, created_at, expire_at)
         SELECT ?1, ?2, ?3, 'points', ?7, ?4, ?8, 'earn', 'Referral reward', ?6,
                CASE WHEN ?9 > 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?6, '+' || ?9 || ' days') END WHERE ${mine}`,
      ).bind(...base, name, points, expireDays),
    );
  }
  writes.push(
    referralOf(db, company, input.transaction_uid, input.event_type),
    db.prepare(`${COMMISSION_SQL} WHERE m.company_id = ? AND m.transaction_id = ? AND m.event = ? AND m.kind = 'commission'`)
      .bind(company, input.transaction_uid, input.event_type),
  );
  const results = await db.batch(writes);
  const row = results.at(-1)!.results[0] as CommissionRow | undefined;
  if (!row) throw new ApiError('conflict', 'payoutConflict');
  if (row.uid === uid) await commissionCreated(svc, company, row);
  return { created: row.uid === uid, body: answer(row, results.at(-2)!.results[0] as ReferralRow | undefined) };
}

/** The referral of the commission of (transaction, event), read in the same batch as the commission. */
const referralOf = (db: D1Database, company: string, transactionUid: string, event: string) =>
  db.prepare(`${REFERRAL_SQL} WHERE r.company_id = ?1 AND r.id = (SELECT referral_id FROM commissions
      WHERE company_id = ?1 AND transaction_id = ?2 AND event = ?3 AND kind = 'commission')`).bind(company, transactionUid, event);

/** `{ referral, commission }` of a commission row. */
function answer(row: CommissionRow, referral: ReferralRow | undefined) {
  return { referral: referral ?? null, commission: commissionView(row) };
}
