/** WCAG contrast helpers, so tenant colour choices never leave text unreadable. */

function channel(hex: string, i: number) {
  const v = parseInt(hex.slice(i, i + 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function expand(hex: string): string | null {
  const h = hex.replace('#', '');
  if (/^[0-9a-fA-F]{3}$/.test(h)) return h.split('').map((c) => c + c).join('');
  if (/^[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(h)) return h.slice(0, 6);
  return null;
}

export function luminance(hex: string): number | null {
  const h = expand(hex);
  return h ? 0.2126 * channel(h, 0) + 0.7152 * channel(h, 2) + 0.0722 * channel(h, 4) : null;
}

export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** The preferred text colour if it reads on the background (WCAG AA, 4.5:1), else black or white. */
export function readableText(preferred: string, background: string): string {
  const ratio = contrastRatio(preferred, background);
  if (ratio !== null && ratio >= 4.5) return preferred;
  const bl = luminance(background);
  return bl !== null && bl > 0.179 ? '#111827' : '#ffffff';
}
