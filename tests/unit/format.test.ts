import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  RANGE_OPTIONS,
  currencyMinorDigits,
  formatCompact,
  formatDateIso,
  formatDateUs,
  formatLongDate,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  presetFromKey,
  rangeForPreset,
  shiftDate,
  toDate,
  truncate,
} from '../../src/lib/format.ts';
import { formatPoints } from '../../src/lib/points.ts';
import { numberFormat } from '../../src/lib/intl-cache.ts';

describe('money (en-US, default USD, 0 to 2 fraction digits)', () => {
  it('formats minor units as dollars, without decimals for whole amounts', () => {
    expect(formatMoney(125000)).toBe('$1,250');
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(1)).toBe('$0.01');
    expect(formatMoney(0)).toBe('$0');
  });

  it('uses the company currency and its minor unit', () => {
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(currencyMinorDigits('usd')).toBe(2);
  });

  it('falls back to USD for a missing or unknown currency', () => {
    expect(formatMoney(100, null)).toBe('$1');
    expect(formatMoney(100, 'dollars')).toBe('$1');
  });

  it('shows negative amounts and treats NaN as zero', () => {
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(Number.NaN)).toBe('$0');
  });
});

describe('numbers, compact numbers, percentages and points', () => {
  it('groups thousands and keeps up to 2 decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(12)).toBe('12');
  });

  it('adds a K suffix from 1000 and not before', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1500)).toBe('1.5K');
    expect(formatCompact(12345)).toBe('12.35K');
  });

  it('shows a ratio as a percentage with up to 2 decimals', () => {
    expect(formatPercent(0.12345)).toBe('12.35%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('follows points with the company point name, the page language\'s word for the default "point(s)"', () => {
    expect(formatPoints(1250, 'point(s)', 'en')).toBe('1,250 points');
    expect(formatPoints(40, 'stars', 'en')).toBe('40 stars');
    expect(formatPoints(3, '  ', 'en')).toBe('3 points');
  });
});

describe('truncate', () => {
  it('keeps text up to the limit and marks longer text with an ellipsis', () => {
    expect(truncate('Ada Lovelace', NAME_MAX_LENGTH)).toBe('Ada Lovelace');
    const long = 'Maximiliana Wilhelmina Featherstonehaugh';
    expect(truncate(long, NAME_MAX_LENGTH)).toBe(`${long.slice(0, 28)}...`);
    expect(truncate('x'.repeat(28), 28)).toBe('x'.repeat(28));
  });

  it('uses 28 for names and 25 for e-mails (§9)', () => {
    expect(NAME_MAX_LENGTH).toBe(28);
    expect(EMAIL_MAX_LENGTH).toBe(25);
    expect(truncate('a.very.long.address@example.com', EMAIL_MAX_LENGTH)).toBe('a.very.long.address@examp...');
  });

  it('never splits an emoji and treats null as empty', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
    expect(truncate(null, 5)).toBe('');
  });
});

describe('dates', () => {
  it('formats YYYY-MM-DD and MM/DD/YYYY', () => {
    expect(formatDateIso('2025-03-07T23:30:00Z')).toBe('2025-03-07');
    expect(formatDateUs('2025-03-07')).toBe('03/07/2025');
  });

  it('reads a calendar day as that day in every time zone of the formatter', () => {
    expect(formatDateIso('2025-01-01')).toBe('2025-01-01');
  });

  it('reads SQLite datetime text as UTC', () => {
    expect(toDate('2025-03-07 10:00:00')?.toISOString()).toBe('2025-03-07T10:00:00.000Z');
  });

  it('converts metric timestamps in seconds or milliseconds', () => {
    expect(toDate(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(toDate(1_700_000_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });

  it('gives empty text for something that is not a date', () => {
    expect(formatDateIso('soon')).toBe('');
    expect(formatDateUs(null)).toBe('');
    expect(toDate('')).toBeNull();
  });

  it('names the month in full for month intervals', () => {
    expect(formatMonth('2025-03-01')).toBe('March');
    expect(formatMonth('2025-03-01', { withYear: true })).toBe('March 2025');
    expect(formatMonth('2025-03-01', { lang: 'es' })).toBe('marzo');
    expect(formatLongDate('2024-02-29')).toBe('February 29, 2024');
  });

  it('shifts by days, months and years, clamping to the end of a shorter month', () => {
    expect(formatDateIso(shiftDate('2025-03-31', -1, 'months'))).toBe('2025-02-28');
    expect(formatDateIso(shiftDate('2024-02-29', 1, 'years'))).toBe('2025-02-28');
    expect(formatDateIso(shiftDate('2025-01-01', -1, 'days'))).toBe('2024-12-31');
  });
});

describe('range presets (§9)', () => {
  const now = '2025-08-31T15:00:00Z';

  it('6 Months starts six months back', () => {
    expect(rangeForPreset({ kind: 'months', months: 6 }, now)).toEqual({ startDate: '2025-02-28', endDate: '2025-08-31' });
  });

  it('This Year starts on 1 January', () => {
    expect(rangeForPreset({ kind: 'thisYear' }, now)).toEqual({ startDate: '2025-01-01', endDate: '2025-08-31' });
  });

  it('Last Year is 1 January to 31 December of the previous year', () => {
    expect(rangeForPreset({ kind: 'lastYear' }, now)).toEqual({ startDate: '2024-01-01', endDate: '2024-12-31' });
  });

  it('otherwise goes a number of days back', () => {
    expect(rangeForPreset({ kind: 'days', days: 30 }, now)).toEqual({ startDate: '2025-08-01', endDate: '2025-08-31' });
  });

  it('offers the named presets and reads keys from a query string', () => {
    expect(RANGE_OPTIONS.map((o) => o.key)).toEqual(expect.arrayContaining(['6m', 'this-year', 'last-year']));
    expect(presetFromKey('last-year')).toEqual({ kind: 'lastYear' });
    expect(presetFromKey('14d')).toEqual({ kind: 'days', days: 14 });
    expect(presetFromKey('3m')).toEqual({ kind: 'months', months: 3 });
    expect(presetFromKey('0d')).toBeNull();
    expect(presetFromKey('forever')).toBeNull();
  });
});

describe('numbers in the page language', () => {
  it('writes money, numbers, points and percentages the way the page language does', () => {
    expect(formatMoney(16104, 'EUR', 'es')).toMatch(/^161,04\s€$/);
    expect(formatMoney(125000, 'USD', 'de')).toMatch(/^1\.250\s\$$/);
    expect(formatNumber(1234.5, 'fr')).toMatch(/^1\s234,5$/);
    expect(formatPoints(1350, 'Acme Coins', 'es')).toBe('1350 Acme Coins');
    expect(formatPercent(0.1235, 'es')).toMatch(/^12,35\s%$/);
  });

  it('keeps en-US without a language, for English, and for a code Intl does not know', () => {
    expect(formatMoney(125000, 'USD')).toBe('$1,250');
    expect(formatMoney(125000, 'USD', 'en')).toBe('$1,250');
    expect(formatNumber(1234.5, 'xx-nope')).toBe('1,234.5');
  });
});

describe('short dates in the page language', () => {
  it.each([
    ['en', '11/20/2026'],
    [undefined, '11/20/2026'],
    ['fr', '20/11/2026'],
    ['de', '20.11.2026'],
    ['es', '20/11/2026'],
    ['nl', '20-11-2026'],
  ])('%s', async (lang, expected) => {
    const { formatShortDate } = await import('../../src/lib/dates');
    expect(formatShortDate('2026-11-20T10:00:00Z', lang)).toBe(expected);
  });
});

describe('formatters kept per isolate', () => {
  it('keeps one formatter per locale for frozen options, and reads the same as one made for the call', () => {
    const options = Object.freeze({ maximumFractionDigits: 1 });
    expect(numberFormat('fr', options)).toBe(numberFormat('fr', options));
    expect(numberFormat('fr', options)).not.toBe(numberFormat('en', options));
    expect(numberFormat('fr', options).format(1234.56)).toBe(new Intl.NumberFormat('fr', { maximumFractionDigits: 1 }).format(1234.56));
    // Options that are not frozen may change between calls: known by what they say, not by identity.
    const open: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
    expect(numberFormat('en', open).format(1.6)).toBe('2');
    open.maximumFractionDigits = 2;
    expect(numberFormat('en', open).format(1.666)).toBe('1.67');
  });

  it('reads a currency in any spelling once, and an unknown one as the default', () => {
    expect(formatMoney(1250, ' eur ', 'en')).toBe('€12.50');
    expect(formatMoney(1250, 'eur', 'en')).toBe('€12.50');
    expect(formatMoney(1250, 'EURO', 'en')).toBe('$12.50');
    expect(formatMoney(1250, null, 'en')).toBe('$12.50');
    expect(formatMoney(1250, 'JPY', 'en')).toBe('¥1,250');
  });

  it('writes UTC days without the time-zone database as Intl does, other zones and far years through it', () => {
    expect(formatDateIso('2026-01-05T23:30:00Z')).toBe('2026-01-05');
    expect(formatDateUs('2026-01-05T23:30:00Z')).toBe('01/05/2026');
    expect(formatDateIso('2026-01-05T23:30:00Z', 'Asia/Tokyo')).toBe('2026-01-06');
    expect(formatDateIso(new Date(Date.UTC(20000, 0, 1)))).toBe(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' }).format(new Date(Date.UTC(20000, 0, 1))) + '-01-01');
  });
});
