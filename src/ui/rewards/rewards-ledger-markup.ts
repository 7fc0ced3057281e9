import { escapeHtml } from '../../lib/escape-html.ts';
import { formatMoney, numberLocale } from '../../lib/format.ts';
import { dateTimeFormat } from '../../lib/intl-cache.ts';
import type { LedgerStatus } from '../../lib/ledger-status.ts';
import { ledgerText } from '../../lib/ledger-text.ts';
import { formatPoints } from '../../lib/points.ts';
import { statusLabel, statusTone } from '../../lib/statuses.ts';
import { emailBreakHtml } from '../../lib/url-breaks.ts';

// The rows of the rewards ledger (spec §3 "Reward ledger", §4 ledger statuses), written as text
// (as Astro markup its twenty rows were about a millisecond of the admin3 rewards page's CPU, measured by
// rendering the table twenty times over in one request). Every value is escaped; the cells carry their
// column's name for the phone layout, and an empty cell `data-empty`.

/** An entry of the rewards ledger as its row reads it (a result of GET /v1/ambassadors/{id}/loyalty/ledger/). */
export interface LedgerRow {
  id: number;
  created_at: string;
  kind: 'points' | 'cash';
  amount: number;
  redeemed_amount: number;
  status: LedgerStatus;
  expire_at: string | null;
  description: string;
  campaign_name: string | null;
  referred_full_name: string | null;
  referred_email: string | null;
  task_name: string | null;
}

export interface LedgerRowsOptions {
  lang: string;
  pointName: string | null;
  /** Currency of cash earnings (the company's). */
  currency: string;
  /** The column names, in the page language. */
  labels: { date: string; description: string; campaign: string; amount: string; status: string; redeemed: string; expires: string };
}

/**
 * Who the earning came from, without repeating a name the description already says, as escaped markup:
 * the e-mail may wrap before its "@" on a phone card, never inside a word.
 */
const referredHtml = (row: LedgerRow) =>
  [
    row.referred_full_name && !row.description.includes(row.referred_full_name) ? escapeHtml(row.referred_full_name) : null,
    row.referred_email ? emailBreakHtml(row.referred_email) : null,
  ].filter(Boolean).join(' · ');

export function ledgerRowsHtml(rows: readonly LedgerRow[], { lang, pointName, currency, labels }: LedgerRowsOptions): string {
  const dates = dateTimeFormat(numberLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' });
  const date = (value: string) => escapeHtml(dates.format(new Date(value)));
  const amountOf = (kind: 'points' | 'cash', amount: number) => escapeHtml(kind === 'cash' ? formatMoney(amount, currency, lang) : formatPoints(amount, pointName, lang));
  const L = Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, escapeHtml(v)])) as LedgerRowsOptions['labels'];
  return rows.map((row) => {
    const from = referredHtml(row);
    return `<tr data-ledger-row="${escapeHtml(row.id)}">`
      + `<td data-label="${L.date}" class="t-date">${date(row.created_at)}</td>`
      + `<td data-label="${L.description}" class="t-string"><div>${escapeHtml(ledgerText(row.description, row.referred_full_name, lang, row.task_name))}`
      + `${from ? `<div class="muted-small">${from}</div>` : ''}</div></td>`
      + `<td data-label="${L.campaign}"${row.campaign_name ? '' : ' data-empty'}>${escapeHtml(row.campaign_name ?? '')}</td>`
      + `<td data-label="${L.amount}" class="t-money">${amountOf(row.kind, row.amount)}</td>`
      + `<td data-label="${L.status}"><span class="status-badge tone-${statusTone('ledger', row.status)}">${escapeHtml(statusLabel('ledger', row.status, lang))}</span></td>`
      + `<td data-label="${L.redeemed}" class="t-money">${amountOf(row.kind, row.redeemed_amount)}</td>`
      + `<td data-label="${L.expires}" class="t-date"${row.expire_at ? '' : ' data-empty'}>${row.expire_at ? date(row.expire_at) : ''}</td></tr>`;
  }).join('');
}
