import sanitizeHtml from 'sanitize-html';

/**
 * Tenant-authored HTML shown as content (registration message, terms, right column, custom tabs):
 * sanitised with sanitize-html so no script, handler or javascript: URL survives, and every link opens
 * in a new tab with rel="noopener" (spec §5).
 */
export function sanitizeTenantHtml(html: string | null | undefined): string {
  if (!html) return '';
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
