import { formatMoney, formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { formatPoints } from '../../lib/points';
import type { RewardView } from '../../lib/schemas/rewards';

// What a gift card costs and is worth, as the catalogue and the redeem form show it (spec §3 "Reward").

/** The fewest points a gift card can be redeemed for: its price, or a range reward's minimum. */
export const giftCardLeastCost = (r: RewardView): number => (r.value_kind === 'range' ? r.min_amount ?? 1 : r.points);

/**
 * Whether a points balance covers a gift card (a card the balance can't cover offered a Redeem
 * button, and only the refusal said so). Unknown balance: covered, the API decides.
 */
export const balanceCovers = (r: RewardView, balance: number | null): boolean => balance === null || giftCardLeastCost(r) <= balance;

/** A gift card's price in points (a range card: its lowest to highest amount). */
export function giftCardCost(r: RewardView, pointName: string | null, lang: Language): string {
  if (r.value_kind !== 'range') return formatPoints(r.points, pointName, lang);
  const min = r.min_amount ?? 1;
  const max = r.max_amount ?? min;
  // The unit once, after the range ("500–10,000 points"); a range of one amount is that amount.
  return max === min ? formatPoints(min, pointName, lang) : `${formatNumber(min, lang)}–${formatPoints(max, pointName, lang)}`;
}

/** What a gift card is worth in money, when it says. */
export function giftCardWorth(r: RewardView, lang: Language): string | null {
  if (r.value_kind !== 'range') return r.value_minor !== null ? formatMoney(r.value_minor, r.currency, lang) : null;
  const ppu = r.config.points_per_unit;
  if (!ppu || r.min_amount === null || r.max_amount === null) return null;
  const money = (points: number) => formatMoney(Math.round((points * 100) / ppu), r.currency, lang);
  return `${money(r.min_amount)}–${money(r.max_amount)}`;
}
