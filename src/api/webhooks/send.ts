import { webhookHeaders } from './signing';

/** How long a receiver has to answer, and how much of its answer the delivery log keeps. */
export const SEND_TIMEOUT_MS = 10_000;
export const RESPONSE_KEPT_BYTES = 1024;

type Fetch = (request: Request) => Promise<Response>;
const realFetch: Fetch = (request) => fetch(request);
let send: Fetch = realFetch;

/** Tests only: replaces the outside world (the receivers); `null` puts the real fetch back. */
export function setWebhookFetch(fetcher: Fetch | null): void {
  send = fetcher ?? realFetch;
}

export interface SendOutcome {
  ok: boolean;
  /** The receiver's HTTP status, or null when none came (timeout, network error). */
  status: number | null;
  /** The start of the receiver's answer body. */
  body: string | null;
  error: string | null;
}

/**
 * POSTs one signed message: the three Standard Webhooks headers (one signature per secret), JSON, a
 * timeout, and no redirect followed (a 3xx is a failure: following one could lead anywhere, including
 * past the URL guard). Success is a 2xx.
 */
export async function postSigned(url: URL, secrets: string[], eventId: string, payload: string, nowMs: number): Promise<SendOutcome> {
  const headers = await webhookHeaders(secrets, eventId, Math.floor(nowMs / 1000), payload);
  const request = new Request(url, {
    method: 'POST',
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'ambassador-portal-webhooks/1' },
  });
  let res: Response;
  try {
    res = await send(request);
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { ok: false, status: null, body: null, error: timedOut ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : `network error: ${String(err)}` };
  }
  const body = await startOf(res).catch(() => null);
  const ok = res.status >= 200 && res.status < 300;
  const redirect = res.status >= 300 && res.status < 400 ? `redirect not followed (location: ${res.headers.get('location') ?? 'none'})` : null;
  return { ok, status: res.status, body, error: ok ? null : (redirect ?? `HTTP ${res.status}`) };
}

/** The first RESPONSE_KEPT_BYTES of a body (the rest is never read), with `…` when cut. */
async function startOf(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= RESPONSE_KEPT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const cut = size > RESPONSE_KEPT_BYTES;
  if (cut) await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(size, RESPONSE_KEPT_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  // A multi-byte character cut in two decodes as U+FFFD; the log is for reading, not for parsing.
  return new TextDecoder().decode(bytes) + (cut ? '…' : '');
}
