// Tenant HTML sits inside our pages under a heading of ours (the register page's h1, a custom tab's h1).
// Companies write it as a document of its own ("<h3>Why join?</h3>" in a right column), so its headings
// skipped levels under ours (Lighthouse's heading-order on /register). Its headings are moved
// as a block: the highest one it contains sits one level under the place's heading, the others keep their
// distance to it, and none goes past h6.

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

// An opening or closing heading tag. Only for sanitised HTML: there every "<" in text or in an
// attribute value is escaped, so each match is a real tag.
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s/>])/gi;

/** Sanitised HTML with its headings shifted so its top heading is one level under `level`. */
export function headingsUnder(html: string, level: HeadingLevel): string {
  let top = 7;
  for (const m of html.matchAll(HEADING_TAG)) top = Math.min(top, Number(m[2]));
  const shift = level + 1 - top;
  if (top === 7 || shift === 0) return html;
  return html.replace(HEADING_TAG, (_tag, close: string, n: string) => `<${close}h${Math.min(6, Number(n) + shift)}`);
}
