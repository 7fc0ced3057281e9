// Text written into HTML by hand (the data tables' markup, the embed code, the inactive link page): every
// character that could end a text node or a double-quoted attribute, as its entity.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, safe inside an element or a double-quoted attribute. */
export const escapeHtml = (text: string | number) => String(text).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
