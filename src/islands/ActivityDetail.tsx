import { useState, useSyncExternalStore } from 'react';
import { formatMoney, formatPoints } from '../lib/format';
import { dateTimeFormat } from '../lib/intl-cache';

// Activity detail (spec §3) of an activity row of payout or redemption type: fetched from the browser
// API when opened (GET /api/payouts/{id}/, /api/loyalty/gift-card-redemption/{id}/), shown as
// "label: value" lines; the card number's label depends on the gift card's brand.

export interface ActivityDetailLabels {
  show: string;
  loading: string;
  failed: string;
  /** Field labels by detail field name. */
  fields: Record<string, string>;
  /** Card number labels by message key (activityDetail.cardNumber.<brand>). */
  cardNumber: Record<string, string>;
  /** Payment method and status words by value. */
  methods: Record<string, string>;
  statuses: Record<string, string>;
  pointName: string;
}

type Detail = Record<string, unknown> & { card_number_label_key?: string };

const FIELDS = [
  'created_at', 'status', 'deducted_amount', 'reward_value', 'payment_method', 'payment_on', 'email', 'transaction_id',
  'product_name', 'gift_card_name', 'card_number', 'card_code', 'card_pin', 'voucher_code', 'security_code', 'security_url', 'redemption_url',
] as const;

const noop = () => () => {};

// Spec §3: the two virtual prepaid card products go by shorter names (as shortProductName in
// src/lib/payment-methods.ts, which this island does not import: it would bring the message catalogues).
const SHORT_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/virtual\s+prepaid\s+master\s*card/i, 'Virtual Prepaid MasterCard'],
  [/virtual\s+prepaid\s+visa/i, 'Virtual Prepaid Visa'],
];
const shortName = (name: string) => SHORT_NAMES.find(([re]) => re.test(name))?.[1] ?? name;

function show(value: unknown, field: string, lang: string, labels: ActivityDetailLabels): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') {
    const v = value as { minor?: number; currency?: string; points?: number };
    if (typeof v.minor === 'number') return formatMoney(v.minor, v.currency, lang);
    if (typeof v.points === 'number') return formatPoints(v.points, labels.pointName, lang);
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

export default function ActivityDetail({ kind, id, lang, labels }: { kind: 'payout' | 'redemption'; id: string; lang: string; labels: ActivityDetailLabels }) {
  // Only once hydrated: without JavaScript there is nothing to fetch the detail with.
  const hydrated = useSyncExternalStore(noop, () => true, () => false);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [failed, setFailed] = useState(false);
  if (!hydrated) return null;

  async function load(open: boolean) {
    if (!open || detail) return;
    try {
      const path = kind === 'payout' ? `/api/payouts/${encodeURIComponent(id)}/` : `/api/loyalty/gift-card-redemption/${encodeURIComponent(id)}/`;
      const res = await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      setDetail((await res.json()) as Detail);
      setFailed(false);
    } catch (err) {
      console.error('activity detail:', err);
      setFailed(true);
    }
  }

  return (
    <details className="activity-detail" onToggle={(e) => void load((e.currentTarget as HTMLDetailsElement).open)} data-activity-detail={kind}>
      <summary>{labels.show}</summary>
      {failed ? <p className="form-error" role="alert">{labels.failed}</p> : !detail ? <p className="muted">{labels.loading}</p> : (
        <dl>
          {FIELDS.map((field) => {
            const text = show(detail[field], field, lang, labels);
            if (!text) return null;
            const label = field === 'card_number' ? labels.cardNumber[detail.card_number_label_key ?? ''] ?? labels.fields[field] : labels.fields[field];
            const link = (field === 'security_url' || field === 'redemption_url') && /^https?:\/\//.test(text);
            return (
              <div key={field} data-detail-field={field}>
                <dt>{label ?? field}</dt>
                <dd>{link ? <a href={text} target="_blank" rel="noopener noreferrer">{text}</a> : text}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </details>
  );
}
