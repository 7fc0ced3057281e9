import type { Context, MiddlewareHandler } from 'hono';
import { en } from '../../lib/i18n/en';

/** Cloudflare's request-body limit on the Free and Pro plans: larger bodies never reach a Worker there. */
export const DEFAULT_MAX_DRAIN_BYTES = 100 * 1024 * 1024;

export interface BodyLimitOptions {
  /** Largest request body accepted, in bytes; a larger one gets a 413. */
  maxBytes: number;
  /**
   * How much of an unwanted body is read and thrown away before answering, so that the connection
   * survives (see below). Past this the rest is cancelled instead. Default 100 MiB.
   */
  maxDrainBytes?: number;
  /** Paths answered with JSON; every other path gets a short HTML page. Default: /api and /v1. */
  isApi?: (path: string) => boolean;
}

export const TOO_LARGE = { detail: en.requestTooLarge, code: 'requestTooLarge' } as const;

const TOO_LARGE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request too large</title></head>' +
  '<body><h1>The request is too large.</h1><p>Please go back and send less, for example a smaller file.</p></body></html>\n';

const apiPath = (path: string) => /^\/(api|v1)(\/|$)/.test(path);

/**
 * Refuses request bodies larger than `maxBytes` with a 413: JSON `{ detail, code: "requestTooLarge" }`
 * on API paths, a short HTML page elsewhere.
 *
 * - A `Content-Length` over the limit is refused before a byte of the body is read (nothing buffered).
 * - A body without `Content-Length` (chunked) is counted while it streams; one within the limit is
 *   buffered (at most `maxBytes`) and handed on as the request body.
 *
 * Every body the Worker does not read is drained (read to the end and dropped) before the response
 * goes out, whether this middleware refused it or a later handler answered without reading it (the
 * API refusing an avatar by its Content-Length, say). Without that, `wrangler dev` loses the 413:
 * workerd stops reading the unread upload when the response is sent, the dev server's ProxyWorker
 * sees its forwarded request fail ("Network connection lost") and answers 500 instead. Bundled
 * Workers get this drain from wrangler's own `ensure-req-body-drained` middleware, but the Astro
 * build is served with `no_bundle: true`, which gets no middleware. Draining cannot happen after the
 * response (workerd refuses to read a request body once the response has been sent), so it happens
 * before; a body over `maxDrainBytes` is cancelled instead.
 *
 * Hono's `hono/body-limit` was not enough: on a streamed overflow it answers while its own reader
 * still holds the body locked, so nothing can drain the rest, and it never drains a refused body.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const { maxBytes, maxDrainBytes = DEFAULT_MAX_DRAIN_BYTES, isApi = apiPath } = options;
  return async function bodyLimit(c, next) {
    const request = c.req.raw;
    if (!request.body) return next();

    const length = declaredLength(request.headers);
    if (length !== undefined) {
      if (length > maxBytes) {
        await drain(request.body, length > maxDrainBytes ? 0 : maxDrainBytes);
        return tooLarge(c, isApi);
      }
    } else {
      const body = await readAtMost(request.body, maxBytes, maxDrainBytes);
      if (!body) return tooLarge(c, isApi);
      c.req.raw = new Request(request, { body });
    }

    try {
      await next();
    } finally {
      const raw = c.req.raw;
      if (raw.body && !raw.bodyUsed && !raw.body.locked) await drain(raw.body, maxDrainBytes);
    }
  };
}

/** The Content-Length of a body sent with one (and no Transfer-Encoding), else undefined. */
function declaredLength(headers: Headers): number | undefined {
  if (headers.has('transfer-encoding')) return undefined;
  const value = headers.get('content-length');
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** The whole body if it has at most `maxBytes`; null (after draining the rest) if it has more. */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number, maxDrainBytes: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await drainReader(reader, maxDrainBytes - size);
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads and drops what is left of a body, up to `budget` bytes; past that it cancels the rest. */
async function drain(body: ReadableStream<Uint8Array>, budget: number) {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return; // locked: someone else is reading it
  }
  try {
    await drainReader(reader, budget);
  } finally {
    reader.releaseLock();
  }
}

async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
  try {
    while (budget > 0) {
      const { done, value } = await reader.read();
      if (done) return;
      budget -= value.byteLength;
    }
    await reader.cancel('request body too large');
  } catch {
    // The client went away or the body broke: there is nothing left to keep alive.
  }
}

function tooLarge(c: Context, isApi: (path: string) => boolean) {
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (isApi(c.req.path)) return c.json(TOO_LARGE, 413, headers);
  return c.html(TOO_LARGE_HTML, 413, { ...headers, 'content-security-policy': "default-src 'none'" });
}
