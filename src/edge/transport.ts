import { clientAddress } from './client-address';
import type { EdgeContext } from './types';

// HTTP to the ambassador API, for the browser API proxy (src/edge/upstream.ts) and the typed client's
// remote mode (src/edge/client/core.ts) alike: the headers that tell the API about the browser and the
// tenant, spec §9 timeouts, and spec §8's no-response answer when the API does not answer.

export const READ_TIMEOUT_MS = 20_000;
export const WRITE_TIMEOUT_MS = 15_000;

/** Overrides of the spec §9 timeouts (tests use short ones). */
export interface Timeouts {
  readMs?: number;
  writeMs?: number;
}

/** Spec §8's body when the API gives no answer: 504 after a timeout, 502 when the request failed. */
export const NO_RESPONSE_BODY = { detail: 'No response from the server.', code: 'noResponse' };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Spec §9: 20 s for reads, 15 s for writes. */
export const timeoutFor = (method: string, timeouts: Timeouts = {}) =>
  READS.has(method) ? timeouts.readMs ?? READ_TIMEOUT_MS : timeouts.writeMs ?? WRITE_TIMEOUT_MS;

/**
 * The internal headers (./internal-headers.ts) of every call: the portal's host and scheme, the tenant
 * (so a token of one company is refused on another's host), the browser's address as the network reports
 * it (./client-address.ts: the API limits requests per client and sees the address only through this
 * header) and its device id. Remote calls sign them (`signedSend`); in-process calls need not.
 */
export function forwardedHeaders(c: EdgeContext): Record<string, string> {
  const url = new URL(c.req.url);
  const headers: Record<string, string> = {
    'x-forwarded-host': url.host,
    'x-forwarded-proto': url.protocol.replace(':', ''),
  };
  const portal = c.get('portal');
  if (portal) headers['x-portal-company'] = portal.uid;
  const clientIp = clientAddress(c);
  if (clientIp) headers['x-portal-client-ip'] = clientIp;
  // The browser's device id (src/edge/session.ts), for the fraud rules' "same device" signal.
  const device = c.get('deviceId');
  if (device) headers['x-portal-device'] = device;
  return headers;
}

export interface ApiRequest {
  url: string | URL;
  method: string;
  headers: Headers;
  body: BodyInit | null;
  timeoutMs: number;
}

/**
 * Sends a request through `send` within its timeout: the API's answer, or spec §8's no-response answer
 * (504 after the timeout, 502 when the request failed; `label` names the caller in the log).
 */
export async function sendToApi(send: (request: Request) => Promise<Response>, req: ApiRequest, label: string): Promise<Response> {
  const controller = new AbortController();
  const request = new Request(req.url, { method: req.method, headers: req.headers, body: req.body, signal: controller.signal });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Response>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(Response.json(NO_RESPONSE_BODY, { status: 504 }));
    }, req.timeoutMs);
  });
  try {
    return await Promise.race([send(request), timeout]);
  } catch (err) {
    console.error(`${label}: request failed`, new URL(request.url).pathname, err);
    return Response.json(NO_RESPONSE_BODY, { status: 502 });
  } finally {
    clearTimeout(timer);
  }
}
