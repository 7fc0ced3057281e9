import type { Language } from '../../lib/languages';
import { ledgerStatus } from '../../lib/ledger-status';
import { nameIn } from '../../lib/row-language';
import { rewardTypeName, type RedemptionStatus, type RedemptionView } from '../../lib/schemas/rewards';
import type { IssuedDetails } from './providers';
import type { RedemptionItemRow } from './queries';
import type { RedemptionRow } from '../money/rows';

/**
 * A redemption as the API answers it: spec §3 "Redemption" and its gift card details once issued. The names
 * of what was redeemed are read now, in `lang` where the company wrote them, not as they were
 * stored at redeem time; a reward or item that is gone shows the name the redemption kept (`item_name`).
 */
export function redemptionView(r: RedemptionRow, items: RedemptionItemRow[] = [], lang: Language | null = null): RedemptionView {
  const details = safeDetails(r.details);
  const rewardName = nameIn(r.reward_name, r.reward_translations, lang);
  const itemName = nameIn(r.vault_item_name, r.vault_item_translations, lang);
  const variantName = nameIn(r.variant_name, r.variant_translations, lang);
  const kept = r.item_name || null;
  const product = redeemedName(r, lang);
  return {
    id: r.id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    // The table's CHECK keeps it one of REDEMPTION_STATUSES.
    status: r.status as RedemptionStatus,
    kind: r.kind,
    requested_amount: r.requested_amount,
    spend_kind: r.spend_kind,
    value_minor: r.value_minor,
    currency: r.currency,
    reward_uid: r.reward_uid,
    reward_name: rewardName ?? (r.kind === 'gift_card' ? kept : null),
    reward_type: r.reward_type === null ? null : rewardTypeName(r.reward_type),
    brand_kind: r.brand_kind,
    vault_item_uid: r.vault_item_uid,
    payment_vault_name: itemName ?? (r.kind === 'vault' ? kept : null),
    vault_item_variant_name: variantName,
    variant_name: variantName,
    failure_reason: r.failure_reason,
    gift_card: details && r.status === 'completed' ? { ...details, card_name: product ?? details.card_name, created_at: r.updated_at ?? r.created_at } : null,
    items: items.map((i) => ({
      id: i.lot_id, created_at: i.lot_created_at, used_amount: i.used,
      ledger_status: ledgerStatus({ amount: i.amount, remaining: i.remaining, spent: i.spent, expired: i.expired, revoked: i.revoked, released: i.released > 0 }),
      payment_vault_currency: i.kind === 'cash' ? r.currency : null, kind: i.kind,
    })),
  };
}

/** The names of what a redemption redeemed, as the redemption's queries join them (current rows, null when gone). */
export interface RedeemedTexts {
  kind: string;
  reward_name: string | null; reward_translations: string | null;
  vault_item_name: string | null; vault_item_translations: string | null;
  variant_name: string | null; variant_translations: string | null;
}

/**
 * What was redeemed, named as the redeem names it (./redeem.ts: the reward, or the vault item and its variant)
 * but in `lang` where the company wrote it; null when the reward or item is gone (the caller then
 * shows the name stored at redeem time).
 */
export function redeemedName(r: RedeemedTexts, lang: Language | null): string | null {
  if (r.kind === 'gift_card') return nameIn(r.reward_name, r.reward_translations, lang);
  const item = nameIn(r.vault_item_name, r.vault_item_translations, lang);
  return item === null ? null : `${item} ${nameIn(r.variant_name, r.variant_translations, lang) ?? ''}`.trim();
}

function safeDetails(raw: string): IssuedDetails | null {
  try {
    const d = JSON.parse(raw) as Partial<IssuedDetails>;
    return d && typeof d === 'object' && Object.keys(d).length > 0 ? (d as IssuedDetails) : null;
  } catch {
    return null;
  }
}
