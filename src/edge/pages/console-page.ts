import { isMessageKey, t, type Language, type MessageKey } from '../../lib/i18n';
import { formErrors } from '../../lib/account-messages';
import type { StaffMe } from '../../lib/schemas/staff';
import { opens, type ConsoleScreen } from '../../ui/console-shell/screens';
import { ClientError } from '../client';
import type { ConsoleClient } from '../client/console';
import { isCrossSiteRequest } from '../csrf';
import { CONSOLE_LOGIN, consoleMe } from './forms/console';
import { readForm, seeOther } from './forms/form';

// What every console screen does first (`consolePage`) and how it handles its form posts (`consoleAction`):
// server-rendered pages whose buttons are forms posting to the page itself, answered post/redirect/get.

/** A console screen's request: the signed-in staff member, the API client acting as them, the page language. */
export interface ConsolePage {
  me: StaffMe;
  client: ConsoleClient;
  lang: Language;
  screen: ConsoleScreen;
  /** The member's role does not open this screen: the shell says so and the page loads nothing. */
  denied: boolean;
  /** What the last action did (`?notice=` of its redirect), in the page language. */
  notice: string | null;
}

interface AstroLike {
  locals: App.Locals;
  url: URL;
  request: Request;
  response: { status?: number; headers: Headers };
}

/** Where a console page sends a browser without a complete staff session: the sign-in, then back here. */
export const consoleLoginFor = (url: URL) => `${CONSOLE_LOGIN}?next=${encodeURIComponent(url.pathname + url.search)}`;

/**
 * The console page of `screen` for this request: a browser without a complete staff session goes to the
 * sign-in (a Response to return); a member whose role does not open the screen gets `denied` (a 403 page).
 */
export async function consolePage(astro: AstroLike, screen: ConsoleScreen): Promise<ConsolePage | Response> {
  astro.response.headers.set('Cache-Control', 'no-store');
  const { locals } = astro;
  const me = await consoleMe(locals);
  if (!me || me.stage !== 'full' || !locals.consoleClient) return seeOther(consoleLoginFor(astro.url));
  const lang = locals.requestContext.lang;
  const denied = !opens(me.member.role, screen);
  if (denied) astro.response.status = 403;
  const key = astro.url.searchParams.get('notice');
  const notice = key && key.startsWith('console.') && isMessageKey(key) ? t(lang, key) : null;
  return { me, client: locals.consoleClient, lang, screen, denied, notice };
}

/** One action of a page's forms: does it through the client, answers the notice to show after the redirect. */
export type ConsoleActions = Record<string, (form: FormData, client: ConsoleClient) => Promise<MessageKey | void>>;

/** A refused action: its message and field errors in the page language, the form as posted (to fill it again). */
export interface ConsoleFailure {
  action: string;
  error: string;
  fields: Record<string, string>;
  status: number;
  form: FormData;
}

/** The page's own URL with `notice` set (and nothing else changed): where a done action goes. */
function withNotice(url: URL, notice: MessageKey): string {
  const next = new URL(url.pathname + url.search, url.origin);
  next.searchParams.set('notice', notice);
  return next.pathname + next.search;
}

/**
 * Handles a POST to a console page: the form's `action` field names one of `actions`. Done, the browser is
 * sent back to the page (303) with its notice; refused by the API, the page renders again with the message
 * (`ConsoleFailure`, status 400/403/404/409/429). A sensitive action whose session gave its second factor too
 * long ago goes to /console/step-up and back; a session that ended goes to the sign-in. A GET, or a page
 * that denies the role, answers null (nothing to do). A cross-site POST is refused.
 */
export async function consoleAction(astro: AstroLike, page: ConsolePage, actions: ConsoleActions): Promise<Response | ConsoleFailure | null> {
  if (astro.request.method !== 'POST' || page.denied) return null;
  const form = await readForm(astro.request);
  const action = String(form.get('action') ?? '');
  const fail = (error: string, status: number, fields: Record<string, string> = {}): ConsoleFailure => ({ action, error, fields, status, form });
  if (isCrossSiteRequest(astro.request)) return fail(t(page.lang, 'crossOrigin'), 403);
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!run) return fail(t(page.lang, 'invalidInput'), 400);
  try {
    const notice = await run(form, page.client);
    return seeOther(withNotice(astro.url, notice ?? 'console.saved'));
  } catch (err) {
    if (!(err instanceof ClientError)) throw err;
    const code = typeof err.body === 'object' && err.body !== null ? (err.body as { code?: unknown }).code : undefined;
    if (err.status === 401) {
      astro.locals.setConsoleSession(null);
      return seeOther(consoleLoginFor(astro.url));
    }
    if (err.status === 403 && code === 'stepUpRequired') return seeOther(`/console/step-up?next=${encodeURIComponent(astro.url.pathname + astro.url.search)}`);
    const { formError, fieldErrors } = formErrors(err.status, err.body, page.lang, 'generic', err.retryAfter);
    return fail(formError, err.status >= 400 && err.status < 500 ? err.status : 400, fieldErrors);
  }
}
