// Where a long address may wrap (never mid-word). A URL shown as text gets a line-break
// opportunity (<wbr>) after "//" and before each "/", "?", "&", "=", "#" and ".", the points a reader
// expects a link to continue at; its CSS is then `overflow-wrap: break-word`, so a box breaks inside a
// segment only when that one segment is wider than the whole box (a 32-character code on a phone).

import { escapeHtml } from './escape-html.ts';

const BREAK_BEFORE = /(?=[/?&=#.])/;

/** A URL cut into the pieces to write with a <wbr> between them; joined, they are the URL again. */
export function urlBreakParts(url: string): string[] {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0] ?? '';
  const rest = url.slice(scheme.length);
  // Before, not after: a line that starts with "/r/…" or ".localhost" reads as a continuation.
  const parts = rest.split(BREAK_BEFORE).filter((part) => part !== '');
  return scheme ? [scheme, ...parts] : parts;
}

/** A URL as escaped markup: its parts with a <wbr> between them, in a `url-text` span. */
export function urlBreakHtml(url: string): string {
  return `<span class="url-text">${urlBreakParts(url).map(escapeHtml).join('<wbr>')}</span>`;
}

/**
 * An e-mail address as escaped markup that may wrap before its "@" (a <wbr>), and otherwise only where
 * its box's `overflow-wrap` must: "theo.dubois / @example.com", never "theo.dubois@exam / ple.com".
 * A box with `white-space: nowrap` keeps it on one line.
 */
export function emailBreakHtml(text: string): string {
  const at = text.indexOf('@');
  return at > 0 ? `${escapeHtml(text.slice(0, at))}<wbr>${escapeHtml(text.slice(at))}` : escapeHtml(text);
}
