import sanitizeHtml from 'sanitize-html';

// An uploaded SVG logo, made safe to serve as an image: sanitize-html (the sanitiser the portal already uses
// for tenant HTML, src/edge/sanitize.ts; pure JavaScript over htmlparser2, so it runs in Workers where
// DOMPurify, which needs a DOM, does not) in XML mode with a strict allow-list of SVG's drawing elements and
// presentation attributes. Everything else goes: <script>, <style>, <foreignObject>, <image>, <a>, animation,
// every event handler (on*), `style` attributes, and any reference out of the file (an href that is not
// `#id`, a `url(...)` that is not `url(#id)`). A file with a DOCTYPE (entities) is refused outright.

const ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
];

const ATTRIBUTES = [
  'xmlns', 'xmlns:xlink', 'version', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'transform', 'id', 'class', 'href', 'xlink:href',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path', 'clip-rule', 'mask', 'display', 'visibility',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'dx', 'dy',
  'startOffset', 'textLength', 'lengthAdjust', 'role', 'aria-label', 'aria-hidden', 'focusable',
];

/** A value that reaches out of the file: a `url(...)` other than `url(#id)`. */
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?#)/i;

/** An attribute kept only when it stays inside the file: an href is `#id`, a url() is `url(#id)`. */
function keepsInside(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return value.trim().startsWith('#');
  return !EXTERNAL_URL.test(value) && !/javascript:|data:/i.test(value);
}

export type SvgLogoResult = { svg: string } | { problem: string };

/** The clean SVG, or why the file is refused (not an SVG, has a DOCTYPE, nothing left to draw). */
export function sanitizeSvgLogo(text: string): SvgLogoResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { problem: 'An SVG with a DOCTYPE or entities is not accepted.' };
  const start = text.search(/<svg[\s>]/);
  if (start < 0) return { problem: 'The file is not an SVG image.' };
  const clean = sanitizeHtml(text.slice(start), {
    allowedTags: ELEMENTS,
    allowedAttributes: { '*': ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    // Dropped with everything inside them, not only their tags.
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript', 'iframe', 'object', 'embed'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => !/^on/i.test(name) && keepsInside(name, value))),
      }),
    },
  }).trim();
  const end = clean.lastIndexOf('</svg>');
  const svg = end < 0 ? '' : clean.slice(0, end + '</svg>'.length);
  if (!/^<svg[\s>]/.test(svg)) return { problem: 'The file is not an SVG image.' };
  return { svg };
}
