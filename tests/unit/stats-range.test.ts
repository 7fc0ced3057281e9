import { describe, expect, it } from 'vitest';
import { translator } from '../../src/lib/i18n';
import {
  crossesYears, defaultInterval, normalizeRangeKey, parseInterval, rangeChoices, rangeLabel, rangeNeedsYear, spanDays,
  statsRange, statsSearch, statsViewFromQuery, timeLabel,
} from '../../src/lib/stats-range';

const NOW = '2026-03-31T15:00:00Z';

describe('range keys', () => {
  it('reads the named presets, N days and the legacy spellings', () => {
    expect(normalizeRangeKey('6m')).toBe('6m');
    expect(normalizeRangeKey('this_year')).toBe('this_year');
    expect(normalizeRangeKey('this-year')).toBe('this_year');
    expect(normalizeRangeKey('LAST_YEAR')).toBe('last_year');
    expect(normalizeRangeKey('30')).toBe('30');
    expect(normalizeRangeKey('90d')).toBe('90');
  });

  it('refuses what is not a range', () => {
    for (const bad of [null, undefined, '', '0', '-5', '3661', 'abc', '12m', '30 days', '1e3']) expect(normalizeRangeKey(bad)).toBeNull();
  });
});

describe('statsRange (spec §9 presets)', () => {
  it('6 Months goes back six calendar months, clamped to the month end', () => {
    expect(statsRange('6m', NOW)).toEqual({ startDate: '2025-09-30', endDate: '2026-03-31' });
    expect(statsRange('6m', '2026-08-31T00:00:00Z')).toEqual({ startDate: '2026-02-28', endDate: '2026-08-31' });
  });

  it('This Year starts on 1 January and ends today', () => {
    expect(statsRange('this_year', NOW)).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' });
  });

  it('Last Year is the whole previous calendar year', () => {
    expect(statsRange('last_year', NOW)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  it('N days goes N days back, across a year boundary too', () => {
    expect(statsRange('30', NOW)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(statsRange('7', '2026-01-03T00:00:00Z')).toEqual({ startDate: '2025-12-27', endDate: '2026-01-03' });
  });

  it('an unknown key falls back to the default (30 days)', () => {
    expect(statsRange('bogus', NOW)).toEqual(statsRange('30', NOW));
  });
});

describe('intervals', () => {
  it('parses day/week/month and their plurals', () => {
    expect(parseInterval('day')).toBe('day');
    expect(parseInterval('weeks')).toBe('week');
    expect(parseInterval('Month')).toBe('month');
    expect(parseInterval('year')).toBeNull();
    expect(parseInterval(null)).toBeNull();
  });

  it('picks days up to a month, weeks up to a quarter, months beyond', () => {
    expect(spanDays('2026-03-01', '2026-03-31')).toBe(31);
    expect(defaultInterval('2026-03-01', '2026-03-31')).toBe('day');
    expect(defaultInterval('2026-01-01', '2026-03-31')).toBe('week');
    expect(defaultInterval('2025-01-01', '2025-12-31')).toBe('month');
  });
});

describe('statsViewFromQuery and statsSearch', () => {
  it('reads range and interval from the URL, with defaults for missing or bad values', () => {
    expect(statsViewFromQuery(new URLSearchParams('range=last_year&interval=week'), NOW))
      .toEqual({ range: 'last_year', interval: 'week', startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(statsViewFromQuery(new URLSearchParams('range=6m'), NOW).interval).toBe('month');
    expect(statsViewFromQuery(new URLSearchParams('range=nope&interval=hour'), NOW))
      .toEqual({ range: '30', interval: 'day', startDate: '2026-03-01', endDate: '2026-03-31' });
  });

  it('writes a bookmarkable query that reads back to the same view', () => {
    const search = statsSearch({ range: '90', interval: 'week', campaign: '201' });
    expect(search).toBe('?range=90&interval=week&campaign=201');
    expect(statsViewFromQuery(new URLSearchParams(search), NOW)).toMatchObject({ range: '90', interval: 'week' });
    expect(statsSearch({ range: '6m', interval: 'month' })).toBe('?range=6m&interval=month');
  });
});

describe('labels', () => {
  it('names the ranges in the page language', () => {
    expect(rangeLabel('6m', translator('en'))).toBe('6 Months');
    expect(rangeLabel('this_year', translator('es'))).toBe('Este año');
    expect(rangeLabel('30', translator('es'))).toBe('Últimos 30 días');
  });

  it('lists the presets and slots another N days in order', () => {
    expect(rangeChoices('30')).toEqual(['7', '30', '90', '6m', 'this_year', 'last_year']);
    expect(rangeChoices('45')).toEqual(['7', '30', '45', '90', '6m', 'this_year', 'last_year']);
    expect(rangeChoices('365')).toEqual(['7', '30', '90', '365', '6m', 'this_year', 'last_year']);
  });

  it('shows month names for the month interval and dates otherwise, in the page language', () => {
    const march = Date.UTC(2026, 2, 1);
    expect(timeLabel(march, 'month', 'en')).toBe('March');
    expect(timeLabel(march, 'month', 'es')).toBe('marzo');
    expect(timeLabel(march, 'month', 'en', true)).toBe('March 2026');
    expect(timeLabel(Date.UTC(2026, 2, 7), 'day', 'en')).toBe('Mar 7');
    expect(timeLabel(Date.UTC(2026, 2, 7), 'week', 'es')).toBe('7 mar');
    expect(timeLabel('2026-03-07', 'day', 'not a language!')).toBe('Mar 7');
    expect(timeLabel(null, 'day', 'en')).toBe('');
  });

  it('knows when a series crosses years', () => {
    expect(crossesYears([Date.UTC(2025, 11, 30), Date.UTC(2026, 0, 2)])).toBe(true);
    expect(crossesYears([Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31)])).toBe(false);
    expect(crossesYears([])).toBe(false);
  });

  // "Last year" drew "January" to "December" with no year, read as this year's months.
  it('puts the year in the labels of a range that crosses years or lies in another year than today', () => {
    const lastYear = statsRange('last_year', NOW);
    expect(rangeNeedsYear(lastYear.startDate, lastYear.endDate, NOW)).toBe(true);
    const thisYear = statsRange('this_year', NOW);
    expect(rangeNeedsYear(thisYear.startDate, thisYear.endDate, NOW)).toBe(false);
    const sixMonths = statsRange('6m', NOW);
    expect(rangeNeedsYear(sixMonths.startDate, sixMonths.endDate, NOW)).toBe(true);
    const month = statsRange('30', NOW);
    expect(rangeNeedsYear(month.startDate, month.endDate, NOW)).toBe(false);
  });
});
