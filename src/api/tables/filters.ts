import { currencyMinorDigits } from '../../lib/format';
import { fieldError } from '../core/errors';
import { FOLDED_VALUE, foldSql } from '../core/fold-sql';
import type { Caller } from '../core/types';
import { choicesFor, columnOf, TYPE_OPERATORS, type Column, type Table } from './columns';
import { withScale } from './queries';

// Filters `<column>__<op>=<value>` and `<column>__not_<op>=<value>` (spec §9) to SQL. Columns and
// operators come from the allow-lists of columns.ts; every value is bound as a parameter, never written
// into the SQL text. A bad parameter is a 400 naming it: `{ "<param>": [text], error_codes }`.

export type SqlArg = string | number;
export interface Condition {
  sql: string;
  args: SqlArg[];
}

/** Longest value accepted (a CHOICE `in` list included). */
const MAX_VALUE = 500;
const MAX_IN = 50;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(?:\.\d{1,12})?$/;

function isoDay(param: string, value: string): string {
  if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw fieldError(param, 'invalidDate');
  }
  return value;
}

function bool(param: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw fieldError(param, 'tables.valueBoolean');
}

function int(param: string, value: string, min: number, max: number, key: 'tables.valueInteger' | 'tables.valueDay' = 'tables.valueInteger'): number {
  const v = value.trim();
  const n = Number(v);
  if (!INTEGER.test(v) || !Number.isSafeInteger(n) || n < min || n > max) throw fieldError(param, key, { min, max });
  return n;
}

/** A decimal in the currency ("12.50") to minor units; more decimals than the currency has fail. */
export function decimalToMinor(param: string, value: string, digits: number): number {
  const v = value.trim();
  if (!DECIMAL.test(v)) throw fieldError(param, 'tables.valueNumber', { digits });
  const negative = v.startsWith('-');
  const [whole = '0', frac = ''] = v.replace('-', '').split('.');
  if (frac.slice(digits).replace(/0+$/, '')) throw fieldError(param, 'tables.valueNumber', { digits });
  const minor = Number(whole) * 10 ** digits + Number(frac.slice(0, digits).padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw fieldError(param, 'tables.valueNumber', { digits });
  return negative ? -minor : minor;
}

const COMPARE: Record<string, string> = { gt: '>', lt: '<', gte: '>=', lte: '<=', exact: '=' };

/** The condition of one (non-negated) operator on a column, values bound. */
export function condition(column: Column, op: string, param: string, raw: string, caller: Caller, moneyDigits: number): Condition {
  const e = column.sql;
  const value = raw;
  switch (column.type) {
    case 'BOOLEAN':
      return { sql: `${e} = ?`, args: [bool(param, value) ? 1 : 0] };
    case 'INTEGER':
      return { sql: `${e} ${COMPARE[op]} ?`, args: [int(param, value, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)] };
    case 'DECIMAL': {
      const v = value.trim();
      if (!DECIMAL.test(v)) throw fieldError(param, 'tables.valueNumber', { digits: 12 });
      return { sql: `${e} ${COMPARE[op]} ?`, args: [Number(v)] };
    }
    case 'MONEY':
      return { sql: `${e} ${COMPARE[op]} ?`, args: [decimalToMinor(param, value, moneyDigits)] };
    case 'DATE':
      return dateCondition(e, op, param, value);
    case 'CHOICE':
      return choiceCondition(column, op, param, value, caller);
    case 'STRING': case 'URL': case 'EMAIL': case 'TYPEAHEAD':
      return textCondition(e, op, param, value);
  }
}

function textCondition(e: string, op: string, param: string, value: string): Condition {
  switch (op) {
    // Empty text counts as no value.
    case 'isnull':
      return bool(param, value) ? { sql: `(${e} IS NULL OR ${e} = '')`, args: [] } : { sql: `(${e} IS NOT NULL AND ${e} <> '')`, args: [] };
    case 'exact':
      return { sql: `${e} = ?`, args: [value] };
    case 'iexact':
      return { sql: `${foldSql(e)} = ${FOLDED_VALUE}`, args: [value] };
    // instr() rather than LIKE: no wildcard in a value has a meaning.
    case 'icontains':
      return { sql: `instr(${foldSql(e)}, ${FOLDED_VALUE}) > 0`, args: [value] };
    case 'istartswith':
      return { sql: `instr(${foldSql(e)}, ${FOLDED_VALUE}) = 1`, args: [value] };
  }
  throw fieldError(param, 'tables.operatorUnknown');
}

function dateCondition(e: string, op: string, param: string, value: string): Condition {
  const day = `substr(${e}, 1, 10)`;
  const dom = `CAST(strftime('%d', ${e}) AS INTEGER)`;
  switch (op) {
    case 'gt': case 'lt': case 'gte': case 'lte':
      return { sql: `${day} ${COMPARE[op]} ?`, args: [isoDay(param, value.trim())] };
    case 'in_day':
      return { sql: `${day} = ?`, args: [isoDay(param, value.trim())] };
    case 'day_gt': case 'day_gte': case 'day_lt': case 'day_lte':
      return { sql: `${dom} ${COMPARE[op.slice(4)]} ?`, args: [int(param, value, 1, 31, 'tables.valueDay')] };
    // N days ago, by calendar day (UTC): more than N (earlier), fewer than N (later), exactly N.
    case 'past_gt': case 'past_lt': case 'past_exact': {
      const n = int(param, value, 0, 36_600);
      const cmp = op === 'past_gt' ? '<' : op === 'past_lt' ? '>' : '=';
      return { sql: `${day} ${cmp} date('now', ?)`, args: [`-${n} days`] };
    }
    case 'isnull':
      return bool(param, value) ? { sql: `${e} IS NULL`, args: [] } : { sql: `${e} IS NOT NULL`, args: [] };
  }
  throw fieldError(param, 'tables.operatorUnknown');
}

function choiceCondition(column: Column, op: string, param: string, value: string, caller: Caller): Condition {
  const list = op === 'in' ? value.split(',').map((v) => v.trim()).filter(Boolean) : [value.trim()];
  if (list.length === 0 || list.length > MAX_IN) throw fieldError(param, 'tables.valueChoice');
  const allowed = column.openChoices ? null : new Set((choicesFor(column, caller) ?? []).map((c) => c.value));
  const args = list.map((v) => {
    if (allowed && !allowed.has(v)) throw fieldError(param, 'tables.valueChoice');
    if (v.length > 200) throw fieldError(param, 'tables.valueChoice');
    return column.integerChoices ? Number(v) : v;
  });
  return { sql: `${column.sql} IN (${args.map(() => '?').join(', ')})`, args };
}

export interface ParsedFilter {
  param: string;
  column: Column;
  op: string;
  negated: boolean;
  value: string;
}

/** `campaign__not_in` -> column `campaign`, op `in`, negated; unknown column or operator: 400. */
export function parseFilterParam(table: Table, param: string, value: string): ParsedFilter {
  const at = param.lastIndexOf('__');
  if (at <= 0) throw fieldError(param, 'tables.columnUnknown');
  const column = columnOf(table, param.slice(0, at));
  if (!column) throw fieldError(param, 'tables.columnUnknown');
  let op = param.slice(at + 2);
  const negated = op.startsWith('not_');
  if (negated) op = op.slice(4);
  if (!TYPE_OPERATORS[column.type].includes(op)) throw fieldError(param, 'tables.operatorUnknown');
  if (value.length > MAX_VALUE) throw fieldError(param, 'tables.valueTooLong', { max: MAX_VALUE });
  return { param, column, op, negated, value };
}

/** The WHERE conditions of the filters, after the owner condition. */
export function filterConditions(table: Table, params: Record<string, string>, caller: Caller): Condition[] {
  const digits = currencyMinorDigits(caller.company.currency);
  const scale = String(10 ** digits);
  const out: Condition[] = [];
  for (const [param, value] of Object.entries(params)) {
    const f = parseFilterParam(table, param, value);
    const column = { ...f.column, sql: withScale(f.column.sql, scale) };
    const c = condition(column, f.op, param, f.value, caller, digits);
    // A negated filter is the complement: rows where the condition is false or unknown (NULL).
    out.push(f.negated ? { sql: `NOT COALESCE((${c.sql}), 0)`, args: c.args } : c);
  }
  return out;
}
