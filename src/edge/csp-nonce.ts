// The per-response CSP nonce, written into the markup as it is rendered. An HTML rewrite of
// every page to add it cost about 1.6 ms of CPU on /login and 5 ms on /app; and it gave the nonce to
// any <script> in the page, an injected one too. Now only the scripts that mean to run carry it: our
// templates' (`nonce={Astro.locals.nonce}`), Astro's own (its island and head scripts, through the
// small build-time patch in astro.config.mjs that calls `nonceAttribute`) and the tenant's configured
// snippets (`withNonce`).

// The nonce of each page request Astro renders, by its Request (Astro's render result only knows that).
const nonces = new WeakMap<Request, string>();

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function rememberNonce(request: Request, nonce: string): void {
  nonces.set(request, nonce);
}

export function nonceOf(request: Request | undefined): string | undefined {
  return request ? nonces.get(request) : undefined;
}

/** ` nonce="…"` for a tag Astro renders for `request` ('' outside a page request; base64 needs no escaping). */
export function nonceAttribute(request: Request | undefined): string {
  const nonce = nonceOf(request);
  return nonce ? ` nonce="${nonce}"` : '';
}

// A mark no tenant can write: HTMLRewriter puts it where the nonce goes, once per snippet and isolate.
// Made on first use: Workers allow no random values at the global scope.
let mark: string | undefined;
const markOf = () => (mark ??= `csp-${crypto.randomUUID()}`);
const MAX_KEPT = 200;
// The pieces themselves, not a promise of them: a promise made in one request's context must not be
// awaited by another's.
const prepared = new Map<string, string[]>();

/**
 * The tenant's head or body snippet (raw HTML by design: analytics, chat widgets) with this response's
 * nonce on each of its scripts and script preloads; a nonce the snippet wrote itself is replaced. The
 * snippet is parsed once per isolate (HTMLRewriter, the real HTML tokenizer); each page only joins the
 * pieces around the nonce.
 */
export async function withNonce(html: string, nonce: string): Promise<string> {
  let pieces = prepared.get(html);
  if (!pieces) {
    pieces = await markScripts(html);
    if (prepared.size >= MAX_KEPT) prepared.delete(prepared.keys().next().value!);
    prepared.set(html, pieces);
  }
  return pieces.join(nonce);
}

async function markScripts(html: string): Promise<string[]> {
  const placeholder = markOf();
  const withMark = { element: (el: Element) => { el.setAttribute('nonce', placeholder); } };
  // Scripts, and the preloads of scripts: under 'strict-dynamic' a preload without the nonce is refused.
  const marked = await new HTMLRewriter()
    .on('script', withMark)
    .on('link[rel="modulepreload"], link[rel="preload"][as="script"]', withMark)
    .transform(new Response(html, { headers: { 'content-type': 'text/html;charset=utf-8' } }))
    .text();
  return marked.split(placeholder);
}
