import type { HoldReason, OwnSignal } from './fraud-rules';
import { currencyMinorDigits, minorToDecimal } from '../../lib/format';
import { MAX_MONEY_MINOR } from '../../lib/money-limits';
import { fieldError } from '../core/errors';

/** The operator API's SQL reads and the JSON views of its rows. Amounts are integer minor units. */

/**
 * A decimal string ("49.99") in the currency to minor units; more decimals than the currency has fail, and
 * so does an amount above MAX_MONEY_MINOR minor units (src/lib/money-limits.ts), naming the largest one.
 */
export function toMinor(decimal: string, currency: string, field = 'revenue'): number {
  const digits = currencyMinorDigits(currency);
  const [whole = '0', frac = ''] = decimal.split('.');
  if (frac.slice(digits).replace(/0+$/, '')) throw fieldError(field, 'revenueInvalid', { digits });
  const minor = Number(whole) * 10 ** digits + Number(frac.slice(0, digits).padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw fieldError(field, 'revenueInvalid', { digits });
  if (minor > MAX_MONEY_MINOR) {
    throw fieldError(field, `The amount is above the largest amount accepted: ${minorToDecimal(MAX_MONEY_MINOR, currency)} ${currency.toUpperCase()}.`);
  }
  return minor;
}

export interface CampaignRuleRow {
  id: number;
  uid: string;
  commission_rate_bps: number;
  commission_type: 'percentage' | 'fixed';
  commission_fixed_minor: number;
  commission_is_monetary: number;
  loyalty_points: number;
}

export const CAMPAIGN_RULE_SQL = `SELECT id, uid, commission_rate_bps, commission_type, commission_fixed_minor, commission_is_monetary,
  loyalty_points FROM campaigns WHERE company_id = ? AND uid = ?`;

/** The commission of a conversion under the campaign's rule (0003_operator). */
export function commissionAmount(rule: CampaignRuleRow, revenueMinor: number): number {
  if (rule.commission_type === 'fixed') return rule.commission_fixed_minor;
  return Math.round((revenueMinor * rule.commission_rate_bps) / 10_000);
}

export interface CommissionRow {
  id: number;
  uid: string;
  kind: 'commission' | 'clawback';
  company_id: string;
  ambassador_uid: string;
  campaign_id: number;
  campaign_uid: string;
  referral_id: number | null;
  transaction_id: string;
  revenue_minor: number;
  refunded_revenue_minor: number;
  amount_minor: number;
  currency: string;
  is_monetary: number;
  event: 'first' | 'second';
  status: 'pending' | 'approved' | 'paid' | 'zero' | 'denied';
  payout_id: number | null;
  payout_uid: string | null;
  reverses_uid: string | null;
  event_data1: string | null;
  event_data2: string | null;
  event_data3: string | null;
  created_at: string;
  updated_at: string | null;
  /** Fraud holds: why it is held (null: not held, or approved after review) and when it was held. */
  held_reason: HoldReason | null;
  held_at: string | null;
  /** own_click: which of the ambassador's own signals the sale's click shared ('ip', 'device', 'ip device'). */
  held_signals: string | null;
}

/** Commissions with the uids their references are known by; add `WHERE m.company_id = ? AND ...`. */
export const COMMISSION_SQL = `SELECT m.id, m.uid, m.kind, m.company_id, m.ambassador_uid, m.campaign_id, cp.uid AS campaign_uid,
  m.referral_id, m.transaction_id, m.revenue_minor, m.refunded_revenue_minor, m.amount_minor, m.currency, m.is_monetary, m.event,
  m.status, m.payout_id, p.uid AS payout_uid, r.uid AS reverses_uid, m.event_data1, m.event_data2, m.event_data3, m.created_at,
  m.updated_at, m.held_reason, m.held_at, m.held_signals
  FROM commissions m JOIN campaigns cp ON cp.id = m.campaign_id
  LEFT JOIN payouts p ON p.company_id = m.company_id AND p.id = m.payout_id
  LEFT JOIN commissions r ON r.company_id = m.company_id AND r.id = m.reverses_id`;

export function commissionView(m: CommissionRow) {
  return {
    uid: m.uid,
    kind: m.kind,
    status: m.status,
    /** Minor units of `currency` (negative for a clawback). */
    amount: m.amount_minor,
    currency: m.currency,
    is_monetary: m.is_monetary === 1,
    event_type: m.event,
    transaction_uid: m.transaction_id,
    /** Revenue still counted (minor units) and revenue refunded so far on this row. */
    revenue: m.revenue_minor,
    refunded_revenue: m.refunded_revenue_minor,
    campaign_uid: m.campaign_uid,
    ambassador_uid: m.ambassador_uid,
    referral_id: m.referral_id,
    payout_uid: m.payout_uid,
    reverses_uid: m.reverses_uid,
    event_data1: m.event_data1,
    event_data2: m.event_data2,
    event_data3: m.event_data3,
    created_at: m.created_at,
    updated_at: m.updated_at,
    /** Held for review while set (approve or deny releases it; a denied one keeps it as the reason). */
    held_reason: m.held_reason,
    held_at: m.held_at,
    /** What the own_click rule saw: the ambassador's own network (`ip`), own browser (`device`), or both. */
    held_signals: (m.held_signals ? m.held_signals.split(' ') : []) as OwnSignal[],
  };
}

export interface ReferralRow {
  id: number;
  ambassador_uid: string;
  campaign_uid: string;
  share_link_uid: string | null;
  name: string;
  email: string;
  created_at: string;
}

export const REFERRAL_SQL = `SELECT r.id, r.ambassador_uid, cp.uid AS campaign_uid, r.share_link_uid, r.name, r.email, r.created_at
  FROM referrals r JOIN campaigns cp ON cp.id = r.campaign_id`;

export interface PayoutRow {
  id: number;
  uid: string;
  ambassador_uid: string;
  amount_minor: number;
  currency: string;
  payment_method: number;
  status: string;
  transaction_id: string | null;
  paid_at: string | null;
  created_at: string;
  commissions: number;
}

export const PAYOUT_SQL = `SELECT p.id, COALESCE(p.uid, 'po-' || p.id) AS uid, p.ambassador_uid, p.amount_minor, p.currency,
  p.payment_method, p.status, p.transaction_id, p.paid_at, p.created_at,
  (SELECT COUNT(*) FROM commissions m WHERE m.company_id = p.company_id AND m.payout_id = p.id) AS commissions
  FROM payouts p`;

export function payoutView(p: PayoutRow) {
  return {
    uid: p.uid,
    ambassador_uid: p.ambassador_uid,
    /** Minor units of `currency`. */
    amount: p.amount_minor,
    currency: p.currency,
    method: p.payment_method,
    status: p.status,
    transaction_id: p.transaction_id,
    paid_at: p.paid_at,
    created_at: p.created_at,
    commissions: p.commissions,
  };
}

// Fraud holds (issue 20) ---------------------------------------------------------------------------

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
 * those held and not reviewed yet, false only the others, null all; `ambassadorUid` one ambassador's.
 */
export function commissionListStatement(db: D1Database, companyId: string, held: boolean | null, ambassadorUid: string | null) {
  const holds = held === null ? '' : held ? ` AND ${OPEN_HOLD}` : ` AND NOT (${OPEN_HOLD})`;
  return db.prepare(
    `SELECT c.*, u.email AS ambassador_email, TRIM(u.first_name || ' ' || u.last_name) AS ambassador_name, rf.email AS customer_email
       FROM (${COMMISSION_SQL} WHERE m.company_id = ?1 AND (?2 IS NULL OR m.ambassador_uid = ?2)${holds}) c
       JOIN ambassadors a ON a.company_id = c.company_id AND a.uid = c.ambassador_uid
       LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id
       LEFT JOIN referrals rf ON rf.company_id = c.company_id AND rf.id = c.referral_id
      ORDER BY c.created_at DESC, c.id DESC LIMIT 500`,
  ).bind(companyId, ambassadorUid);
}
