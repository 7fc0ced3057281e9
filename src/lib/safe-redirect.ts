// The one check for every redirect target that comes from a request or from a tenant's settings (issue
// 17): the language menu's and the login's `next`, the registration redirect, task links, custom-tab
// sources. Pure (no server imports), so pages, form actions and the API share it.
//
// A target is kept only when a browser can follow it to nowhere but where we mean: a path of this origin
// (resolved against the page's origin), or an http(s) URL of an allowed host. Anything a browser might
// read differently from us is refused and the fallback is used instead: control characters and
// backslashes (raw or percent-encoded, at any depth of encoding: browsers strip tabs and newlines and read
// "\" as "/"), "//" and "/\" (scheme-relative), dot segments, userinfo, schemes other than http(s)
// (javascript:, data:, ...), non-ASCII or whitespace in the raw value, and anything over 2048 characters.

export interface RedirectRules {
  /** The origin of the page the redirect answers ("https://acme.example"); relative targets resolve against it. */
  origin: string;
  /** Where to go when the target is missing or refused (a path of this site). */
  fallback: string;
  /** Same-origin targets must be one of these paths or below them ("/app" allows "/app", "/app/stats", "/app?x"). */
  under?: readonly string[];
  /**
   * Absolute http(s) URLs of other hosts: these hosts (lower case, without port), or 'any' for links a
   * tenant configured to leave the portal (task links, custom tabs with an external source). Default none.
   */
  hosts?: readonly string[] | 'any';
}

const MAX_LENGTH = 2048;
/** How many layers of percent-encoding are looked through ("%252f" is "%2f" is "/"). */
const MAX_DECODE_DEPTH = 4;
// C0 and C1 controls, DEL and the Unicode line and paragraph separators, and the backslash.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A host as compared: lower case, no port, no trailing dot. */
export const hostOf = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/** The layers of a value: itself, then each percent-decoding while it changes; null when one is malformed. */
function layers(value: string): string[] | null {
  const out = [value];
  let current = value;
  for (let i = 0; i < MAX_DECODE_DEPTH && current.includes('%'); i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) break;
    out.push(decoded);
    current = decoded;
  }
  return out;
}

/** True when a path (with its query and fragment), read at any depth of encoding, is one a browser reads as we do. */
function isPlainPath(pathAndQuery: string): boolean {
  const all = layers(pathAndQuery);
  if (!all) return false;
  for (const layer of all) {
    if (FORBIDDEN.test(layer)) return false;
    const path = layer.split(/[?#]/, 1)[0]!;
    if (path.includes('//')) return false;
    if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  }
  return true;
}

const isUnder = (pathname: string, prefixes: readonly string[] | undefined) =>
  !prefixes || prefixes.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

/**
 * The target when it is safe, else null. Same-origin targets come back as a path (with query and
 * fragment); absolute URLs of other allowed hosts as their normalised href.
 */
export function checkRedirect(target: unknown, rules: Omit<RedirectRules, 'fallback'>): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return null;
  // Printable ASCII only: a Location is ASCII, and whitespace is what browsers silently strip.
  if (!/^[\x21-\x7e]+$/.test(target) || target.includes('\\')) return null;
  let origin: URL;
  try {
    origin = new URL(rules.origin);
  } catch {
    return null;
  }
  if (target.startsWith('/')) {
    if (target.startsWith('//') || !isPlainPath(target)) return null;
    const url = new URL(target, origin);
    if (url.origin !== origin.origin || !isUnder(url.pathname, rules.under)) return null;
    return url.pathname + url.search + url.hash;
  }
  if (!SCHEME.test(target)) return null; // "evil.example", "?x", "#x", "./x": not a path of ours
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null; // javascript:, data:, file:, ...
  // "http:evil.example" and "https:/\evil" parse as absolute URLs: require the authority to be spelled out.
  if (!/^https?:\/\/[^/\\]/i.test(target)) return null;
  const authority = /^https?:\/\/([^/?#]*)/i.exec(target)![1]!;
  if (url.username || url.password || authority.includes('@')) return null;
  const rest = url.pathname + url.search + url.hash;
  if (!isPlainPath(rest)) return null;
  if (url.origin === origin.origin) return isUnder(url.pathname, rules.under) ? rest : null;
  const { hosts } = rules;
  if (hosts === 'any' || (hosts && hosts.map(hostOf).includes(hostOf(url.host)))) return url.href;
  return null;
}

/** Where to send the browser: the target when `checkRedirect` keeps it, else the fallback. */
export function safeRedirect(target: unknown, rules: RedirectRules): string {
  return checkRedirect(target, rules) ?? rules.fallback;
}
