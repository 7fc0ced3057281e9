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
const spentSteps = (): Record<string, unknown> => {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};
const spend = (secret: string, step: number) => writeFileSync(STEPS_FILE, JSON.stringify({ ...spentSteps(), [secret]: step }));

/**
 * The code of the first step of `secret` this run has not spent (this step, or the next, which the API also
 * accepts; waiting for the clock when both are spent), marked spent: for a session or a browser that types it.
 */
export async function unspentCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, ((spentSteps()[secret] as number | undefined) ?? -1) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 500));
  spend(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * 30_000 + 1 });
}

/** Gives `secret`'s next unspent code for a session (one a browser spent unknown to this file is skipped). */
async function giveCode(host: string, token: string, secret: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const given = await staffCall(host, 'sessions/second_factor/', { token, body: { code: await unspentCode(secret) } });
    if (given.status === 200) return;
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
 * The seed owner's session that adds test staff on `host`, shared by every e2e file of the run (kept in .tmp
 * beside the spent steps): signing the owner in once per run instead of once per member spares TOTP steps,
 * each of which signs in once. Only this helper uses it, and nothing signs it out.
 */
async function adder(host: string, fresh = false): Promise<string> {
  const key = `adder:${host}`;
  const kept = spentSteps()[key] as { token: string; at: number } | undefined;
  if (!fresh && kept && Date.now() - kept.at < 8 * 60_000) return kept.token;
  const { token } = await consoleSession(host, host.startsWith('acme.') ? 'owner@acme.test' : 'owner@demo.test');
  writeFileSync(STEPS_FILE, JSON.stringify({ ...spentSteps(), [key]: { token, at: Date.now() } }));
  return token;
}
/**
 * A new staff member of `role` on `host`'s company for this test alone (added by the owner through the team
 * API, then signed in and enrolled with a secret the test keeps): no other test spends its codes, so it signs
 * in again whenever needed (`again()`). Its e-mail is unique per run.
 */
export async function newStaffMember(host: string, role: 'owner' | 'admin' | 'reviewer' | 'finance' | 'viewer', name = `Test ${role}`) {
  const email = `${role}-${Date.now().toString(36)}-${++made}@${host.startsWith('acme.') ? 'acme' : 'demo'}.test`;
  const body = { email, name, role, password: 'Password1!' };
  let added = await staffCall(host, 'team/', { token: await adder(host), body });
  // The shared session ended or its second factor is too old for the team (step-up): a fresh one.
  if (added.status === 401 || added.status === 403) added = await staffCall(host, 'team/', { token: await adder(host, true), body });
  if (added.status !== 201) throw new Error(`adding ${email}: ${added.status} ${JSON.stringify(added.body)}`);
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
