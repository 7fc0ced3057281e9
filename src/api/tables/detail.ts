import type { MessageKey } from '../../lib/i18n/en';
import { browserLanguage } from '../../lib/languages';
import { nameIn } from '../../lib/row-language';
import { ApiError } from '../core/errors';
import { redeemedName } from '../rewards/redemption-view';
import type { Caller, ServiceContext } from '../core/types';
import { BRAND_KINDS } from '../../lib/schemas/operator-catalog-rewards';
import type { PayoutDetail, RedemptionDetail } from '../../lib/schemas/tables';
import { payoutCommissionRows, payoutDetailRow, redemptionDetailRow } from './detail-queries';

// Activity detail (spec §3 "Activity detail", §7 GET /payouts/{id}/ and /loyalty/gift-card-redemption/{id}/):
// one payout or one redemption of the caller, with every detail field (null where it does not apply)
// and the label key of the card number by the reward's brand kind. Another ambassador's or company's
// row is a 404, as is an unknown one. One query each.

const cardNumberLabel = (kind: string | null): MessageKey =>
  `activityDetail.cardNumber.${(BRAND_KINDS as readonly string[]).includes(kind ?? '') ? kind : 'default'}` as MessageKey;

type Amount = { minor: number; currency: string } | { points: number };

const notFound = () => new ApiError('not_found', 'notFound');

function emptyDetail() {
  return {
    card_code: null as string | null,
    card_pin: null as string | null,
    card_number: null as string | null,
    card_number_label_key: cardNumberLabel('default'),
    brand_kind: 'default' as string,
    created_at: '',
    deducted_amount: null as Amount | null,
    email: null as string | null,
    gift_card_name: null as string | null,
    payment_method: null as string | null,
    payment_on: null as string | null,
    product_name: null as string | null,
    redemption_url: null as string | null,
    reward_value: null as Amount | null,
    security_code: null as string | null,
    security_url: null as string | null,
    transaction_id: null as string | null,
    voucher_code: null as string | null,
    vouchers: [] as unknown[],
    status: '',
  };
}

/**
 * GET /payouts/{id}/ - by the payout's number or its uid, with the commissions it paid (the
 * payout's own page lists them). Both reads leave together (one D1 batch).
 */
export async function payoutDetail(svc: ServiceContext, caller: Caller, id: string): Promise<PayoutDetail> {
  const key = String(id);
  const named = /^\d{1,15}$/.test(key) ? Number(key) : key;
  const [row, paid] = await Promise.all([
    payoutDetailRow(svc.db, caller.company.id, caller.ambassador.uid, named),
    payoutCommissionRows(svc.db, caller.company.id, caller.ambassador.uid, named, browserLanguage(svc.acceptLanguage)),
  ]);
  if (!row) throw notFound();
  const a = caller.ambassador;
  return {
    ...emptyDetail(),
    type: 'payout' as const,
    id: row.id,
    uid: row.uid,
    created_at: row.created_at,
    deducted_amount: { minor: row.amount_minor, currency: row.currency } as Amount,
    // Where the money went: the PayPal or Dwolla account of the payout method.
    email: row.payment_method === 1 ? a.paypal_email ?? null : row.payment_method === 2 ? a.dwolla_email ?? null : null,
    payment_method: String(row.payment_method),
    payment_on: row.paid_at,
    transaction_id: row.transaction_id,
    status: row.status,
    failure: row.status === 'failed' ? row.failure : null,
    commissions: paid.map((c) => ({
      uid: c.uid,
      kind: c.kind,
      created_at: c.created_at,
      campaign_name: c.campaign_name,
      customer_name: c.customer_name,
      transaction_id: c.transaction_id,
      amount: { minor: c.amount_minor, currency: c.currency },
      status: c.status,
    })),
  };
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** GET /loyalty/gift-card-redemption/{id}/ - a gift-card (or vault) redemption with its card details. */
export async function redemptionDetail(svc: ServiceContext, caller: Caller, id: string): Promise<RedemptionDetail> {
  const key = String(id);
  if (!/^\d{1,15}$/.test(key)) throw notFound();
  const row = await redemptionDetailRow(svc.db, caller.company.id, caller.ambassador.uid, Number(key));
  if (!row) throw notFound();
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    /* no details */
  }
  const brand = row.brand_kind ?? 'default';
  // Named now, in the page language; a reward or item that is gone by the name the redemption kept.
  const lang = browserLanguage(svc.acceptLanguage);
  const product = nameIn(row.reward_name, row.reward_translations, lang)
    ?? ([nameIn(row.item_name, row.item_translations, lang), nameIn(row.variant_name, row.variant_translations, lang)].filter(Boolean).join(' - ') || row.kept_name || null);
  const value = row.reward_value ?? row.variant_value;
  return {
    ...emptyDetail(),
    type: 'redemption' as const,
    id: row.id,
    kind: row.kind,
    brand_kind: brand,
    card_number_label_key: cardNumberLabel(brand),
    card_code: text(details.card_code),
    card_pin: text(details.card_pin),
    card_number: text(details.card_number),
    created_at: row.created_at,
    deducted_amount: (row.spend_kind === 'points'
      ? { points: row.requested_amount }
      : { minor: row.requested_amount, currency: caller.company.currency }) as Amount,
    email: caller.user.email,
    gift_card_name: redeemedName({
      kind: row.kind, reward_name: row.reward_name, reward_translations: row.reward_translations, vault_item_name: row.item_name,
      vault_item_translations: row.item_translations, variant_name: row.variant_name, variant_translations: row.variant_translations,
    }, lang) ?? text(details.card_name) ?? product,
    payment_method: row.kind === 'gift_card' ? '4' : null,
    payment_on: text(details.created_at),
    product_name: product,
    redemption_url: text(details.redemption_url),
    reward_value: value === null ? null : ({ minor: value, currency: row.reward_currency ?? row.item_currency ?? caller.company.currency } as Amount),
    security_code: text(details.security_code),
    security_url: text(details.security_url),
    transaction_id: text(details.order_id),
    voucher_code: text(details.voucher_code),
    vouchers: Array.isArray(details.vouchers) ? details.vouchers : [],
    status: row.status,
  };
}
