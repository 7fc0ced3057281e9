import { escapeHtml } from '../../lib/escape-html.ts';
import { formatMoney, formatPointsIn, type PointWords } from '../../lib/format.ts';
import { dateTimeFormat } from '../../lib/intl-cache.ts';
import type { DetailLabels, TableLabels } from './table-types.ts';
import { emailBreakHtml } from '../../lib/url-breaks.ts';

// Activity detail (spec §3) of an activity row of payout or redemption type, in the browser: the row's
// cell names the detail (`data-detail`, `data-id`) and links to its page (a payout's own page,
// the rewards page's redemption view), which is what a reader without JavaScript follows. The
// browser script puts a disclosure there instead that fetches the detail from the browser API when opened
// (GET /api/payouts/{id}/, /api/loyalty/gift-card-redemption/{id}/) and shows it as "label: value" lines,
// a payout's with the link to its page (the commissions it paid are listed there); the card number's label
// depends on the gift card's brand.

type Detail = Record<string, unknown> & { card_number_label_key?: string };

const FIELDS = [
  'created_at', 'status', 'deducted_amount', 'reward_value', 'payment_method', 'payment_on', 'email', 'transaction_id',
  'product_name', 'gift_card_name', 'card_number', 'card_code', 'card_pin', 'voucher_code', 'security_code', 'security_url', 'redemption_url',
] as const;
export const DETAIL_FIELDS: readonly string[] = FIELDS;

// Spec §3: the two virtual prepaid card products go by shorter names (as shortProductName in
// src/lib/payment-methods.ts, which the browser does not import: it would bring the message catalogues).
const SHORT_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/virtual\s+prepaid\s+master\s*card/i, 'Virtual Prepaid MasterCard'],
  [/virtual\s+prepaid\s+visa/i, 'Virtual Prepaid Visa'],
];
const shortName = (name: string) => SHORT_NAMES.find(([re]) => re.test(name))?.[1] ?? name;

function show(value: unknown, field: string, lang: string, labels: DetailLabels, pointWords: PointWords): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') {
    const v = value as { minor?: number; currency?: string; points?: number };
    if (typeof v.minor === 'number') return formatMoney(v.minor, v.currency, lang);
    if (typeof v.points === 'number') return formatPointsIn(v.points, pointWords, lang);
    return '';
  }
  const text = String(value);
  if (field === 'payment_method') return labels.methods[text] ?? text;
  if (field === 'product_name' || field === 'gift_card_name') return shortName(text);
  if (field === 'status') return labels.statuses[text] ?? text.replace(/_/g, ' ');
  if (field === 'created_at' || field === 'payment_on') {
    const date = new Date(/^\d{4}-\d{2}-\d{2} /.test(text) ? `${text.replace(' ', 'T')}Z` : text);
    if (!Number.isNaN(date.getTime())) return dateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  return text;
}

/** A detail as "label: value" lines; links only to http(s) addresses. */
export function detailHtml(detail: Detail, labels: Pick<TableLabels, 'lang' | 'pointWords' | 'detail'>): string {
  const words = labels.detail;
  const lines = FIELDS.map((field) => {
    const text = show(detail[field], field, labels.lang, words, labels.pointWords);
    if (!text) return '';
    // The detail names its card number's label by message key (activityDetail.cardNumber.<brand>); the page's
    // label set holds them by brand.
    const label = field === 'card_number' ? words.cardNumber[(detail.card_number_label_key ?? '').split('.').pop()!] ?? words.fields[field] : words.fields[field];
    const link = (field === 'security_url' || field === 'redemption_url') && /^https?:\/\//.test(text);
    const value = link ? `<a href="${escapeHtml(text)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`
      : field === 'email' ? emailBreakHtml(text) : escapeHtml(text);
    return `<div data-detail-field="${field}"><dt>${escapeHtml(label ?? field)}</dt><dd>${value}</dd></div>`;
  }).join('');
  return `<dl data-detail-body>${lines}</dl>`;
}

/**
 * Puts the disclosure in every detail cell of `root` (the server's first page and each page fetched), or
 * the fetched detail under the row's own "Details" disclosure when the server wrote one (its `more` fields).
 */
export function enhanceDetails(root: HTMLElement, labels: TableLabels): void {
  for (const cell of root.querySelectorAll<HTMLElement>('td[data-detail]')) {
    const kind = cell.dataset.detail === 'payout' ? 'payout' : 'redemption';
    const id = cell.dataset.id ?? '';
    const details = cell.querySelector('details') ?? document.createElement('details');
    details.classList.add('activity-detail');
    details.dataset.activityDetail = kind;
    if (!details.isConnected) details.innerHTML = `<summary>${escapeHtml(labels.detail.show)}</summary>`;
    // The fetched detail goes above the link to the detail's own page, when the server wrote one.
    const loading = `<p class="muted" data-detail-body>${escapeHtml(labels.loading)}</p>`;
    const page = details.querySelector('.detail-page');
    if (page) page.insertAdjacentHTML('beforebegin', loading);
    else details.insertAdjacentHTML('beforeend', loading);
    let loaded = false;
    details.addEventListener('toggle', () => {
      if (!details.open || loaded) return;
      loaded = true;
      void load(kind, id).then((detail) => detailHtml(detail, labels), (err: unknown) => {
        console.error('activity detail:', err);
        loaded = false;
        return `<p class="form-error" role="alert" data-detail-body>${escapeHtml(labels.detail.failed)}</p>`;
      }).then((html) => {
        // The loading line, or the failure of an earlier opening, gives way to the answer.
        const body = details.querySelector('[data-detail-body]');
        if (body) body.outerHTML = html;
      });
    });
    if (!details.isConnected) cell.replaceChildren(details);
  }
}

async function load(kind: 'payout' | 'redemption', id: string): Promise<Detail> {
  const path = kind === 'payout' ? `/api/payouts/${encodeURIComponent(id)}/` : `/api/loyalty/gift-card-redemption/${encodeURIComponent(id)}/`;
  const res = await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Detail;
}
