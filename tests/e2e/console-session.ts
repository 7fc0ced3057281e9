// Shared by the console's browser tests: TOTP codes as an authenticator app computes them (otpauth, the
// README's demo secrets) and a complete staff session as the console cookie, for `addCookies`.
import { Secret, TOTP } from 'otpauth';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TMP, baseUrl } from './harness';

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

const cookieOf = (host: string, token: string) =>
  ({ name: CONSOLE_COOKIE, value: token, domain: host, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' as const });

/** A TOTP code of `secret` `steps` 30-second steps from now. */
export const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

// The TOTP steps this run has spent, per secret, kept in a file: the e2e files run one after another in
// separate workers, and a step an account spent cannot sign in again (a refused code counts towards the
// account's limit of wrong codes, so the helper never sends one it knows is spent).
const STEPS_FILE = path.join(TMP, 'e2e-totp-steps.json');
const spentSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};
const spend = (secret: string, step: number) => writeFileSync(STEPS_FILE, JSON.stringify({ ...spentSteps(), [secret]: step }));

/**
 * Gives `secret`'s code for a session: the first step after the last one spent (this step, or the next, which
 * the API also accepts), waiting for the clock when both are spent.
 */
async function giveCode(host: string, token: string, secret: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (spentSteps()[secret] ?? -1) + 1);
    if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 500));
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * 30_000 + 1 });
    const given = await staffCall(host, 'sessions/second_factor/', { token, body: { code } });
    spend(secret, step);
    if (given.status === 200) return;
    // Spent by a sign-in this file did not make (a browser typing the code): the next step then.
    if (given.status !== 400) throw new Error(`second factor: ${given.status}`);
  }
  throw new Error('second factor refused');
}

/**
 * A complete staff session of `email` (password, then the TOTP code of the README's secret), as the console
 * cookie for `addCookies`, and its token.
 */
export async function consoleSession(host: string, email: string) {
  const signedIn = await staffCall(host, 'sessions/', { body: { email, password: 'Password1!' } });
  if (signedIn.status !== 201) throw new Error(`console sign-in of ${email} on ${host}: ${signedIn.status}`);
  const token = signedIn.body!.token as string;
  if (signedIn.body!.stage === 'secondFactor') await giveCode(host, token, STAFF_SECRETS[email]!);
  return { token, cookie: cookieOf(host, token) };
}

let made = 0;
/**
 * A new staff member of `role` on `host`'s company for this test alone (added by the owner through the team
 * API, then signed in and enrolled with a secret the test keeps): no other test spends its codes, so it signs
 * in again whenever needed (`again()`). Its e-mail is unique per run.
 */
export async function newStaffMember(host: string, role: 'owner' | 'admin' | 'reviewer' | 'finance' | 'viewer', name = `Test ${role}`) {
  const owner = host.startsWith('acme.') ? 'owner@acme.test' : 'owner@demo.test';
  const { token: ownerToken } = await consoleSession(host, owner);
  const email = `${role}-${Date.now().toString(36)}-${++made}@${host.startsWith('acme.') ? 'acme' : 'demo'}.test`;
  const added = await staffCall(host, 'team/', { token: ownerToken, body: { email, name, role, password: 'Password1!' } });
  if (added.status !== 201) throw new Error(`adding ${email}: ${added.status} ${JSON.stringify(added.body)}`);
  await staffCall(host, 'sessions/current/', { token: ownerToken, method: 'DELETE' });
  const signedIn = await staffCall(host, 'sessions/', { body: { email, password: 'Password1!' } });
  const token = signedIn.body!.token as string;
  let secret = '';
  if (signedIn.body!.stage === 'enrolment') {
    secret = (await staffCall(host, 'me/totp/', { token, body: {} })).body!.secret as string;
    const step = Math.floor(Date.now() / 30_000);
    const confirmed = await staffCall(host, 'me/totp/confirm/', { token, body: { code: codeOf(secret) } });
    spend(secret, step);
    if (confirmed.status !== 200) throw new Error(`enrolment of ${email}: ${confirmed.status}`);
  }
  const again = async () => {
    const next = await staffCall(host, 'sessions/', { body: { email, password: 'Password1!' } });
    const t = next.body!.token as string;
    if (next.body!.stage === 'secondFactor') await giveCode(host, t, secret);
    return { token: t, cookie: cookieOf(host, t) };
  };
  return { email, secret, token, cookie: cookieOf(host, token), again };
}

/** GET /v1/staff/<path> with a staff token: the answer's JSON. */
export const staffGet = async (host: string, path: string, token: string) => (await staffCall(host, path, { token })).body;
