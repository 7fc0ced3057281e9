import { readableText } from '../../lib/contrast';
import { escapeHtml } from '../../lib/escape-html';

// The console's e-mail preview: a small HTML document for an <iframe srcdoc sandbox> that shows an e-mail the
// way a mail app would, the company's logo and colour above the sender, subject and plain-text body. Every
// value is escaped here (the body holds a person's first name and the company's texts); the frame is sandboxed
// without scripts, and Astro escapes the whole document once more into the attribute.

export interface EmailPreviewDoc {
  lang: string;
  /** The logo's absolute URL (a srcdoc frame has no base of its own), or null for the initial. */
  logo: string | null;
  color: string;
  companyName: string;
  fromLabel: string;
  subjectLabel: string;
  subject: string;
  text: string;
}

const isColor = (c: string) => /^#[0-9a-f]{6}$/i.test(c);
/** Only http(s) URLs become an <img src>. */
const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export function emailPreviewDoc(d: EmailPreviewDoc): string {
  const brand = isColor(d.color) ? d.color : '#3579a6';
  const onBrand = readableText('#ffffff', brand);
  const logo = safeUrl(d.logo);
  const initial = (d.companyName.trim().match(/\p{L}|\p{N}/u)?.[0] ?? '?').toLocaleUpperCase();
  const mark = logo
    ? `<img src="${escapeHtml(logo)}" alt="" style="height:32px;max-width:140px;object-fit:contain;background:#fff;border-radius:4px;padding:2px">`
    : `<span style="display:inline-grid;place-items:center;width:32px;height:32px;border-radius:4px;background:#fff;color:${brand};font-weight:700">${escapeHtml(initial)}</span>`;
  return `<!doctype html><html lang="${escapeHtml(d.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(d.subject)}</title>
<style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f8fa}
header{display:flex;align-items:center;gap:.75rem;padding:.75rem 1rem;background:${brand};color:${onBrand};font-weight:700}
dl{margin:0;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #d0d7de;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}
dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}
pre{margin:1rem;padding:1rem;background:#fff;border:1px solid #d0d7de;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}
</style></head><body>
<header>${mark}<span>${escapeHtml(d.companyName)}</span></header>
<dl><dt>${escapeHtml(d.fromLabel)}</dt><dd>${escapeHtml(d.companyName)}</dd><dt>${escapeHtml(d.subjectLabel)}</dt><dd>${escapeHtml(d.subject)}</dd></dl>
<pre>${escapeHtml(d.text)}</pre>
</body></html>`;
}
