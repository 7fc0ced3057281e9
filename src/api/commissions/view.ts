import { systemText } from '../../lib/system-text';
import type { CommissionRow, OwnSignal } from '../money/rows';

/** A commission as the operator API and its webhook events show it. */
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
    // The portal's own texts (a Stripe checkout, a Shopify order: stored as data) in English words for the API.
    event_data1: m.event_data1 === null ? null : systemText(m.event_data1, 'en'),
    event_data2: m.event_data2 === null ? null : systemText(m.event_data2, 'en'),
    event_data3: m.event_data3 === null ? null : systemText(m.event_data3, 'en'),
    created_at: m.created_at,
    updated_at: m.updated_at,
    /** Held for review while set (approve or deny releases it; a denied one keeps it as the reason). */
    held_reason: m.held_reason,
    held_at: m.held_at,
    /** What the own_click rule saw: the ambassador's own network (`ip`), own browser (`device`), or both. */
    held_signals: (m.held_signals ? m.held_signals.split(' ') : []) as OwnSignal[],
  };
}
