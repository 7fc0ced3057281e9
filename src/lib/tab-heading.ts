// A custom tab page is headed by its menu label (h1). Companies often start their tab's HTML with the
// same title ("<h2>Gear guide</h2>..."), which showed the heading twice: a leading heading
// whose text equals the label, ignoring case, spacing and markup inside it, is left out of the HTML.
// A different leading heading stays (it is a subtitle, not a repeat). Where the company wrote the tab's
// name in the page language but not its HTML, the HTML is the default language's and opens with the
// default name: every name the tab goes by counts as a repeat.

const LEADING_HEADING = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of sanitised inline HTML, for comparing with a label. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:#(x?)([0-9a-f]+)|([a-z]+));/gi, (whole, hex: string, code: string, name: string) =>
    code ? String.fromCodePoint(parseInt(code, hex ? 16 : 10)) : (ENTITIES[name.toLowerCase()] ?? whole));
}

const comparable = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** Sanitised tab HTML without a leading heading that repeats the page's heading (any of `labels`). */
export function withoutRepeatedHeading(html: string, labels: string | readonly string[]): string {
  const lead = LEADING_HEADING.exec(html);
  if (!lead) return html;
  const heading = comparable(textOf(lead[2]!));
  return [labels].flat().some((label) => comparable(label) === heading) ? html.slice(lead[0].length) : html;
}
