import sanitizeHtml from 'sanitize-html';

/**
 * Tenant-authored HTML shown as content (registration message, terms, right column, custom tabs):
 * sanitised with sanitize-html so no script, handler or javascript: URL survives, and every link opens
 * in a new tab with rel="noopener" (spec §5).
 */
export function sanitizeTenantHtml(html: string | null | undefined): string {
  if (!html) return '';
  // The same few tenant texts come back on every page view; parsing them costs about a millisecond
  // each, before the first byte. The result depends on the text alone, so it is kept (oldest out).
  const kept = sanitized.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitize(html);
  if (html.length > MAX_KEPT_CHARS) return clean; // a very long page is not worth the isolate's memory
  if (sanitized.size >= MAX_KEPT) sanitized.delete(sanitized.keys().next().value!);
  sanitized.set(html, clean);
  return clean;
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
