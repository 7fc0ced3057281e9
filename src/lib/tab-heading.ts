// A custom tab page is headed by its menu label (h1). Companies often start their tab's HTML with the
// same title ("<h2>Gear guide</h2>..."), which showed the heading twice (issue 21): a leading heading
// whose text equals the label, ignoring case, spacing and markup inside it, is left out of the HTML.
// A different leading heading stays (it is a subtitle, not a repeat).

const LEADING_HEADING = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of sanitised inline HTML, for comparing with a label. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:#(x?)([0-9a-f]+)|([a-z]+));/gi, (whole, hex: string, code: string, name: string) =>
    code ? String.fromCodePoint(parseInt(code, hex ? 16 : 10)) : (ENTITIES[name.toLowerCase()] ?? whole));
}

const comparable = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** Sanitised tab HTML without a leading heading that repeats the page's heading `label`. */
export function withoutRepeatedHeading(html: string, label: string): string {
  const lead = LEADING_HEADING.exec(html);
  if (!lead || comparable(textOf(lead[2]!)) !== comparable(label)) return html;
  return html.slice(lead[0].length);
}
