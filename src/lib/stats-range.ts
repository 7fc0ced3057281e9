import { MONTH, MONTH_YEAR, formatDateIso, rangeForPreset, toDate, type DateInput, type RangePreset } from './dates.ts';
import type { MessageKey } from './i18n/en.ts';
import { dateTimeFormat } from './intl-cache.ts';

// The stats screen's view of spec §9: range presets (6 Months, This Year, Last Year, N days), the
// graph interval (day, week, month) and the graph's time labels. Pure functions of the URL query and
// "now", so the server's first paint and the island agree; the date arithmetic is dates.ts's.

export const STATS_INTERVALS = ['day', 'week', 'month'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** Range keys as they appear in `?range=`: named presets or a number of days. */
export const STATS_RANGE_KEYS = ['7', '30', '90', '6m', 'this_year', 'last_year'] as const;
export const DEFAULT_STATS_RANGE = '30';

/** Longest "N days" range accepted from a URL (ten years). */
export const MAX_RANGE_DAYS = 3660;

/** What the legacy keys of dates.ts (`this-year`, `30d`) and plain `N` mean as a canonical `?range=` key. */
export function normalizeRangeKey(key: string | null | undefined): string | null {
  const k = (key ?? '').trim().toLowerCase().replace(/-/g, '_');
  if (k === '6m' || k === 'this_year' || k === 'last_year') return k;
  const days = /^(\d{1,4})d?$/.exec(k);
  if (!days) return null;
  const n = Number(days[1]);
  return n >= 1 && n <= MAX_RANGE_DAYS ? String(n) : null;
}

/** The spec §9 preset behind a canonical key (see normalizeRangeKey). */
export function presetOfKey(key: string): RangePreset {
  if (key === '6m') return { kind: 'months', months: 6 };
  if (key === 'this_year') return { kind: 'thisYear' };
  if (key === 'last_year') return { kind: 'lastYear' };
  return { kind: 'days', days: Number(key) };
}

/** Start and end (YYYY-MM-DD, inclusive) of a range key on `now`'s UTC calendar day; unknown keys use the default. */
export function statsRange(key: string | null | undefined, now: DateInput = new Date()): { startDate: string; endDate: string } {
  return rangeForPreset(presetOfKey(normalizeRangeKey(key) ?? DEFAULT_STATS_RANGE), now);
}

/** Days from start to end inclusive. */
export function spanDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The interval a range reads best in when the URL names none: days up to a month, weeks up to a quarter, else months. */
export function defaultInterval(startDate: string, endDate: string): StatsInterval {
  const days = spanDays(startDate, endDate);
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

export function parseInterval(value: string | null | undefined): StatsInterval | null {
  const v = (value ?? '').trim().toLowerCase().replace(/s$/, '');
  return (STATS_INTERVALS as readonly string[]).includes(v) ? (v as StatsInterval) : null;
}

export interface StatsView {
  /** Canonical range key (what `?range=` should hold). */
  range: string;
  interval: StatsInterval;
  startDate: string;
  endDate: string;
}

/** The view a URL asks for (`?range=&interval=`), anything unreadable replaced by the defaults. */
export function statsViewFromQuery(query: URLSearchParams, now: DateInput = new Date()): StatsView {
  const range = normalizeRangeKey(query.get('range')) ?? DEFAULT_STATS_RANGE;
  const { startDate, endDate } = statsRange(range, now);
  const interval = parseInterval(query.get('interval')) ?? defaultInterval(startDate, endDate);
  return { range, interval, startDate, endDate };
}

/** `?range=…&interval=…&campaign=…` of a view, for links, the form and history.replaceState. */
export function statsSearch(view: { range: string; interval: StatsInterval; campaign?: string | null }): string {
  const q = new URLSearchParams({ range: view.range, interval: view.interval });
  if (view.campaign) q.set('campaign', view.campaign);
  return `?${q.toString()}`;
}

/**
 * The label of a range key through a translator (`translator(lang)` of i18n.ts; passed in so the island
 * does not bundle the catalogues): "6 Months", "This Year", "Last Year", "Last 30 days".
 */
export function rangeLabel(key: string, tr: (key: MessageKey, params?: Record<string, number>) => string): string {
  if (key === '6m') return tr('rangeSixMonths');
  if (key === 'this_year') return tr('rangeThisYear');
  if (key === 'last_year') return tr('rangeLastYear');
  return tr('rangeDays', { days: Number(key) });
}

/** The range choices of the selector, the current key included when the URL asked for another N. */
export function rangeChoices(current: string): string[] {
  const keys: string[] = [...STATS_RANGE_KEYS];
  if (!keys.includes(current)) keys.splice(keys.findIndex((k) => !/^\d+$/.test(k) || Number(k) > Number(current)), 0, current);
  return keys;
}

/**
 * A graph time label in the page language: the month name for the month interval ("March", "marzo";
 * with the year when the range crosses years), otherwise the date ("Mar 7", "7 mar"; with the year
 * when the range crosses years).
 */
export function timeLabel(time: DateInput, interval: StatsInterval, lang: string, withYear = false): string {
  const date = toDate(time);
  if (!date) return '';
  const options = LABEL_OPTIONS[`${interval === 'month' ? 'month' : 'day'}${withYear ? 'Year' : ''}`];
  try {
    return dateTimeFormat(lang, options).format(date);
  } catch {
    return dateTimeFormat('en-US', options).format(date);
  }
}
// Frozen: a graph writes a label per point, and the formatter cache knows these by identity (intl-cache.ts).
const LABEL_OPTIONS: Record<'month' | 'monthYear' | 'day' | 'dayYear', Intl.DateTimeFormatOptions> = {
  month: MONTH,
  monthYear: MONTH_YEAR,
  day: Object.freeze({ timeZone: 'UTC', month: 'short', day: 'numeric' }),
  dayYear: Object.freeze({ timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }),
};

/**
 * Whether the graph's labels carry the year: the range starts and ends in different years, or lies in
 * another year than today's ("Last year": "March 2025", not a "March" that reads as this one).
 */
export function rangeNeedsYear(startDate: string, endDate: string, now: DateInput = new Date()): boolean {
  const year = (date: DateInput) => formatDateIso(date).slice(0, 4);
  return year(startDate) !== year(endDate) || year(endDate) !== year(now);
}

/** Whether a series' first and last times fall in different years (then labels carry the year). */
export function crossesYears(times: DateInput[]): boolean {
  if (times.length < 2) return false;
  return formatDateIso(times[0]).slice(0, 4) !== formatDateIso(times[times.length - 1]).slice(0, 4);
}
