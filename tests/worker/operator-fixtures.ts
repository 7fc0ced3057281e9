// Shared by the operator API worker tests: the seed's local demo keys and a JSON caller.
import { env } from 'cloudflare:workers';
import { sha256Hex } from '../../src/api/core/crypto';
import { edge } from './helpers';

/** The seed's operator keys (seed/generate.ts OPERATOR_KEYS; local demo keys only). */
export const KEYS = {
  demo: 'opk_demo_local_only_demo_7f3a9c2e51b84d06',
  acme: 'opk_demo_local_only_acme_2b8e4f1a97c35d60',
  globex: 'opk_demo_local_only_globex_5d1c8a3f0e6b4927',
} as const;

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * The host a key is sent to: its company's shortest host, since a company key works only on its own
 * company's hosts (demo's on localhost, acme's on acme.localhost, a new company's on its first host);
 * localhost for anything that is no company key (none, the owner's key, garbage).
 */
export async function hostOfKey(key: string | null): Promise<string> {
  if (!key?.startsWith('opk_')) return 'localhost';
  const row = await env.DB.prepare(
    `SELECT h.host FROM operator_api_keys k JOIN company_hosts h ON h.company_id = k.company_id
      WHERE k.key_hash = ? ORDER BY length(h.host), h.host LIMIT 1`,
  ).bind(await sha256Hex(key)).first<{ host: string }>();
  return row?.host ?? 'localhost';
}

/**
 * Calls /v1/operator{path} with `Authorization: Bearer <key>` (or the given authorization header), on the
 * key's own host (`hostOfKey`) unless `options.host` names another.
 */
export async function op(
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  options: { host?: string } = {},
): Promise<Reply> {
  const h: Record<string, string> = { ...headers };
  if (key !== null && !('authorization' in h)) h.authorization = `Bearer ${key}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const host = options.host ?? (await hostOfKey(key));
  const res = await edge().fetch(`http://${host}/v1/operator${path}`, {
    method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readReply(res);
}

/** A response as a Reply: its body parsed as JSON, or its text when it is not JSON. */
export async function readReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

let counter = 0;
/** A transaction uid no other test uses. */
export const tx = (label = 'tx') => `${label}-${Date.now().toString(36)}-${++counter}`;

/** A conversion body for ava's Refer a Friend link (campaign 102, 10%, 50 points) unless overridden. */
export function conversion(overrides: Record<string, unknown> = {}) {
  return {
    campaign_uid: 'cmp-demo-main',
    transaction_uid: tx(),
    revenue: '100.00',
    customer: { email: `buyer-${++counter}@example.com`, first_name: 'Pat', last_name: 'Buyer' },
    short_code: 'ava-demo',
    event_type: 'first',
    ...overrides,
  };
}

/** Sets company customization `payouts` values (the layer the API reads). */
export async function setPayoutSettings(customizationId: string, settings: { holding_days?: number; minimum_minor?: number; tax_form_threshold_minor?: number }) {
  const row = await env.DB.prepare('SELECT settings FROM customizations WHERE id = ?').bind(customizationId).first<{ settings: string }>();
  const current = JSON.parse(row!.settings) as { payouts?: Record<string, number> };
  current.payouts = { ...current.payouts, ...settings };
  await env.DB.prepare('UPDATE customizations SET settings = ? WHERE id = ?').bind(JSON.stringify(current), customizationId).run();
}

export async function scalar<T = number>(sql: string, ...binds: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql).bind(...binds).first<Record<string, T>>();
  return Object.values(row ?? {})[0] as T;
}
