import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, ensureContrast, luminance, parseHex, readableText } from '../../src/lib/contrast.ts';

const PAGE = ['#ffffff', '#f5f7fc'];
const worst = (color: string, backgrounds: string[]) => Math.min(...backgrounds.map((b) => contrastRatio(color, b)!));

describe('contrast ratio (WCAG 2)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#fff', '#000', 21],
    ['#ff9800', '#ffffff', 2.16], // acme's tab link colour on white ("about 2.2:1")
    ['#3c97d3', '#ffffff', 3.2], // the spec's default link colour
    ['#ef6c00', '#ffffff', 3.08],
    ['#777777', '#ffffff', 4.48],
    ['#0277bd', '#ffffff', 4.8],
    ['#ffffff', '#3579a6', 4.73], // default button text on the default button
    ['#e49d9d', '#3579a6', 2.17], // §9's login button-text default on the login button
    ['#4fc3f7', '#1f2a3d', 7.2],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });

  it.each(['red', '#12', '#gggggg', '', 'rgb(0,0,0)'])('is null for %j (not a hex colour)', (value) => {
    expect(contrastRatio(value, '#ffffff')).toBeNull();
    expect(luminance(value)).toBeNull();
  });

  it('reads #rgb, #rgba and #rrggbbaa (alpha ignored)', () => {
    expect(parseHex('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHex('#abcd')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHex('#11223380')).toEqual([0x11, 0x22, 0x33]);
  });
});

describe('readable text on a brand colour', () => {
  it.each([
    ['keeps a text colour that passes', '#ffffff', '#1b5e20', '#ffffff'],
    ['keeps dark text on a light button', '#1b1b1b', '#fff8e1', '#1b1b1b'],
    ['switches pink login text on the blue login button to white', '#e49d9d', '#3579a6', '#ffffff'],
    ['switches white text on yellow to dark', '#ffffff', '#ffeb3b', '#111827'],
    ['switches black text on dark green to white', '#000000', '#1b5e20', '#ffffff'],
    ['switches orange text on orange to dark', '#ffb74d', '#ff9800', '#111827'],
  ])('%s', (_what, text, background, expected) => {
    const chosen = readableText(text, background);
    expect(chosen).toBe(expected);
    expect(contrastRatio(chosen, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('a link colour that reads on the page', () => {
  it.each([
    ['#ff9800', PAGE], // acme
    ['#3c97d3', PAGE], // default
    ['#ef6c00', PAGE],
    ['#1f6feb', PAGE], // demo: passes on white, not quite on the page background
    ['#ffff00', PAGE],
    ['#777777', PAGE],
    ['#ffffff', PAGE],
    ['#1a237e', ['#1f2a3d']], // dark link on the dark sidebar: lightened
    ['#000000', ['#1f2a3d']],
  ])('%s is adjusted to pass 4.5:1 on %j, keeping its hue', (color, backgrounds) => {
    expect(worst(color, backgrounds)).toBeLessThan(AA_TEXT);
    const adjusted = ensureContrast(color, backgrounds);
    expect(adjusted).toMatch(/^#[0-9a-f]{6}$/);
    expect(worst(adjusted, backgrounds)).toBeGreaterThanOrEqual(AA_TEXT);
    // Only just: a darker (or lighter) shade, not black or white, unless the colour had no hue to keep.
    expect(worst(adjusted, backgrounds)).toBeLessThan(AA_TEXT + 0.3);
  });

  it('darkens acme orange to a deep orange', () => {
    const [r, g, b] = parseHex(ensureContrast('#ff9800', PAGE))!;
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it.each([
    ['#0277bd', ['#ffffff']],
    ['#01579b', PAGE],
    ['#ff9800', ['#1f2a3d']], // acme orange on the dark sidebar
    ['#4fc3f7', ['#1f2a3d']],
  ])('leaves %s alone where it already passes (%j)', (color, backgrounds) => {
    expect(ensureContrast(color, backgrounds)).toBe(color);
  });

  it('falls back to black or white when no shade can pass on both a light and a dark background', () => {
    expect(ensureContrast('#ff9800', ['#ffffff', '#000000'])).toBe('#111827');
  });

  it('leaves values it cannot read unchanged', () => {
    expect(ensureContrast('red', PAGE)).toBe('red');
    expect(ensureContrast('#ff9800', [])).toBe('#ff9800');
  });
});
