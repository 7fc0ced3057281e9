import { formErrors } from '../../../lib/account-messages';
import { t, translateMessage, type MessageKey } from '../../../lib/i18n';
import { loginSchema } from '../../../lib/schemas/auth';
import { safeRedirect } from '../../../lib/safe-redirect';
import { EMAIL_PREFERENCES, type EmailPreference } from '../../../lib/schemas/notifications';
import { ClientError } from '../../client';
import { redirectClearingSession } from '../page-data';
import { readForm, seeOther } from './form';

// The form actions of the auth pages (login, logout, registration, forgot / reset / set password,
// single sign-on, unsubscribe). Every form posts to its own page, so it works without JavaScript: a
// success is a 303 (post/redirect/get), a failure renders the page again with what was typed and the
// answer's messages in the page language. The session cookie is started and ended only through
// `locals.setSession`.

type Locals = App.Locals;

/** What a failed POST leaves for the page to render. */
export interface FormView<V> {
  values: V;
  formError: string;
  fieldErrors: Record<string, string>;
  /** HTTP status of the page: 429 when rate limited, else 400. */
  status: number;
}

const field = (form: FormData, name: string, max: number) => String(form.get(name) ?? '').slice(0, max);

/** A failed call as messages in the page language. Anything but a ClientError is a bug and propagates. */
function failed<V>(err: unknown, locals: Locals, fallback: MessageKey, values: V): FormView<V> {
  if (!(err instanceof ClientError)) throw err;
  const { formError, fieldErrors } = formErrors(err.status, err.body, locals.requestContext.lang, fallback, err.retryAfter);
  return { values, formError, fieldErrors, status: err.status === 429 ? 429 : 400 };
}

/**
 * Where a login may send the person back to (`?next=`): a page of the app on this origin (the shared
 * redirect check of src/lib/safe-redirect.ts), else the dashboard. Without the page's origin only paths pass.
 */
export const safeNext = (next: string | null, origin = 'http://portal.invalid') => safeRedirect(next, { origin, fallback: '/app', under: ['/app'] });

/** POST /login: checks the fields like the API, logs in, starts the session and goes to `?next=` or /app. */
export async function loginAction(locals: Locals, request: Request, url: URL): Promise<Response | FormView<{ email: string }>> {
  const { requestContext, client } = locals;
  const form = await readForm(request);
  const email = field(form, 'email', 254);
  const token = form.get('recaptchaToken');
  const parsed = loginSchema.safeParse({ email, password: form.get('password'), ...(typeof token === 'string' && token ? { recaptchaToken: token } : {}) });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    let missing = false;
    for (const issue of parsed.error.issues) {
      missing ||= issue.message === 'required';
      fieldErrors[String(issue.path[0])] ??= translateMessage(requestContext.lang, issue.message);
    }
    // "Fill out all required fields" only when one is empty; a wrong value is named.
    const formError = missing ? t(requestContext.lang, 'fillAllRequired') : Object.values(fieldErrors)[0]!;
    return { values: { email }, formError, fieldErrors, status: 400 };
  }
  try {
    const answer = await client.login(requestContext.portal.host, parsed.data);
    locals.setSession(answer.session);
    return seeOther(safeNext(url.searchParams.get('next')));
  } catch (err) {
    return failed(err, locals, 'loginFailed', { email });
  }
}

/**
 * /logout: revokes the token and ends the session, then /login. A GET that comes from another site
 * (Sec-Fetch-Site cross-site or same-site) gets null: the page asks for a confirmation instead.
 */
export async function logoutAction(locals: Locals, request: Request): Promise<Response | null> {
  const site = request.headers.get('sec-fetch-site');
  if (request.method === 'GET' && site !== null && site !== 'same-origin' && site !== 'none') return null;
  if (locals.session) {
    try {
      await locals.client.logOut();
    } catch (err) {
      // The cookie ends either way; a token the API no longer knows is already logged out.
      if (!(err instanceof ClientError) || err.status !== 401) console.error('logout: revoke failed', err instanceof ClientError ? err.status : err);
    }
  }
  return redirectClearingSession(locals, '/login');
}

/**
 * POST /register: a registration session, then the company's form. Auto-login starts the session and
 * lands on /app; a safe configured redirect wins over both; else /register?created=1.
 */
export async function registerAction(locals: Locals, request: Request): Promise<Response | FormView<Record<string, string>>> {
  const { requestContext, client } = locals;
  const form = await readForm(request);
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v).slice(0, 4096)]));
  try {
    const { client_session_uid } = await client.startRegistration({ query: { host: requestContext.portal.host } });
    const answer = await client.register(requestContext.portal.uid, client_session_uid, values);
    if (answer.session) locals.setSession(answer.session);
    return seeOther(answer.redirect ?? (answer.session ? '/app' : '/register?created=1'), { 'Cache-Control': 'no-store' });
  } catch (err) {
    return failed(err, locals, 'registerAccountError', values);
  }
}

/** POST /forgot-password: e-mails a reset code, then the same page with `sent=1` (its query string kept). */
export async function forgotPasswordAction(locals: Locals, request: Request, url: URL): Promise<Response | FormView<{ email: string }>> {
  const form = await readForm(request);
  const email = field(form, 'email', 254);
  try {
    await locals.client.forgotPassword({ query: { host: locals.requestContext.portal.host }, body: { email } });
    const next = new URL(url);
    next.searchParams.set('sent', '1');
    return seeOther(next.pathname + next.search);
  } catch (err) {
    return failed(err, locals, 'forgotPasswordFailed', { email });
  }
}

const newPassword = (form: FormData) => ({ password: field(form, 'password', 1024), repeat_password: field(form, 'repeat_password', 1024) });

/** POST /reset-password: the e-mailed code and a new password, then `done=1`. The page's tenant decides the company. */
export async function resetPasswordAction(locals: Locals, request: Request, url: URL): Promise<Response | FormView<{ email: string; code: string }>> {
  const form = await readForm(request);
  const email = field(form, 'email', 254);
  const code = field(form, 'code', 64);
  const { host } = locals.requestContext.portal;
  try {
    await locals.client.resetPassword({ query: { host }, body: { code, email, ...newPassword(form) } });
    const next = new URLSearchParams({ host: url.searchParams.get('host') ?? host, done: '1' });
    return seeOther(`${url.pathname}?${next}`);
  } catch (err) {
    return failed(err, locals, 'resetPasswordError', { email, code });
  }
}

/**
 * POST /set-password: with `mode=request` e-mails a new link (through forgot password, which sends a
 * set-password link to an account without a password); else sets the first password with the code.
 */
export async function setPasswordAction(locals: Locals, request: Request, url: URL): Promise<Response | FormView<{ email: string; code: string }>> {
  const form = await readForm(request);
  const mode = form.get('mode') === 'request' ? 'request' : 'set';
  const email = field(form, 'email', 254);
  const code = field(form, 'code', 64);
  const { host } = locals.requestContext.portal;
  try {
    if (mode === 'request') await locals.client.forgotPassword({ query: { host }, body: { email } });
    else await locals.client.setPassword({ query: { host }, body: { email, code, ...newPassword(form) } });
    return seeOther(`${url.pathname}?${mode === 'request' ? 'sent' : 'done'}=1`);
  } catch (err) {
    return failed(err, locals, mode === 'request' ? 'forgotPasswordFailed' : 'resetPasswordError', { email, code: mode === 'request' ? '' : code });
  }
}

const NO_REFERRER = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

/**
 * GET /sso?token=: exchanges the company-signed token for a session and lands on /app; otherwise the
 * reason in the page language. The token is never echoed, logged or sent on as a referrer.
 */
export async function ssoAction(locals: Locals, url: URL): Promise<Response | { message: string }> {
  const token = (url.searchParams.get('token') ?? '').slice(0, 4096);
  if (!token) return { message: t(locals.requestContext.lang, 'ssoInvalid') };
  try {
    const answer = await locals.client.sso(locals.requestContext.portal.host, { token });
    locals.setSession(answer.session);
    return seeOther('/app', NO_REFERRER);
  } catch (err) {
    return { message: failed(err, locals, 'ssoInvalid', null).formError };
  }
}
export const SSO_HEADERS = NO_REFERRER;

export interface UnsubscribeValues {
  code: string;
  template: string;
  choice: EmailPreference;
}

/** POST /unsubscribe: the chosen e-mail preference for the link's code, then `?saved=<choice>`. */
export async function unsubscribeAction(locals: Locals, request: Request): Promise<Response | FormView<UnsubscribeValues>> {
  const form = await readForm(request);
  const code = field(form, 'code', 200);
  const template = field(form, 'email_template', 64);
  const action = field(form, 'action', 64) as EmailPreference;
  const choice: EmailPreference = EMAIL_PREFERENCES.includes(action) ? action : 'stop_email';
  try {
    const answer = await locals.client.optout({ query: { host: locals.requestContext.portal.host }, body: { code, action, email_template: template } });
    return seeOther(`/unsubscribe?saved=${answer.action}`);
  } catch (err) {
    return { ...failed(err, locals, 'generic', { code, template, choice }), status: 400 };
  }
}
