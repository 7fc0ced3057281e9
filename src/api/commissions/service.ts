import type { Conversion } from '../../lib/schemas/operator';
import { holdFor } from './fraud-holds';
import { isoNow, newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import { loadCustomization } from '../companies/customization';
import type { ServiceContext } from '../core/types';
import { commissionCreatedEvents } from './events';
import type { Operator } from '../core/operator-keys';
import { batch, row as one, rows as all, type Answers, type Steps } from '../core/named-batch';
import { commissionOfTransactionStatement, referralOfTransactionStatement } from '../money/commission-queries';
import { recordConversion as moneyRecordConversion, type BatchWith, type ConversionRows } from '../money/commissions';
import { CAMPAIGN_RULE_SQL, type CampaignRuleRow, commissionAmount, toMinor } from '../money/rules';
import { commissionView } from './view';
import type { CommissionRow, ReferralRow } from '../money/rows';

/** Who a conversion credits: the ambassador, the share link (null: none, e.g. by e-mail without a default link), the campaign. */
export type Referrer = { ambassador_uid: string; uid: string | null; campaign_id: number };

/**
 * POST /v1/operator/events - a conversion. Reads (campaign, referrer, an existing commission) leave in
 * one batch; the writes are the money operation recordConversion (src/api/money/commissions.ts), one
 * guarded batch, so however many copies of the same conversion arrive at once, one referral, one
 * commission and one set of activity and points rows exist.
 */
export async function recordConversion(svc: ServiceContext, op: Operator, input: Conversion) {
  const { db } = svc;
  const company = op.companyId;
  const { campaign, links, byShareCode, byEmail, existing, existingReferral } = await batch(db, {
    campaign: one<CampaignRuleRow>(db.prepare(CAMPAIGN_RULE_SQL).bind(company, input.campaign_uid)),
    links: all<Referrer>(db.prepare(
      // A link's old codes attribute too (they keep redirecting: migration 0016).
      `SELECT s.uid, s.ambassador_uid, s.campaign_id FROM share_links s JOIN ambassadors a ON a.uid = s.ambassador_uid
        WHERE s.company_id = ?1 AND a.company_id = s.company_id AND (s.short_code = ?2 OR s.uid = (
          SELECT r.share_link_uid FROM share_link_retired_codes r WHERE r.company_id = ?1 AND r.short_code = ?2))`,
    ).bind(company, input.short_code ?? '')),
    // The share code the dashboard shows (any case): its ambassador, a member of the event's campaign, with
    // their referral link of it. Migration 0028 keeps share codes and short codes apart.
    byShareCode: one<Referrer>(db.prepare(
      `SELECT a.uid AS ambassador_uid, s.uid, cp.id AS campaign_id FROM ambassadors a
         JOIN ambassador_campaigns ac ON ac.ambassador_uid = a.uid AND ac.company_id = a.company_id
         JOIN campaigns cp ON cp.id = ac.campaign_id AND cp.company_id = a.company_id AND cp.uid = ?
         LEFT JOIN share_links s ON s.company_id = a.company_id AND s.ambassador_uid = a.uid AND s.campaign_id = cp.id AND s.is_default = 1
        WHERE a.company_id = ? AND a.share_code = ? COLLATE NOCASE`,
    ).bind(input.campaign_uid, company, input.short_code ?? '')),
    byEmail: one<Referrer>(db.prepare(
      `SELECT a.uid AS ambassador_uid, s.uid, s.campaign_id FROM users u JOIN ambassadors a ON a.user_id = u.id AND a.company_id = u.company_id
         JOIN ambassador_campaigns ac ON ac.ambassador_uid = a.uid AND ac.company_id = a.company_id
         JOIN campaigns cp ON cp.id = ac.campaign_id AND cp.uid = ?
         LEFT JOIN share_links s ON s.company_id = a.company_id AND s.ambassador_uid = a.uid AND s.campaign_id = cp.id AND s.is_default = 1
        WHERE u.company_id = ? AND u.email = ?`,
    ).bind(input.campaign_uid, company, input.referrer_email ?? '')),
    existing: one<CommissionRow>(commissionOfTransactionStatement(db, company, input.transaction_uid, input.event_type)),
    existingReferral: one<ReferralRow>(referralOfTransactionStatement(db, company, input.transaction_uid, input.event_type)),
  });
  if (!campaign) throw new ApiError('not_found', 'notFound');
  if (existing) return { created: false, body: answer(existing, existingReferral ?? undefined) };

  const referrer = input.short_code ? links.find((l) => l.campaign_id === campaign.id) ?? byShareCode ?? undefined : (byEmail ?? undefined);
  if (!referrer) throw fieldError(input.short_code ? 'short_code' : 'referrer_email', 'referrerUnknown');

  const { created, row, referral } = await recordReferredConversion(svc, company, campaign, referrer, {
    transactionUid: input.transaction_uid, eventType: input.event_type, revenueMinor: toMinor(input.revenue, op.currency),
    currency: op.currency, isApproved: input.is_approved,
    customer: { email: input.customer.email, name: [input.customer.first_name, input.customer.last_name].filter(Boolean).join(' ') },
    eventData: [input.event_data1, input.event_data2, input.event_data3],
    // The company's own backend reports these: the rules apply as to a store's sale, unless the company sent
    // the conversion approved (it vouched for it).
    screen: input.is_approved ? false : { clickUids: [] },
  });
  return { created, body: answer(row, referral ?? undefined) };
}

/** A sale whose referrer is known: what the money operation needs besides the campaign and the referrer. */
export interface ReferredSale {
  transactionUid: string;
  eventType: 'first' | 'second';
  /** Minor units of `currency` (the company currency). */
  revenueMinor: number;
  currency: string;
  isApproved: boolean;
  customer: { email: string; name: string };
  eventData: [string | null, string | null, string | null];
  /**
   * Fraud holds (src/api/commissions/fraud-holds.ts): checked unless `false`. `clickUids`: the verified click
   * ids the sale came with (and its lead's), for the own-click rule; `emails`: the customer's other addresses
   * (a lead's) for the own-e-mail and disposable rules.
   */
  screen: { clickUids: readonly string[]; emails?: readonly string[] } | false;
  /** The click id that credited the sale, kept on the commission (a click stored later is checked against it). */
  clickUid?: string | null;
}

/**
 * The one way a conversion goes in, whoever found its referrer (the operator's events, a store webhook, the
 * sale API): the campaign's rule makes the commission, the money operation recordConversion writes it once
 * per (transaction, event), held for review when a fraud rule says so, and a new one is announced
 * (`commission.created`, and `commission.held`) in the same batch, only with this request's commission.
 * `also`: a store event's claim that opens the batch, and the caller's own steps that go with the commission
 * (BatchWith). `created` false: the transaction's commission existed; `row` is it as stored.
 */
export async function recordReferredConversion<S extends Steps = Record<never, never>>(
  svc: ServiceContext, company: string, campaign: CampaignRuleRow, referrer: Referrer, sale: ReferredSale, also: BatchWith<S> = {},
) {
  const { db } = svc;
  const amount = commissionAmount(campaign, sale.revenueMinor);
  const status = amount === 0 ? 'zero' : sale.isApproved ? 'approved' : 'pending';
  const uid = newUid('com');
  const now = isoNow();
  // The company's settings, read once when the hold's rate limit or the points' expiry needs them.
  let custom: ReturnType<typeof loadCustomization> | undefined;
  const settings = () => (custom ??= loadCustomization(db, company));
  const hold = sale.screen === false ? null
    : await holdFor(svc, company, {
      ambassadorUid: referrer.ambassador_uid, customerEmails: [sale.customer.email, ...(sale.screen.emails ?? [])], clickUids: sale.screen.clickUids, now,
    }, settings());
  const rows: ConversionRows = {
    companyId: company, ambassadorUid: referrer.ambassador_uid, campaignId: campaign.id, shareLinkUid: referrer.uid,
    customerName: sale.customer.name, customerEmail: sale.customer.email,
    commissionUid: uid, transactionUid: sale.transactionUid, event: sale.eventType, revenueMinor: sale.revenueMinor, amountMinor: amount,
    currency: sale.currency, isMonetary: campaign.commission_is_monetary, status,
    eventData: sale.eventData, now, hold, clickUid: sale.clickUid ?? null,
  };
  const points = campaign.loyalty_points > 0
    ? { points: campaign.loyalty_points, expireDays: (await settings()).company.loyalty.points_expire_days }
    : null;
  const activityData = [sale.eventData[0] ?? sale.transactionUid, sale.eventData[1], sale.eventData[2]];
  const events = commissionCreatedEvents(svc, company, plannedRow(rows, campaign.uid));
  const { commission: row, referral, then } = await moneyRecordConversion(db, rows, activityData, points, {
    claim: also.claim, then: { ...events.steps, ...(also.then ?? ({} as S)) },
  });
  // Not there after the batch: a racing write of the same conversion; nothing of this request went in.
  if (!row) throw new ApiError('conflict', 'conversionConflict');
  events.enqueue(then);
  return { created: row.uid === uid, row, referral, then: then as Answers<S> };
}

/**
 * The commission a conversion's rows make, as its events show it; what the batch decides (the referral's id, a
 * hold of the rate rule) is read from the row into the payload (commissionCreatedEvents).
 */
function plannedRow(c: ConversionRows, campaignUid: string): CommissionRow {
  const reason = c.hold?.reason ?? null;
  return {
    id: 0, uid: c.commissionUid, kind: 'commission', company_id: c.companyId, ambassador_uid: c.ambassadorUid, campaign_id: c.campaignId,
    campaign_uid: campaignUid, referral_id: null, transaction_id: c.transactionUid, revenue_minor: c.revenueMinor, refunded_revenue_minor: 0,
    amount_minor: c.amountMinor, currency: c.currency, is_monetary: c.isMonetary, event: c.event as CommissionRow['event'], status: c.status,
    payout_id: null, payout_uid: null, reverses_uid: null, event_data1: c.eventData[0] ?? null, event_data2: c.eventData[1] ?? null,
    event_data3: c.eventData[2] ?? null, created_at: c.now, updated_at: null, held_reason: reason as CommissionRow['held_reason'],
    held_at: reason ? c.now : null, held_signals: reason === 'own_click' ? c.hold?.signals ?? null : null,
  };
}

/** `{ referral, commission }` of a commission row. */
function answer(row: CommissionRow, referral: ReferralRow | undefined) {
  return { referral: referral ?? null, commission: commissionView(row) };
}
