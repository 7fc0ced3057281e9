// Shared by the accounts-*.test.ts files: calls with env overrides, outbox reading, registration.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createEdgeApp } from '../../src/edge/app';
import { stubPages } from './helpers';

const app = createEdgeApp([stubPages]);

/** app.fetch with optional env overrides (BOT_CHECK_STUB, DEV_OUTBOX) and an optional client IP. */
export async function call(url: string, init: RequestInit & { ip?: string; env?: Partial<Env> } = {}) {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  if (init.ip) headers.set('cf-connecting-ip', init.ip);
  const request = new Request(new URL(url, 'http://localhost'), { ...init, headers });
  const res = await app.fetch(request, { ...env, ...(init.env ?? {}) } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export const postJson = (body: unknown, extra: Record<string, string> = {}, more: { ip?: string; env?: Partial<Env> } = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
  ...more,
});

let ipCounter = 0;
/** A fresh client address per call site, so rate limits of one test do not leak into another. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function lastEmail(companyId: string, to: string) {
  return env.DB.prepare('SELECT * FROM email_outbox WHERE company_id = ? AND to_email = ? COLLATE NOCASE ORDER BY id DESC LIMIT 1')
    .bind(companyId, to)
    .first<{ template: string; subject: string; body_text: string }>();
}

/** The code and link in an e-mail the accounts endpoints sent. */
export function codeFrom(body: string) {
  const code = /: ([A-Z0-9]{10})$/m.exec(body)?.[1];
  const link = /(https?:\/\/\S+\/(?:reset|set)-password\?\S+)/.exec(body)?.[1];
  return { code: code!, link: link! };
}

export async function newSession(host: string, ip = freshIp()) {
  const res = await call(`http://${host}/v1/auth/session/?host=${host}`, { method: 'POST', ip });
  return ((await res.json()) as { client_session_uid: string }).client_session_uid;
}

export async function register(host: string, company: string, body: Record<string, unknown>, opts: { ip?: string; env?: Partial<Env>; session?: string } = {}) {
  const ip = opts.ip ?? freshIp();
  const session = opts.session ?? (await newSession(host, ip));
  const res = await call(`http://${host}/v1/companies/${company}/register/`, postJson(body, {
    'x-client-session-id': session, 'x-client-request-id': crypto.randomUUID(),
  }, { ip, env: opts.env }));
  return { res, body: (await res.json()) as Record<string, any> };
}

export async function login(host: string, email: string, password: string, ip = freshIp()) {
  return call(`http://${host}/v1/auth/ambassador/?host=${host}`, postJson({ email, password }, {}, { ip }));
}
