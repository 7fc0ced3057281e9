// Shared by the console's browser tests: TOTP codes as an authenticator app computes them (otpauth, the
// README's demo secrets) and a complete staff session as the console cookie, for `addCookies`.
import { Secret, TOTP } from 'otpauth';
import { baseUrl } from './harness';

export const CONSOLE_COOKIE = '__Host-portal_console';
/** The seed's TOTP secrets (README, "Console staff"). */
export const STAFF_SECRETS: Record<string, string> = {
  'owner@demo.test': 'DEMOOWNERTOTPDEMOSECRETONLYAAAAA',
  'admin@demo.test': 'DEMOADMINTOTPDEMOSECRETONLYAAAAA',
  'owner@acme.test': 'ACMEOWNERTOTPDEMOSECRETONLYAAAAA',
  'admin@acme.test': 'ACMEADMINTOTPDEMOSECRETONLYAAAAA',
};

/** The code an authenticator app shows for `email` now (`steps` 30-second steps away). */
export const totpCode = (email: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(STAFF_SECRETS[email]!), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

async function staffCall(host: string, path: string, init: { token?: string; body?: unknown; method?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Staff ${init.token}`;
  const res = await fetch(`${baseUrl(host)}/v1/staff/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/**
 * A complete staff session of `email` (password, then the TOTP code; a code is accepted once, so a refused
 * one is retried with the next step's), as the console cookie for `addCookies`, and its token.
 */
export async function consoleSession(host: string, email: string) {
  const signedIn = await staffCall(host, 'sessions/', { body: { email, password: 'Password1!' } });
  if (signedIn.status !== 201) throw new Error(`console sign-in of ${email} on ${host}: ${signedIn.status}`);
  const token = signedIn.body!.token as string;
  if (signedIn.body!.stage === 'secondFactor') {
    let given = await staffCall(host, 'sessions/second_factor/', { token, body: { code: totpCode(email) } });
    if (given.status === 400) given = await staffCall(host, 'sessions/second_factor/', { token, body: { code: totpCode(email, 1) } });
    if (given.status !== 200) throw new Error(`second factor of ${email}: ${given.status}`);
  }
  return { token, cookie: { name: CONSOLE_COOKIE, value: token, domain: host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' as const } };
}

/** GET /v1/staff/<path> with a staff token: the answer's JSON. */
export const staffGet = async (host: string, path: string, token: string) => (await staffCall(host, path, { token })).body;
