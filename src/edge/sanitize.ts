import sanitizeHtml from 'sanitize-html';
import { headingsUnder, type HeadingLevel } from '../lib/heading-levels';
import { withoutRepeatedHeading } from '../lib/tab-heading';

/** Where tenant HTML goes in a page: every caller says so, since its headings depend on it. */
export interface TenantHtmlPlace {
  /** The level of our heading the HTML sits under (1: the page's h1): its top heading becomes one below. */
  under: HeadingLevel;
  /**
   * That heading's text, when a leading heading of the HTML that repeats it is to be left out (custom tabs),
   * or every name it goes by (the HTML may be another language's).
   */
  title?: string | readonly string[];
}

/**
 * Tenant-authored HTML shown as content (registration message, terms, right column, custom tabs):
 * sanitised with sanitize-html so no script, handler or javascript: URL survives, and every link opens
 * in a new tab with rel="noopener" (spec §5); then fitted to its place: a leading heading repeating the
 * place's title left out (src/lib/tab-heading.ts), its headings moved under the place's heading
 * (src/lib/heading-levels.ts).
 */
export function sanitizeTenantHtml(html: string | null | undefined, place: TenantHtmlPlace): string {
  if (!html) return '';
  // The same few tenant texts come back on every page view; parsing them costs about a millisecond
  // each, before the first byte. The result depends on the text and its place alone, so it is kept
  // (oldest out).
  const key = `${place.under}\u0000${[place.title ?? ''].flat().join('\u0001')}\u0000${html}`;
  const kept = sanitized.get(key);
  if (kept !== undefined) return kept;
  const clean = sanitize(html);
  const placed = headingsUnder(place.title === undefined ? clean : withoutRepeatedHeading(clean, place.title), place.under);
  if (html.length > MAX_KEPT_CHARS) return placed; // a very long page is not worth the isolate's memory
  if (sanitized.size >= MAX_KEPT) sanitized.delete(sanitized.keys().next().value!);
  sanitized.set(key, placed);
  return placed;
}

// At most 200 texts of up to 20k characters each (with their results: a few MB at worst).
const MAX_KEPT = 200;
const MAX_KEPT_CHARS = 20_000;
const sanitized = new Map<string, string>();

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2', 'span']),
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'width', 'height', 'title'],
      '*': ['class', 'id', 'lang', 'dir'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
      }),
    },
  });
}
