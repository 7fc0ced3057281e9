import type { Context } from 'hono';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain page for hosts that belong to no tenant: it carries no brand at all. */
export function notFoundPage(c: Context, message: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not found</title></head>` +
      `<body style="font-family:system-ui,sans-serif;margin:3rem"><h1>Not found</h1><p>${escape(message)}</p></body></html>`,
    404,
  );
}
