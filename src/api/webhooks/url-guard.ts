/**
 * Which URLs a company may register as a webhook endpoint (and the sender posts to): an SSRF guard.
 * Checked when an endpoint is saved and again before every send (a row may predate a stricter rule).
 *
 * - https only, on port 443 or 8443; no user:password@ in the URL.
 * - No IP literal outside public unicast: IPv4 private, loopback, link-local, CGNAT, multicast, reserved,
 *   documentation and benchmarking ranges are refused; IPv6 must be global unicast (2000::/3) and not
 *   one of the special blocks in it, and addresses that embed IPv4 (mapped, compatible, NAT64, 6to4)
 *   are judged by that IPv4. The WHATWG URL parser has already turned decimal, octal and hex IPv4
 *   spellings (`2130706433`, `0177.1`, `0x7f.0.0.1`) into dotted form, so they meet the same rules.
 * - No internal names: `localhost`, single-label hosts, `*.localhost`, `*.local`, `*.internal`, ...
 *
 * A name that resolves to a private address is not caught here (Workers cannot resolve DNS before a
 * fetch); on Cloudflare's edge a Worker's fetch cannot reach a private network anyway, and the sender
 * never follows redirects. `allowHttpLocal` (env WEBHOOKS_ALLOW_HTTP_LOCAL=1, local development only)
 * lets http and https reach loopback hosts (`localhost`, `*.localhost`, 127.0.0.0/8, ::1) on any port.
 */

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

export interface GuardOptions {
  allowHttpLocal?: boolean;
}

/** The deployment's choice: WEBHOOKS_ALLOW_HTTP_LOCAL=1 (local development only). */
export const guardOptions = (env: { WEBHOOKS_ALLOW_HTTP_LOCAL?: string }): GuardOptions => ({ allowHttpLocal: env.WEBHOOKS_ALLOW_HTTP_LOCAL === '1' });

const MAX_LENGTH = 2048;
const PORTS = new Set(['', '8443']);
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'lan', 'intranet', 'home.arpa', 'corp'];

/** [first address, prefix length, what it is] */
type V4Range = [string, number, string];
const V4_RANGES: V4Range[] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
];

const v4Number = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** Why an IPv4 address (dotted, four decimal parts) is refused, or null when it is public. */
export function ipv4Refusal(dotted: string): string | null {
  const n = v4Number(dotted);
  for (const [base, bits, what] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    if (Math.floor(n / size) === Math.floor(v4Number(base) / size)) return `${what} (${base}/${bits})`;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (without brackets), or null when it is not one. */
export function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase().replace(/%.*$/, '');
  const tail: number[] = [];
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (dotted) {
    const parts = dotted[2]!.split('.').map(Number);
    if (parts.some((p) => p > 255)) return null;
    tail.push(parts[0]! * 256 + parts[1]!, parts[2]! * 256 + parts[3]!);
    s = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const room = 8 - tail.length;
  // `::` stands for at least one zero group.
  if (halves.length === 1 ? head.length !== room : head.length + rest.length >= room) return null;
  const hex = [...head, ...Array<string>(halves.length === 2 ? room - head.length - rest.length : 0).fill('0'), ...rest];
  if (!hex.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return [...hex.map((g) => parseInt(g, 16)), ...tail];
}

const embeddedV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** Why an IPv6 address (eight groups) is refused, or null when it is public. */
export function ipv6Refusal(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'an unspecified address (::)';
  if (zeros(0, 7) && g[7] === 1) return 'a loopback address (::1)';
  // Addresses that carry an IPv4 address are as good as that address.
  const mapped = zeros(0, 5) && g[5] === 0xffff;
  const compatible = zeros(0, 6);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (mapped || compatible || nat64) {
    const v4 = embeddedV4(g[6]!, g[7]!);
    return ipv4Refusal(v4) ?? (compatible ? 'an IPv4-compatible address (::/96)' : null);
  }
  if (g[0] === 0x2002) {
    const v4 = embeddedV4(g[1]!, g[2]!);
    const why = ipv4Refusal(v4);
    return why ? `a 6to4 address of ${why}` : null;
  }
  if ((g[0]! & 0xe000) !== 0x2000) {
    if ((g[0]! & 0xfe00) === 0xfc00) return 'a unique local (private) address (fc00::/7)';
    if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local address (fe80::/10)';
    if ((g[0]! & 0xffc0) === 0xfec0) return 'a site-local address (fec0::/10)';
    if ((g[0]! & 0xff00) === 0xff00) return 'a multicast address (ff00::/8)';
    return 'not a global unicast address (outside 2000::/3)';
  }
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'a documentation address (2001:db8::/32)';
  if (g[0] === 0x2001 && g[1]! < 0x0200) return 'an IETF protocol address (2001::/23)';
  if ((g[0]! & 0xfff0) === 0x3ff0) return 'a documentation address (3fff::/20)';
  return null;
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Whether `url` may receive webhooks; `reason` says why not (English, shown to the operator). */
export function checkWebhookUrl(raw: string, options: GuardOptions = {}): UrlVerdict {
  const refuse = (reason: string): UrlVerdict => ({ ok: false, reason });
  if (raw.length > MAX_LENGTH) return refuse(`the URL is longer than ${MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse('not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(`the scheme must be https (not ${url.protocol.slice(0, -1)})`);
  if (url.username || url.password) return refuse('the URL must not contain a user name or password');

  const bracketed = url.hostname.startsWith('[');
  // Every trailing dot goes: WHATWG keeps `127.0.0.1..` and `localhost..` as domain names (only one trailing
  // dot is dropped before its IPv4 check), and stripping just one would let them past every rule below.
  const host = bracketed ? url.hostname.slice(1, -1) : url.hostname.replace(/\.+$/, '');
  const ipv4 = /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) ? host : null;
  const ipv6 = bracketed ? parseIpv6(host) : null;
  if (bracketed && !ipv6) return refuse('not a valid IPv6 address');

  const loopback = ipv4 ? ipv4.startsWith('127.') : ipv6 ? ipv6.slice(0, 7).every((x) => x === 0) && ipv6[7] === 1 : isLoopbackName(host);
  if (options.allowHttpLocal && loopback) return { ok: true, url };

  if (url.protocol !== 'https:') return refuse('the scheme must be https (not http)');
  if (!PORTS.has(url.port)) return refuse(`port ${url.port} is not allowed (use 443 or 8443)`);
  if (ipv4) {
    const why = ipv4Refusal(ipv4);
    return why ? refuse(`the host is ${why}`) : { ok: true, url };
  }
  if (ipv6) {
    const why = ipv6Refusal(ipv6);
    return why ? refuse(`the host is ${why}`) : { ok: true, url };
  }
  if (!host.includes('.')) return refuse(`"${host}" is not a public host name (it has no dot)`);
  const suffix = INTERNAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix) return refuse(`"${host}" is an internal host name (.${suffix})`);
  return { ok: true, url };
}
