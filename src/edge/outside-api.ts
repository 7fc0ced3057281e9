import type { Handler } from 'hono';
import { api } from '../api/app';
import { errorBody } from '../api/core/errors';
import { clientAddress } from './client-address';
import { hasSignedInternalHeaders, INTERNAL_HEADERS, SIGNATURE_HEADER } from './internal-headers';
import { hostCompany, type TenantOptions } from './tenant';
import type { EdgeContext, EdgeEnv } from './types';

/**
 * `/v1/*` from outside the Worker: the embedded API, behind the one door that decides which internal
 * headers (./internal-headers.ts) it sees. A request signed by a portal of this deployment (remote
 * mode) keeps the ones it signed; any other request loses every one of them, whatever it sent, and gets
 * the tenant of the host it came to (none for a host that is no tenant's) and the address the network
 * reports (./client-address.ts). The API reads the client address only from `x-portal-client-ip`, never
 * from `CF-Connecting-IP`, which a remote portal's request carries with its own address.
 */
export function outsideApi(options: TenantOptions = {}): Handler<EdgeEnv> {
  return async function outsideApi(c) {
    let request: Request;
    try {
      request = await apiRequest(c, options);
    } catch (err) {
      console.error('edge: tenant lookup for /v1 failed', err);
      return c.json(errorBody('internal', 'generic'), 503, { 'cache-control': 'no-store' });
    }
    return api.fetch(request, c.env, c.executionCtx);
  };
}

async function apiRequest(c: EdgeContext, options: TenantOptions): Promise<Request> {
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  const signed = headers.has(SIGNATURE_HEADER) && (await hasSignedInternalHeaders(c.env, raw));
  headers.delete(SIGNATURE_HEADER);
  headers.delete('cf-connecting-ip');
  if (!signed) {
    for (const name of INTERNAL_HEADERS) headers.delete(name);
    const company = await hostCompany(c, options);
    if (company) headers.set('x-portal-company', company);
    const address = clientAddress(c);
    if (address) headers.set('x-portal-client-ip', address);
  }
  return new Request(raw, { headers });
}
