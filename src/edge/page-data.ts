import type { AmbassadorProfile } from '../api/profile/view';
import { sessionCookieHeader } from './session';

type Locals = App.Locals;

export interface ShellUser {
  userid: number;
  email: string;
  first_name: string;
  last_name: string;
  loyalty_access: boolean;
  access: number;
}

/** Paths where a missing session keeps the person where they are (spec §2). */
const AUTH_PATHS = ['login', 'register', 'set-password', 'forgot', 'unsubscribe', 'reset-password'];

export function isAuthPath(pathname: string) {
  return AUTH_PATHS.some((part) => pathname.includes(part));
}

/** A redirect that also clears the session cookie (used after a 401 or a logout). */
export function redirectClearingSession(location: string) {
  return new Response(null, { status: 303, headers: { Location: location, 'Set-Cookie': sessionCookieHeader(null) } });
}

export type ShellData = { user: ShellUser; profile: AmbassadorProfile };

/**
 * Loads what every /app page paints first: the user and the ambassador profile, in parallel, on the
 * server. No session sends the browser to /register (spec §2); an expired one (401) to /login.
 */
export async function loadShell(locals: Locals, pathname: string): Promise<ShellData | Response> {
  const s = locals.session;
  if (!s) return new Response(null, { status: 303, headers: { Location: isAuthPath(pathname) ? pathname : '/register' } });
  const [userRes, profileRes] = await Promise.all([
    locals.upstream(`/users/${s.userId}/`),
    locals.upstream(`/portal/ambassadors/${encodeURIComponent(s.ambassadorUid)}/`),
  ]);
  if (userRes.status === 401 || profileRes.status === 401 || userRes.status === 404 || profileRes.status === 404) {
    return redirectClearingSession('/login');
  }
  if (!userRes.ok || !profileRes.ok) {
    throw new Error(`shell: upstream answered ${userRes.status}/${profileRes.status}`);
  }
  return { user: (await userRes.json()) as ShellUser, profile: (await profileRes.json()) as AmbassadorProfile };
}

/** Reads a JSON answer from the API, throwing on anything but 2xx (pages show the generic error). */
export async function getJson<T>(locals: Locals, path: string): Promise<T> {
  const res = await locals.upstream(path);
  if (!res.ok) throw new Error(`upstream ${path}: ${res.status}`);
  return (await res.json()) as T;
}
