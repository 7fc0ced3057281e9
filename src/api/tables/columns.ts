import { activityNameSql, recordTextSql } from '../stats/activity-names';
import { activityStatusSql, commissionStatusSql } from '../stats/activity-queries';
import { OPERATORS_BY_TYPE } from '../../lib/table-query';
import { PAYMENT_METHODS } from '../../lib/payment-methods';
import { statusChoices } from '../../lib/statuses';
import type { MessageKey } from '../../lib/i18n/en';
import type { Language } from '../../lib/languages';
import { textsIn } from '../../lib/row-language';
import type { Caller } from '../core/types';

// The column catalogue of the data tables (spec §3 rows, §7 /tables/options and /tables/content).
// Every SQL fragment here is a fixed string of this file: a request only picks columns and
// operators from these lists, and its values are bound as parameters (filters.ts).

export const COLUMN_TYPES = ['BOOLEAN', 'INTEGER', 'DECIMAL', 'MONEY', 'STRING', 'DATE', 'URL', 'EMAIL', 'CHOICE', 'TYPEAHEAD'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Operators per column type (spec §9, the catalogue the table island uses too); each also has `not_<op>`. */
export const TYPE_OPERATORS: Record<ColumnType, readonly string[]> = OPERATORS_BY_TYPE;

/** The operators a column of this type answers to, negated forms included. */
export const operatorsOf = (type: ColumnType) => TYPE_OPERATORS[type].flatMap((op) => [op, `not_${op}`]);

export interface Choice {
  value: string;
  label_key?: MessageKey;
  label?: string;
}

export interface Column {
  key: string;
  label_key: MessageKey;
  type: ColumnType;
  /** SQL expression of the value (fixed text of this file). */
  sql: string;
  /** Never-NULL expression rows are ordered (and paged by keyset) on; defaults to `sql`. */
  sort?: string;
  sortable: boolean;
  /** MONEY: expression of the currency of the row. */
  currency?: string;
  /** CHOICE: the values allowed, fixed or from the caller (null: any value, e.g. campaigns). */
  choices?: Choice[] | ((caller: Caller, lang: Language | null) => Choice[]);
  /** CHOICE: values are integers in SQL. */
  integerChoices?: boolean;
  /** CHOICE: values outside `choices` are allowed in filters (the list is a suggestion). */
  openChoices?: boolean;
  /**
   * A value read in the reader's language (the activity's event_data1): its SQL for `lang`, which the
   * table then selects, filters and sorts on (service.ts tableIn), so a filter matches what the page shows.
   */
  inLanguage?: (lang: Language | null) => string;
}

export interface Table {
  key: TableKey;
  /**
   * FROM and JOINs; `t` is the table's own row. The joins never drop nor repeat a row of `t` (LEFT JOINs,
   * or inner joins along a foreign key), so a page filtered and ordered on `t` alone is found in `own`.
   */
  from: string;
  /** The table's own row alone (`<table> t`): where a page of history is found before its joins. */
  own: string;
  /** Tenant and owner: both bound, in this order, to the company id and the ambassador uid. */
  owner: string;
  /** Row id, the last keyset term (unique, never NULL). */
  idSql: string;
  /** Row id in the answer. */
  idOut: string;
  /** Extra fields of each row (`expr AS name`), besides the columns. */
  extras: string[];
  columns: Column[];
  default_ordering: string;
  default_page_size: number;
}

export const TABLE_KEYS = ['commissions', 'payouts', 'activity'] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

export const PAGE_SIZES = [15, 25, 50, 100] as const;

const choicesOf = (values: readonly string[], prefix: string): Choice[] =>
  values.map((value) => ({ value, label_key: `${prefix}${value}` as MessageKey }));

const PAYMENT_METHOD_CHOICES: Choice[] = Object.entries(PAYMENT_METHODS).map(([code, slug]) => ({
  value: code, label_key: `paymentMethod.${slug}` as MessageKey,
}));

/** The caller's campaigns, named in the page language where the company wrote it. */
const campaignChoices = (caller: Caller, lang: Language | null): Choice[] =>
  caller.memberships.map((m) => ({ value: m.campaign_uid, label: textsIn(m, lang, ['name']).name }));

const ACTIVITY_TYPES = ['referral', 'commission', 'payout', 'redemption', 'points', 'cash', 'task'] as const;

const commissions: Table = {
  key: 'commissions',
  own: 'commissions t',
  from: `commissions t
    LEFT JOIN referrals r ON r.id = t.referral_id AND r.company_id = t.company_id
    JOIN campaigns cp ON cp.id = t.campaign_id AND cp.company_id = t.company_id`,
  owner: 't.company_id = ? AND t.ambassador_uid = ?',
  idSql: 't.id',
  idOut: 't.uid',
  extras: ['t.kind AS kind', 'cp.name AS campaign_name'],
  default_ordering: '-created_at',
  default_page_size: 25,
  columns: [
    { key: 'created_at', label_key: 'tables.col.date', type: 'DATE', sql: 't.created_at', sortable: true },
    { key: 'customer_name', label_key: 'tables.col.customerName', type: 'STRING', sql: 'r.name', sort: "COALESCE(r.name, '')", sortable: true },
    { key: 'customer_email', label_key: 'tables.col.customerEmail', type: 'EMAIL', sql: 'r.email', sort: "COALESCE(r.email, '')", sortable: true },
    { key: 'transaction_id', label_key: 'tables.col.transactionId', type: 'STRING', sql: 't.transaction_id', sortable: true },
    { key: 'campaign', label_key: 'tables.col.campaign', type: 'CHOICE', sql: 'cp.uid', sortable: true, choices: campaignChoices, openChoices: true },
    { key: 'revenue', label_key: 'tables.col.revenue', type: 'MONEY', sql: 't.revenue_minor', currency: 't.currency', sortable: true },
    { key: 'amount', label_key: 'tables.col.commission', type: 'MONEY', sql: 't.amount_minor', currency: 't.currency', sortable: true },
    { key: 'status', label_key: 'tables.col.status', type: 'CHOICE', sql: commissionStatusSql('t'), sortable: true, choices: statusChoices('commission') },
    { key: 'is_monetary', label_key: 'tables.col.isMonetary', type: 'BOOLEAN', sql: 't.is_monetary', sortable: true },
    { key: 'event_type', label_key: 'tables.col.eventType', type: 'CHOICE', sql: 't.event', sortable: true, choices: choicesOf(['first', 'second'], 'tables.event.') },
  ],
};

const payouts: Table = {
  key: 'payouts',
  own: 'payouts t',
  from: 'payouts t',
  owner: 't.company_id = ? AND t.ambassador_uid = ?',
  idSql: 't.id',
  idOut: "COALESCE(t.uid, 'po-' || t.id)",
  extras: ['t.created_at AS created_at'],
  default_ordering: '-paid_at',
  default_page_size: 25,
  columns: [
    // A payout not paid yet sorts by its creation.
    { key: 'paid_at', label_key: 'tables.col.payoutDate', type: 'DATE', sql: 't.paid_at', sort: 'COALESCE(t.paid_at, t.created_at)', sortable: true },
    { key: 'amount', label_key: 'tables.col.amount', type: 'MONEY', sql: 't.amount_minor', currency: 't.currency', sortable: true },
    { key: 'method', label_key: 'tables.col.method', type: 'CHOICE', sql: 't.payment_method', sortable: true, choices: PAYMENT_METHOD_CHOICES, integerChoices: true },
    { key: 'status', label_key: 'tables.col.status', type: 'CHOICE', sql: 't.status', sortable: true, choices: statusChoices('payout') },
    { key: 'transaction_id', label_key: 'tables.col.transactionId', type: 'STRING', sql: 't.transaction_id', sort: "COALESCE(t.transaction_id, '')", sortable: true },
  ],
};

const activity: Table = {
  key: 'activity',
  own: 'activities t',
  from: 'activities t LEFT JOIN campaigns cp ON cp.id = t.campaign_id AND cp.company_id = t.company_id',
  owner: 't.company_id = ? AND t.ambassador_uid = ?',
  idSql: 't.id',
  idOut: 't.id',
  extras: ['t.points AS points', 't.payout_id AS payout_id', 't.redemption_id AS redemption_id', 'cp.name AS campaign_name'],
  default_ordering: '-created_at',
  default_page_size: 15,
  columns: [
    { key: 'created_at', label_key: 'tables.col.date', type: 'DATE', sql: 't.created_at', sortable: true },
    { key: 'type', label_key: 'tables.col.type', type: 'CHOICE', sql: 't.type', sortable: true, choices: choicesOf(ACTIVITY_TYPES, 'tables.activityType.') },
    { key: 'referred_name', label_key: 'tables.col.referredName', type: 'STRING', sql: 't.referred_name', sort: "COALESCE(t.referred_name, '')", sortable: true },
    { key: 'referred_email', label_key: 'tables.col.referredEmail', type: 'EMAIL', sql: 't.referred_email', sort: "COALESCE(t.referred_email, '')", sortable: true },
    // Money, or points for point rows: filters and sorting take points as whole units of the currency.
    { key: 'amount', label_key: 'tables.col.amount', type: 'MONEY', sql: 'COALESCE(t.amount_minor, t.points * :scale)', sort: 'COALESCE(t.amount_minor, t.points * :scale, 0)', currency: 't.currency', sortable: true },
    // A commission's row shows the commission's status now (one source of status for every screen).
    { key: 'status', label_key: 'tables.col.status', type: 'CHOICE', sql: activityStatusSql('t'), sortable: true, choices: statusChoices('activity') },
    { key: 'payment_method', label_key: 'tables.col.paymentMethod', type: 'CHOICE', sql: 't.payment_method', sort: 'COALESCE(t.payment_method, -1)', sortable: true, choices: PAYMENT_METHOD_CHOICES, integerChoices: true },
    { key: 'expire_at', label_key: 'tables.col.expireAt', type: 'DATE', sql: 't.expire_at', sort: "COALESCE(t.expire_at, '')", sortable: true },
    // A task's or a redemption's name, or the portal's own text, in the reader's language.
    { key: 'event_data1', label_key: 'tables.col.eventData1', type: 'STRING', sql: 't.event_data1', sort: "COALESCE(t.event_data1, '')", sortable: true, inLanguage: (lang) => activityNameSql('t', lang) },
    // The portal's own texts (a Stripe checkout, a first purchase) in the reader's language; a company's as written.
    { key: 'event_data2', label_key: 'tables.col.eventData2', type: 'STRING', sql: 't.event_data2', sort: "COALESCE(t.event_data2, '')", sortable: true, inLanguage: (lang) => recordTextSql('t.event_data2', lang) },
    { key: 'event_data3', label_key: 'tables.col.eventData3', type: 'STRING', sql: 't.event_data3', sort: "COALESCE(t.event_data3, '')", sortable: true, inLanguage: (lang) => recordTextSql('t.event_data3', lang) },
    { key: 'campaign', label_key: 'tables.col.campaign', type: 'CHOICE', sql: 'cp.uid', sort: "COALESCE(cp.uid, '')", sortable: true, choices: campaignChoices, openChoices: true },
  ],
};

export const TABLES: Record<TableKey, Table> = { commissions, payouts, activity };

export const isTableKey = (key: string): key is TableKey => (TABLE_KEYS as readonly string[]).includes(key);

export function columnOf(table: Table, key: string): Column | undefined {
  return table.columns.find((c) => c.key === key);
}

export function choicesFor(column: Column, caller: Caller, lang: Language | null = null): Choice[] | undefined {
  if (!column.choices) return undefined;
  return typeof column.choices === 'function' ? column.choices(caller, lang) : column.choices;
}
