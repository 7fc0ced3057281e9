/**
 * WCAG 2 contrast helpers, so a tenant's colour choices never leave text unreadable: text on a
 * brand colour switches to black or white when it would fail, and a link colour that fails on its
 * background is darkened (or lightened) just enough to pass, keeping its hue.
 */

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

type Rgb = [number, number, number];

/** The colour as 0-255 channels; the alpha of #rgba / #rrggbbaa is ignored (read as opaque). */
export function parseHex(hex: string): Rgb | null {
  const h = hex.trim().replace(/^#/, '');
  let full: string;
  if (/^[0-9a-f]{3,4}$/i.test(h)) full = h.slice(0, 3).split('').map((c) => c + c).join('');
  else if (/^[0-9a-f]{6}(?:[0-9a-f]{2})?$/i.test(h)) full = h.slice(0, 6);
  else return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function linear(v: number) {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

const rgbLuminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** Relative luminance (0 black to 1 white), or null for a value that is not a hex colour. */
export function luminance(hex: string): number | null {
  const rgb = parseHex(hex);
  return rgb ? rgbLuminance(rgb) : null;
}

const ratioOf = (la: number, lb: number) => (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);

/** The contrast ratio of two hex colours (1 to 21), or null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  return la === null || lb === null ? null : ratioOf(la, lb);
}

/** Black-ish or white, whichever reads better on the background. */
export function bestTextOn(background: string): string {
  const l = luminance(background);
  if (l === null) return DARK_TEXT;
  return ratioOf(l, luminance(DARK_TEXT)!) >= ratioOf(l, 1) ? DARK_TEXT : LIGHT_TEXT;
}

/** The preferred text colour if it reads on the background (WCAG AA, 4.5:1), else black or white. */
export function readableText(preferred: string, background: string, min = AA_TEXT): string {
  const ratio = contrastRatio(preferred, background);
  if (ratio !== null && ratio >= min) return preferred;
  return bestTextOn(background);
}

const mix = (from: Rgb, to: Rgb, t: number): Rgb => [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * t) as Rgb;

/**
 * A colour for text (links) that reaches `min` against every one of the backgrounds it is shown on:
 * the colour itself when it already does, else the same hue mixed with black (light backgrounds) or
 * white (dark ones), as little as needed. When no mix can pass (backgrounds both light and dark),
 * black or white for the first background.
 */
export function ensureContrast(color: string, backgrounds: readonly string[], min = AA_TEXT): string {
  const rgb = parseHex(color);
  const bgs = backgrounds.map(luminance).filter((l): l is number => l !== null);
  if (!rgb || bgs.length === 0) return color;
  const worst = (c: Rgb) => Math.min(...bgs.map((l) => ratioOf(rgbLuminance(c), l)));
  if (worst(rgb) >= min) return color;
  const lightBackgrounds = bgs.reduce((a, b) => a + b, 0) / bgs.length > 0.18;
  const target: Rgb = lightBackgrounds ? [0, 0, 0] : [255, 255, 255];
  if (worst(target) < min) return readableText(color, backgrounds[0]!, min);
  // Binary search for the smallest mix that passes; 12 steps are finer than one 8-bit channel step.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    if (worst(mix(rgb, target, mid)) >= min) hi = mid;
    else lo = mid;
  }
  // Rounding to 8 bits can lose a hair of contrast: step on until the rounded colour passes.
  for (let t = hi; t <= 1; t += 1 / 255) {
    const candidate = toHex(mix(rgb, target, t));
    if (worst(parseHex(candidate)!) >= min) return candidate;
  }
  return toHex(target);
}
