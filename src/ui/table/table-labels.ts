import { BRAND_KINDS } from '../../lib/schemas/operator-catalog-rewards';
import { DETAIL_FIELDS } from './activity-detail';
import { isMessageKey, pluralTemplates, t, type Language, type MessageKey } from '../../lib/i18n';
import { memoized } from '../../lib/intl-cache';
import { pointWords } from '../../lib/points';
import { PAYMENT_METHOD_CODES, paymentMethodLabel } from '../../lib/payment-methods';
import { PAYOUT_STATUSES, REDEMPTION_STATUSES, statusLabel } from '../../lib/statuses';
import { systemTexts } from '../../lib/system-text';
import { OPERATORS_BY_TYPE } from '../../lib/table-query';
import type { TableLabels } from './table-types';

// Every word of a page's data tables in the page language (one label set per page, written
// once, so the browser ships no message catalogue). Resolved once per language and point name per isolate.

/** The words for `text(key, fallback)`: a message when the key is one, else the fallback. */
export function labelText(lang: Language, key: string | undefined, fallback: string): string {
  return key && isMessageKey(key) ? t(lang, key) : fallback;
}

function operatorWords(lang: Language): Record<string, string> {
  const ops: Record<string, string> = {};
  for (const [type, names] of Object.entries(OPERATORS_BY_TYPE)) {
    for (const name of names.flatMap((op) => [op, `not_${op}`])) {
      if (type === 'DATE' && isMessageKey(`table.op.DATE.${name}`)) ops[`DATE.${name}`] = t(lang, `table.op.DATE.${name}` as MessageKey);
      else ops[name] ??= labelText(lang, `table.op.${name}`, name);
    }
  }
  return ops;
}

function build(lang: Language, pointName: string): TableLabels {
  const tr = (key: MessageKey) => t(lang, key);
  return {
    lang, firstPage: tr('tableFirstPage'), emptyFiltered: tr('tableNoMatches'), error: tr('tableLoadError'), loading: tr('tableLoading'),
    rowsPerPage: tr('tableRowsPerPage'), apply: tr('tableApply'), summary: tr('tableSummary'), total: pluralTemplates(lang, 'tableTotal'),
    selected: pluralTemplates(lang, 'tableSelected'), clearSelection: tr('tableClearSelection'), selectAll: tr('tableSelectAll'), selectRow: tr('tableSelectRow'),
    previous: tr('tablePrevious'), next: tr('tableNext'), pageOf: tr('tablePageOf'), download: tr('tableDownloadCsv'),
    filters: tr('tableFilters'), column: tr('tableColumn'), operator: tr('tableOperator'), value: tr('tableValue'),
    removeFilter: tr('tableRemoveFilter'), clearFilters: tr('tableClearFilters'), yes: tr('yes'), no: tr('no'),
    sortLabel: tr('tableSortLabel'), pointWords: pointWords(lang, pointName), ops: operatorWords(lang),
    systemTexts: systemTexts(lang),
    // Payouts, and activity rows of payout or redemption type, open their detail (spec §3).
    detail: {
      show: tr('activityDetail.show'), failed: tr('activityDetail.failed'), openPayout: tr('payoutDetail.openPage'),
      fields: Object.fromEntries(DETAIL_FIELDS.map((f) => [f, labelText(lang, `activityDetail.field.${f}`, f)])),
      cardNumber: Object.fromEntries(BRAND_KINDS.map((b) => [b, labelText(lang, `activityDetail.cardNumber.${b}`, b)])),
      methods: Object.fromEntries(PAYMENT_METHOD_CODES.map((code) => [String(code), paymentMethodLabel(code, lang)])),
      statuses: {
        ...Object.fromEntries(REDEMPTION_STATUSES.map((st) => [st, statusLabel('redemption', st, lang)])),
        ...Object.fromEntries(PAYOUT_STATUSES.map((st) => [st, statusLabel('payout', st, lang)])),
      },
    },
  };
}

const built = memoized(64, (key) => {
  const [lang, pointName] = JSON.parse(key) as [Language, string];
  return build(lang, pointName);
});

/** The tables' words for a page language and the company's point name. */
export const tableLabels = (lang: Language, pointName: string | null | undefined): TableLabels => built(JSON.stringify([lang, pointName ?? '']));

/** A JSON text safe inside a `<script type="application/json">` (no `</script>`, no `<!--`). */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** `tableLabels` as the page's script text, written out once per label set `tableLabels` keeps. */
export function tableLabelsJson(lang: Language, pointName: string | null | undefined): string {
  const labels = tableLabels(lang, pointName);
  let json = written.get(labels);
  if (json === undefined) written.set(labels, (json = scriptJson(labels)));
  return json;
}
const written = new WeakMap<TableLabels, string>();
