import { currencyMinorDigits, minorToDecimal } from '../../lib/format';
import { MAX_MONEY_MINOR } from '../../lib/money-limits';
import { fieldError } from '../core/errors';

/** The rules money follows before it is written: amounts in minor units, a campaign's commission. */

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
