import type { MessageKey } from './i18n/en.ts';
import { dateTimeFormat } from './intl-cache.ts';

// Dates of spec §9: formats and range presets. Formatting and arithmetic use UTC by default so the
// server-rendered HTML and the hydrated island agree, whatever the browser's time zone.

const LOCALE = 'en-US';

export type DateInput = Date | string | number | null | undefined;

/**
 * A Date from API values: Date, ISO text, "YYYY-MM-DD" (a calendar day, read as UTC midnight),
 * zone-less "YYYY-MM-DD HH:MM:SS" (read as UTC) or an
 * epoch number (seconds when below 1e11, as metric series send them, else milliseconds). Null when unreadable.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(Math.abs(value) < 1e11 ? value * 1000 : value);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) date = new Date(`${value}T00:00:00Z`);
  // SQLite's datetime() text ("2025-03-07 10:00:00") has no zone but is UTC; JS would read it as local time.
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value)) date = new Date(`${value.replace(' ', 'T')}Z`);
  else date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(value: DateInput, timeZone: string) {
  const date = toDate(value);
  if (!date) return null;
  // UTC, the default, needs no time-zone database (every page reads today's date this way).
  if (timeZone === 'UTC') {
    const year = date.getUTCFullYear();
    if (year >= 1000 && year <= 9999) {
      const two = (n: number) => String(n).padStart(2, '0');
      return { year: String(year), month: two(date.getUTCMonth() + 1), day: two(date.getUTCDate()) };
    }
  }
  const fields = dateTimeFormat(LOCALE, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date);
  const get = (type: string) => fields.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** "2025-03-07"; "" when the value is not a date. */
export function formatDateIso(value: DateInput, timeZone = 'UTC'): string {
  const p = parts(value, timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** "03/07/2025"; "" when the value is not a date. */
export function formatDateUs(value: DateInput, timeZone = 'UTC'): string {
  const p = parts(value, timeZone);
  return p ? `${p.month}/${p.day}/${p.year}` : '';
}

/**
 * A short date in the page language: MM/DD/YYYY in English (spec §9), the language's own numeric order
 * elsewhere ("20/11/2026" in French, "20.11.2026" in German).
 */
export function formatShortDate(value: DateInput, lang?: string | null, timeZone = 'UTC'): string {
  const date = toDate(value);
  if (!date) return '';
  const code = (lang ?? 'en').split('-')[0];
  if (code === 'en') return formatDateUs(value, timeZone);
  return dateTimeFormat(lang === 'es-419' ? 'es-419' : (lang ?? 'en'), inZone(SHORT, timeZone)).format(date);
}

// Frozen in UTC, the zone every page uses, so the formatter cache knows them by identity (intl-cache.ts).
const SHORT = Object.freeze({ timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' } as const);
export const MONTH = Object.freeze({ timeZone: 'UTC', month: 'long' } as const);
export const MONTH_YEAR = Object.freeze({ timeZone: 'UTC', month: 'long', year: 'numeric' } as const);
const LONG = Object.freeze({ timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' } as const);
const inZone = (options: Intl.DateTimeFormatOptions, timeZone = 'UTC'): Intl.DateTimeFormatOptions => (timeZone === 'UTC' ? options : { ...options, timeZone });

/** Long month name for month-interval graph labels: "March", or "March 2025" with the year. */
export function formatMonth(value: DateInput, options: { withYear?: boolean; timeZone?: string; lang?: string } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return dateTimeFormat(options.lang ?? LOCALE, inZone(options.withYear ? MONTH_YEAR : MONTH, options.timeZone)).format(date);
}

/** "March 7, 2025", e.g. the sidebar's Joined date. */
export function formatLongDate(value: DateInput, options: { timeZone?: string; lang?: string } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return dateTimeFormat(options.lang ?? LOCALE, inZone(LONG, options.timeZone)).format(date);
}

export type RelativeUnit = 'days' | 'months' | 'years';

/** `date` moved by `amount` units; month and year steps keep the day but clamp to the month's end (Mar 31 - 1 month = Feb 28). */
export function shiftDate(date: DateInput, amount: number, unit: RelativeUnit): Date {
  const d = toDate(date) ?? new Date();
  if (unit === 'days') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + amount));
  const months = unit === 'months' ? amount : amount * 12;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target;
}

export type RangePreset =
  | { kind: 'months'; months: number }
  | { kind: 'thisYear' }
  | { kind: 'lastYear' }
  | { kind: 'days'; days: number };

export interface DateRange {
  /** YYYY-MM-DD, inclusive */
  startDate: string;
  /** YYYY-MM-DD, inclusive */
  endDate: string;
}

/**
 * The range a preset covers on `now`'s calendar day. "Last Year" ends on 31 December of that year;
 * every other preset ends today.
 */
export function rangeForPreset(preset: RangePreset, now: DateInput = new Date()): DateRange {
  const today = toDate(now) ?? new Date();
  const year = today.getUTCFullYear();
  const endDate = formatDateIso(today);
  switch (preset.kind) {
    case 'months':
      return { startDate: formatDateIso(shiftDate(today, -preset.months, 'months')), endDate };
    case 'thisYear':
      return { startDate: `${year}-01-01`, endDate };
    case 'lastYear':
      return { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-12-31` };
    case 'days':
      return { startDate: formatDateIso(shiftDate(today, -preset.days, 'days')), endDate };
  }
}

export interface RangeOption {
  /** Stable value for a <select> or a ?range= query parameter. */
  key: string;
  labelKey: MessageKey;
  labelParams?: Record<string, number>;
  preset: RangePreset;
}

export const RANGE_OPTIONS: readonly RangeOption[] = [
  { key: '7d', labelKey: 'rangeDays', labelParams: { days: 7 }, preset: { kind: 'days', days: 7 } },
  { key: '30d', labelKey: 'rangeDays', labelParams: { days: 30 }, preset: { kind: 'days', days: 30 } },
  { key: '90d', labelKey: 'rangeDays', labelParams: { days: 90 }, preset: { kind: 'days', days: 90 } },
  { key: '6m', labelKey: 'rangeSixMonths', preset: { kind: 'months', months: 6 } },
  { key: 'this-year', labelKey: 'rangeThisYear', preset: { kind: 'thisYear' } },
  { key: 'last-year', labelKey: 'rangeLastYear', preset: { kind: 'lastYear' } },
];

export const DEFAULT_RANGE_KEY = '30d';

/** A preset from its key: a listed key, or any "<n>d" / "<n>m" (1 to 3660 days, 1 to 120 months); else null. */
export function presetFromKey(key: string | null | undefined): RangePreset | null {
  const listed = RANGE_OPTIONS.find((option) => option.key === key);
  if (listed) return listed.preset;
  const m = /^(\d{1,4})([dm])$/.exec(key ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  if (m[2] === 'd') return n >= 1 && n <= 3660 ? { kind: 'days', days: n } : null;
  return n >= 1 && n <= 120 ? { kind: 'months', months: n } : null;
}
