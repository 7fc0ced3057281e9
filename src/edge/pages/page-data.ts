import type { Customization } from '../../lib/schemas/customization';
import type { Language } from '../../lib/i18n';
import { ClientError, type AmbassadorProfile, type Me, type UserView } from '../client';
import type { RequestContext } from '../request-context';

type Locals = App.Locals;

/** Paths where a missing session keeps the person where they are (spec §2). */
const AUTH_PATHS = ['login', 'register', 'set-password', 'forgot', 'unsubscribe', 'reset-password'];

export function isAuthPath(pathname: string) {
  return AUTH_PATHS.some((part) => pathname.includes(part));
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

/** A redirect that also ends the session cookie (after a 401 or a logout). */
export function redirectClearingSession(locals: Locals, location: string) {
  locals.setSession(null);
  return seeOther(location);
}

export type SignedIn = RequestContext & { me: Me };

/**
 * The gate of every /app page (spec §2): no session sends the browser to /register, a session the
 * API refused (expired, revoked, another tenant's) to /login with the cookie cleared. A browser signed in to
 * the console only (its cookie opens no /app page) goes to /login as well: it has an account, not a portal one.
 */
export function requireSignedIn(locals: Locals, pathname: string): SignedIn | Response {
  const { requestContext } = locals;
  if (requestContext.me) return requestContext as SignedIn;
  if (requestContext.sessionInvalid) return redirectClearingSession(locals, '/login');
  if (locals.consoleToken && !isAuthPath(pathname)) return seeOther('/login');
  return seeOther(isAuthPath(pathname) ? pathname : '/register');
}

/** What the app shell (sidebar, header) paints: the profile plus the request context's choices. */
export interface ShellData {
  user: UserView;
  profile: AmbassadorProfile;
  settings: Customization;
  lang: Language;
  selectedCampaignId: number | null;
  groupUids: string[];
}

/** What the shell knows before any page data: the request context's choices and the verified user. */
export type ShellBase = Omit<ShellData, 'profile'>;

export function shellBase(locals: Locals): ShellBase {
  const { requestContext } = locals;
  return { user: requestContext.me!.user, settings: requestContext.settings, lang: requestContext.lang, selectedCampaignId: requestContext.selection.selectedCampaignId, groupUids: requestContext.groupUids };
}

/**
 * Whether the page may show the signed-in person's data (a revoked session never does). The
 * request context may have reused this isolate's verification of the session for the first byte; this
 * confirms it in the same D1 batch as the page's data (loadShell asks for it first), and the shell
 * (src/layouts/SessionGate.astro) renders nothing private until it is true.
 */
export const sessionConfirmed = (locals: Pick<Locals, 'client'>): Promise<boolean> => locals.client.confirmSession();

/**
 * The shell's data: the profile, asked for together with the page's own data (`Promise.all`) so the
 * embedded client sends them to D1 as one batch, and with them the session's confirmation.
 */
export async function loadShell(locals: Locals): Promise<ShellData> {
  void sessionConfirmed(locals);
  const profile = await locals.client.profile();
  return { ...shellBase(locals), profile };
}

/** A section's data or null (logged): a section that cannot load must not take the page down. */
export async function orNull<T>(what: string, work: Promise<T> | null | false | undefined): Promise<T | null> {
  if (!work) return null;
  try {
    return await work;
  } catch (err) {
    console.error('page data:', what, err instanceof ClientError ? err.status : err);
    return null;
  }
}
