/**
 * The money rows as the API reads them (commissions, referrals, payouts, redemptions): their SQL, with the
 * uids their references are known by, and their types. Amounts are integer minor units.
 */

import type { HoldReason } from '../../lib/schemas/commissions';

/** Why a commission is held for review: the one list is the answer schema's. */
export { HOLD_REASONS, type HoldReason } from '../../lib/schemas/commissions';

/** Which of the ambassador's own signals a held sale's click shared (own_click). */
export type OwnSignal = 'ip' | 'device';

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

export interface RedemptionRow {
  id: number; company_id: string; ambassador_uid: string; kind: 'gift_card' | 'vault'; reward_uid: string | null; vault_item_uid: string | null;
  variant_uid: string | null; requested_amount: number; spend_kind: 'points' | 'cash'; status: string; idempotency_key: string; details: string;
  created_at: string; failure_reason: string | null; provider: string | null; external_ref: string | null; value_minor: number | null;
  currency: string | null; updated_at: string | null;
  /** The name of what was redeemed as it was at redeem time (migration 0017), in the company's default language. */
  item_name: string | null;
  reward_name: string | null; reward_type: number | null; brand_kind: string | null; vault_item_name: string | null; variant_name: string | null;
  payment_type: string | null;
  reward_translations: string | null; vault_item_translations: string | null; variant_translations: string | null;
}

export const REDEMPTION_SQL = `SELECT d.*, r.name AS reward_name, r.type AS reward_type, r.brand_kind, v.name AS vault_item_name,
    vv.name AS variant_name, v.payment_type,
    r.translations AS reward_translations, v.translations AS vault_item_translations, vv.translations AS variant_translations
  FROM redemptions d
  LEFT JOIN rewards r ON r.company_id = d.company_id AND r.uid = d.reward_uid
  LEFT JOIN vault_items v ON v.company_id = d.company_id AND v.uid = d.vault_item_uid
  LEFT JOIN vault_item_variants vv ON vv.company_id = d.company_id AND vv.uid = d.variant_uid`;
