import type { EdgeContext } from './types';

/** Longest text taken as an address (an IPv6 address with a zone fits). */
const MAX_ADDRESS_LENGTH = 64;
/** IPv4, IPv6 (with a zone): nothing a header could smuggle besides. */
const ADDRESS = /^[0-9A-Za-z:.%]+$/;

/**
 * The browser's address as the network reports it, or null when it is unknown. On Cloudflare that is
 * `CF-Connecting-IP`: the network sets it on every request and replaces any value a client sent, so a
 * client cannot choose it. Off Cloudflare (`wrangler dev`, `astro dev`) the header is whatever the client
 * sent when it sent one (wrangler fills it from the socket only when it is missing), so a local run sets
 * `TRUST_CF_CONNECTING_IP=0` (.dev.vars) and every client there is "unknown": per-client limits then
 * count all of them together (src/api/core/rate-limit.ts) rather than one bucket per chosen address.
 */
export function clientAddress(c: EdgeContext): string | null {
  if (c.env.TRUST_CF_CONNECTING_IP === '0') return null;
  const value = c.req.header('cf-connecting-ip')?.trim() ?? '';
  return value && value.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(value) ? value : null;
}
