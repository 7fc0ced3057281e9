import { formatMoney } from '../../lib/format';
import { t, type MessageKey } from '../../lib/i18n';
import type { TimelineItem } from '../../lib/schemas/operator-people';

// How the profile's timeline names what happened: the kind, the status or entry type, the amount.

const KIND: Record<TimelineItem['kind'], MessageKey> = {
  click: 'console.ambassadors.kind.click', referral: 'console.ambassadors.kind.referral', commission: 'console.ambassadors.kind.commission',
  payout: 'console.ambassadors.kind.payout', points: 'console.ambassadors.kind.points', cash: 'console.ambassadors.kind.cash',
};

const STATUS: Record<string, MessageKey> = {
  pending: 'status.activity.pending', approved: 'status.activity.approved', paid: 'status.activity.paid', denied: 'status.activity.denied',
  zero: 'status.commission.zero', processing: 'status.activity.processing', failed: 'status.payout.failed',
  counted: 'console.ambassadors.click.counted', not_counted: 'console.ambassadors.click.notCounted',
  earn: 'console.ambassadors.entry.earn', adjust: 'console.ambassadors.entry.adjust', redeem: 'console.ambassadors.entry.redeem',
  post: 'console.ambassadors.entry.post', release: 'console.ambassadors.entry.release', expire: 'console.ambassadors.entry.expire',
  reverse: 'console.ambassadors.entry.reverse',
};

export const kindText = (lang: string, item: TimelineItem) => t(lang, KIND[item.kind]);
export const statusText = (lang: string, item: TimelineItem) => (item.status ? (STATUS[item.status] ? t(lang, STATUS[item.status]!) : item.status) : '');

/** Money in its currency, points as points (a points commission has no currency), nothing for a click or referral. */
export function amountText(lang: string, item: TimelineItem): string {
  if (item.amount === null) return '';
  if (item.currency) return formatMoney(item.amount, item.currency, lang);
  return t(lang, 'console.points', { count: item.amount });
}
