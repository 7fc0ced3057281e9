// The operator CLI's HTTP side: where the portal is, which key to send, and one `call()` that turns every
// failure (no server, wrong key, field errors, conflicts) into an error message a person can act on.
import dns from 'node:dns';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/proc.mjs';

/**
 * `localhost` and `*.localhost` are the machine itself (RFC 6761), as browsers take them; some resolvers
 * (glibc here) do not know `acme2.localhost`. A company key works only on its company's own host, so a
 * local portal's companies are reached by name: http://acme2.localhost:8787.
 */
function resolveLocalhostToLoopback() {
  const original = dns.lookup;
  dns.lookup = function lookup(hostname, options, callback) {
    const done = typeof options === 'function' ? options : callback;
    const opts = typeof options === 'function' || options === undefined ? {} : typeof options === 'number' ? { family: options } : options;
    if (typeof hostname === 'string' && /(^|\.)localhost\.?$/i.test(hostname) && typeof done === 'function') {
      if (opts.all) process.nextTick(done, null, [{ address: '127.0.0.1', family: 4 }]);
      else process.nextTick(done, null, '127.0.0.1', 4);
      return {};
    }
    return original.call(this, hostname, options, callback);
  };
}
resolveLocalhostToLoopback();

/** A failure to show as is (no stack trace); exitCode 2 for usage errors. */
export class CliError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** KEY=value of the project's .dev.vars (where `npm start` keeps local secrets), or undefined. */
function devVar(name) {
  const file = path.join(ROOT, '.dev.vars');
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m && m[1] === name) return m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return undefined;
}

/**
 * The portal's base URL: --url, else env PORTAL_URL, else the local `npm start` address. The owner's key
 * works on any host; a company key only on one of its company's hosts (e.g. http://acme2.localhost:8787).
 */
export function baseUrl(args) {
  const raw = args.url ?? process.env.PORTAL_URL ?? 'http://localhost:8787';
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin;
  } catch {
    throw new CliError(`--url must be an http(s) URL such as http://localhost:8787, got ${raw}`, 2);
  }
}

/** The deployment owner's key: env ADMIN_API_KEY, else ADMIN_API_KEY of .dev.vars. */
export function adminKey() {
  const key = process.env.ADMIN_API_KEY || devVar('ADMIN_API_KEY');
  if (!key) throw new CliError('No admin key: set ADMIN_API_KEY in the environment (or in .dev.vars for a local portal).', 2);
  return { key, from: process.env.ADMIN_API_KEY ? 'env ADMIN_API_KEY' : '.dev.vars' };
}

/** A company's API key: --key, else env OPERATOR_KEY. */
export function companyKey(args) {
  const key = args.key || process.env.OPERATOR_KEY;
  if (!key) throw new CliError('No company API key: pass --key opk_... or set OPERATOR_KEY (create one with `keys create <company>`).', 2);
  return { key, from: args.key ? '--key' : 'env OPERATOR_KEY' };
}

/** `field: message` lines of a 400 body `{ field: [messages], error_codes }`, or the `detail`. */
export function describeError(body) {
  if (body && typeof body === 'object') {
    if (typeof body.detail === 'string') return body.detail;
    const lines = Object.entries(body)
      .filter(([field]) => field !== 'error_codes')
      .map(([field, messages]) => `  ${field === 'non_field_errors' ? '(request)' : field}: ${[].concat(messages).join(' ')}`);
    if (lines.length) return `invalid input:\n${lines.join('\n')}`;
  }
  return typeof body === 'string' && body ? body.slice(0, 300) : 'no details';
}

const HINTS = {
  401: (auth) => `check the key (${auth.from}); a company key works only on its company's own hosts: pass --url (or PORTAL_URL) with one of them, e.g. http://<company host>:8787.`,
  503: () => 'the portal has no ADMIN_API_KEY: set it (`wrangler secret put ADMIN_API_KEY`, or .dev.vars locally) and restart.',
};

/**
 * One request to `/v1/operator{path}`. Answers `{ status, body, headers }` for 2xx; anything else throws
 * a CliError naming the request, the status and what the API said. `retry` repeats a request that failed
 * on the network, with 5xx or with 409 idempotencyKeyInFlight (send an Idempotency-Key with it).
 */
export async function call(base, auth, method, apiPath, { body, contentType = 'application/json', headers = {}, retry = 0 } = {}) {
  const url = `${base}/v1/operator${apiPath}`;
  const init = {
    method,
    headers: { authorization: `Bearer ${auth.key}`, accept: 'application/json', ...headers, ...(body !== undefined && { 'content-type': contentType }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
  for (let attempt = 0; ; attempt++) {
    let res;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    } catch (err) {
      if (attempt < retry) {
        await pause(attempt);
        continue;
      }
      const cause = err?.cause?.code ?? err?.cause?.message ?? err?.message;
      throw new CliError(`cannot reach ${base} (${cause}): is the portal running? Start it with \`npm start\`, or pass --url.`);
    }
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: shown as text */
    }
    if (res.ok) return { status: res.status, body: parsed, headers: res.headers };
    const again = res.status >= 500 || (res.status === 409 && parsed?.code === 'idempotencyKeyInFlight');
    if (again && attempt < retry) {
      await pause(attempt, Number(res.headers.get('retry-after')) || 0);
      continue;
    }
    const hint = HINTS[res.status]?.(auth);
    throw new CliError(`${method} ${url} answered ${res.status}: ${describeError(parsed)}${hint ? `\n  hint: ${hint}` : ''}`);
  }
}

/** 1 s, 2 s, 4 s ... (or what Retry-After asks, if longer). */
const pause = (attempt, atLeastSeconds = 0) => new Promise((r) => setTimeout(r, Math.max(1000 * 2 ** attempt, atLeastSeconds * 1000)));
