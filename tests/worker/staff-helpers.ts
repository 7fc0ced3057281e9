// Shared by the staff-*.test.ts files: the console's staff API called through the edge on a company's host,
// TOTP codes computed with otpauth as an authenticator app would, and signing in all the way.
import { env } from 'cloudflare:workers';
import { Secret, TOTP } from 'otpauth';
import { call, freshIp } from './accounts-helpers';

export const PASSWORD = 'Password1!';
/** The seed's TOTP secrets (seed/generate.ts STAFF_TOTP_SECRETS; the README lists them). */
export const SECRETS: Record<string, string> = {
  'owner@demo.test': 'DEMOOWNERTOTPDEMOSECRETONLYAAAAA',
  'admin@demo.test': 'DEMOADMINTOTPDEMOSECRETONLYAAAAA',
  'owner@acme.test': 'ACMEOWNERTOTPDEMOSECRETONLYAAAAA',
  'admin@acme.test': 'ACMEADMINTOTPDEMOSECRETONLYAAAAA',
};
export const COMPANY_OF_HOST: Record<string, string> = { localhost: 'demo', 'acme.localhost': 'acme' };

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A code that is not `secret`'s within a step of now. */
export function wrongCode(secret: string) {
  const near = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A call to /v1/staff/<path> on `host`, with `Authorization: Staff <token>` when a token is given. */
export async function staff(host: string, method: string, path: string, opts: { token?: string; auth?: string; body?: unknown; ip?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.auth) headers.authorization = opts.auth;
  else if (opts.token) headers.authorization = `Staff ${opts.token}`;
  const res = await call(`http://${host}/v1/staff/${path}`, {
    method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), ip: opts.ip ?? freshIp(),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export const signIn = (host: string, email: string, password = PASSWORD, ip?: string) =>
  staff(host, 'POST', 'sessions/', { body: { email, password }, ip });

/** The field code of a 400 (`error_codes.<field>[0].code`) or the `code` of any other error. */
export const codeOf = (a: Answer, field = 'non_field_errors'): string => a.body?.error_codes?.[field]?.[0]?.code ?? a.body?.code;

/**
 * A session that has everything: signed in, then the second factor (the account's secret read from D1, its
 * last step forgotten so the current code counts again: these tests are not about replays), or enrolled
 * first when the company requires a second factor the account does not have.
 */
export async function fullSession(host: string, email: string, password = PASSWORD): Promise<string> {
  const started = await signIn(host, email, password);
  if (started.status !== 201) throw new Error(`sign-in of ${email}: ${started.status} ${JSON.stringify(started.body)}`);
  const token = started.body.token as string;
  if (started.body.stage === 'enrolment') {
    const { body } = await staff(host, 'POST', 'me/totp/', { token });
    const confirmed = await staff(host, 'POST', 'me/totp/confirm/', { token, body: { code: codeFor(body.secret) } });
    if (confirmed.status !== 200) throw new Error(`enrolment of ${email}: ${confirmed.status}`);
  } else if (started.body.stage === 'secondFactor') {
    const company = COMPANY_OF_HOST[host]!;
    const secret = await env.DB.prepare('SELECT totp_secret FROM staff_accounts WHERE company_id = ? AND email = ?').bind(company, email).first<string>('totp_secret');
    await env.DB.prepare('UPDATE staff_accounts SET totp_last_step = NULL WHERE company_id = ? AND email = ?').bind(company, email).run();
    const given = await staff(host, 'POST', 'sessions/second_factor/', { token, body: { code: codeFor(secret!) } });
    if (given.status !== 200) throw new Error(`second factor of ${email}: ${given.status}`);
  }
  return token;
}

export async function setRequireSecondFactor(company: string, on: boolean) {
  await env.DB.prepare('UPDATE companies SET console_require_second_factor = ? WHERE id = ?').bind(on ? 1 : 0, company).run();
}
