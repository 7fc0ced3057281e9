// Text written into HTML by hand (the data tables' markup, the embed code, the inactive link page): every
// character that could end a text node or a double-quoted attribute, as its entity.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, safe inside an element or a double-quoted attribute. */
export const escapeHtml = (text: string | number) => {
  const s = String(text);
  // Most values hold none of them: a test costs less than a replace that finds nothing.
  return SPECIAL.test(s) ? s.replace(SPECIALS, (ch) => ESCAPES[ch]!) : s;
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/**
 * An attribute markup repeats on every row or cell (`data-col=amount`, `data-tone=success`): unquoted when
 * the value is one word ([A-Za-z0-9_.-]: HTML allows a value without spaces, quotes, `=`, `<`, `>` or
 * backticks), escaped and quoted otherwise (2 bytes each, hundreds of them a page).
 */
export const attr = (name: string, value: string) => (/^[\w.-]+$/.test(value) ? `${name}=${value}` : `${name}="${escapeHtml(value)}"`);
