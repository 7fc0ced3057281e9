import { describe, expect, it } from 'vitest';
import { formatPointsIn } from '../../src/lib/format.ts';
import { formatPoints, isGenericPointName, pointWords } from '../../src/lib/points.ts';

// Never "1 points": a count of points reads right in every page language: the generic point name in
// the language's own plural forms, a company's own name never after a count it cannot agree with.

describe('points with the default point name', () => {
  it('reads a count of one in the singular in en, fr, pl and es', () => {
    expect(formatPoints(1, 'point(s)', 'en')).toBe('1 point');
    expect(formatPoints(1, 'point(s)', 'fr')).toBe('1 point');
    expect(formatPoints(1, 'point(s)', 'pl')).toBe('1 punkt');
    expect(formatPoints(1, 'point(s)', 'es')).toBe('1 punto');
    expect(formatPoints(1, 'point(s)', 'es-MX')).toBe('1 punto');
  });

  it('reads other counts in the language\'s plural forms', () => {
    expect(formatPoints(0, 'point(s)', 'en')).toBe('0 points');
    expect(formatPoints(1250, 'point(s)', 'en')).toBe('1,250 points');
    expect(formatPoints(0, 'point(s)', 'fr')).toBe('0 point');
    expect(formatPoints(2, 'point(s)', 'pl')).toBe('2 punkty');
    expect(formatPoints(5, 'point(s)', 'pl')).toBe('5 punktów');
    expect(formatPoints(22, 'point(s)', 'pl')).toBe('22 punkty');
    expect(formatPoints(2, 'point(s)', 'de')).toBe('2 Punkte');
    expect(formatPoints(1, 'point(s)', 'de')).toBe('1 Punkt');
    expect(formatPoints(1_000_000, 'point(s)', 'es')).toBe('1.000.000 de puntos');
  });

  it('takes the plain English word ("points", "Point") and no name as the default', () => {
    for (const name of ['point(s)', 'points', 'Point', '  ', '', null]) expect(isGenericPointName(name)).toBe(true);
    expect(formatPoints(1, 'points', 'nl')).toBe('1 punt');
    expect(formatPoints(1, null, 'it')).toBe('1 punto');
  });
});

describe('points with a company\'s own point name', () => {
  it('puts the name after every count but one, and reads one as a label, never "1 Acme Coins"', () => {
    expect(formatPoints(40, 'Acme Coins', 'en')).toBe('40 Acme Coins');
    expect(formatPoints(1350, 'Acme Coins', 'es')).toBe('1350 Acme Coins');
    expect(formatPoints(1, 'Acme Coins', 'en')).toBe('Acme Coins: 1');
    expect(formatPoints(-1, 'Acme Coins', 'fr')).toBe('Acme Coins\u00a0: -1');
    expect(isGenericPointName('Acme Coins')).toBe(false);
  });

  it('writes a name with braces as it is (the name is a value, not a template)', () => {
    expect(formatPoints(3, '{count} stars', 'en')).toBe('3 {count} stars');
  });
});

describe('point words for the browser', () => {
  it('carry the forms without a catalogue, so the browser\'s tables read the same as the server', () => {
    const words = pointWords('pl', 'point(s)');
    expect(JSON.parse(JSON.stringify(words))).toEqual(words);
    for (const n of [1, 2, 5, 12, 1250]) expect(formatPointsIn(n, words, 'pl')).toBe(formatPoints(n, 'point(s)', 'pl'));
  });
});
