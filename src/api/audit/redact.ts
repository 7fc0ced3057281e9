/**
 * What the audit log keeps of a request's input and of the resource before and after: JSON with its keys
 * sorted (the canonical text the chain hashes), secrets replaced by "[redacted]", long texts and lists cut
 * and a whole value past MAX_JSON_CHARS replaced by a note of its size. A secret is found by its field's
 * name (a word like secret, password, token, key, code, recovery) or by its shape (a webhook secret, an API
 * key, a staff token, an otpauth URI), so a new key or secret in an answer is never stored.
 */

export const REDACTED = '[redacted]';
/** Each of input, before and after at most this many characters of JSON. */
export const MAX_JSON_CHARS = 16_000;
const MAX_STRING = 2_000;
const MAX_ITEMS = 100;

const SECRET_WORDS = new Set([
  'secret', 'secrets', 'password', 'passwords', 'passwd', 'token', 'tokens', 'key', 'keys', 'apikey', 'code', 'codes',
  'recovery', 'otpauth', 'totp', 'otp', 'authorization', 'cookie', 'credentials', 'signature',
]);
/** Names with such a word that say nothing secret. */
const PLAIN_NAMES = new Set(['short_code', 'country_code', 'currency_code', 'language_code', 'status_code', 'postal_code', 'zip_code', 'key_prefix']);
/** Values that are secrets whatever their field is called: webhook secrets, company keys, staff tokens, otpauth URIs, provider keys. */
const SECRET_VALUE = /^(whsec_|opk_|stf_|sk_live_|sk_test_|rk_live_|rk_test_|otpauth:\/\/)/i;

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Whether a field of this name holds a secret. */
export function isSecretName(name: string): boolean {
  const s = snake(name);
  if (PLAIN_NAMES.has(s)) return false;
  return s.split(/[^a-z0-9]+/).some((word) => SECRET_WORDS.has(word));
}

/** The value with every secret replaced, long strings and lists cut, keys in order. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (SECRET_VALUE.test(value)) return REDACTED;
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth > 12) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`);
    return items;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if (value instanceof Number || value instanceof String || value instanceof Boolean) return redact(value.valueOf(), depth);
    // A file (an upload's) is named, never kept.
    if (typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function') {
      const file = value as { name?: unknown; size?: unknown; type?: unknown };
      return { file: typeof file.name === 'string' ? file.name : null, size: typeof file.size === 'number' ? file.size : null };
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined || typeof v === 'function') continue;
      out[key] = isSecretName(key) && v !== null && v !== '' ? REDACTED : redact(v, depth + 1);
    }
    return out;
  }
  return null;
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** What is stored of a value: redacted canonical JSON, or a note of its size when it is still too large. */
export function storedJson(value: unknown): string {
  const text = canonicalJson(redact(value));
  if (text.length <= MAX_JSON_CHARS) return text;
  return canonicalJson({ '[truncated]': true, chars: text.length });
}
