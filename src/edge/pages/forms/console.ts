import { formErrors } from '../../../lib/account-messages';
import { t, type MessageKey } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/safe-redirect';
import type { StaffMe } from '../../../lib/schemas/staff';
import { ClientError } from '../../client';
import type { ConsoleClient } from '../../client/console';
import { isCrossSiteRequest } from '../../csrf';
import { readForm, seeOther } from './form';

// The console's sign-in as form posts to its own pages (src/pages/console/), as the portal's auth forms
// (./auth.ts): a success is a 303, a failure renders the page again with the answer's message in the page
// language. The console cookie is started and ended only through `locals.setConsoleSession`.

type Locals = App.Locals;

export const CONSOLE_LOGIN = '/console/login';

/** What a failed console POST leaves for the page: the message, the e-mail typed, the status (429 when limited). */
export interface ConsoleFormView {
  step: 'password' | 'code' | 'enrol';
  email: string;
  formError: string;
  status: number;
  /** On a refused first code: the secret being enrolled, shown again (a new one would not match the app's). */
  enrolment?: TotpEnrolment;
  /** On the enrolment's first right code: the ten recovery codes, shown this once. */
  recoveryCodes?: string[];
}

/** The secret of a TOTP enrolment and its `otpauth://` URI (for the QR code). */
export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/** The enrolment the form posted back, when it has the shape of one (the API checks the code against its own copy). */
function postedEnrolment(form: FormData): TotpEnrolment | undefined {
  const secret = String(form.get('secret') ?? '');
  const uri = String(form.get('uri') ?? '');
  return /^[A-Z2-7]{16,128}=*$/.test(secret) && uri.startsWith('otpauth://totp/') && uri.length <= 1024 ? { secret, uri } : undefined;
}

/**
 * A new TOTP secret for the signed-in staff member who must enrol one (it replaces one not yet confirmed),
 * or null when the session is not at that stage any more.
 */
export async function consoleEnrolment(locals: Locals): Promise<TotpEnrolment | null> {
  try {
    return await staffOf(locals).staffEnrolTotp();
  } catch (err) {
    if (err instanceof ClientError && (err.status === 401 || err.status === 403 || err.status === 409)) return null;
    throw err;
  }
}

/** Where a console sign-in may go (`?next=`): a console page on this origin, else /console. */
export const consoleNext = (next: string | null, origin: string) => safeRedirect(next, { origin, fallback: '/console', under: ['/console'] });

const staffOf = (locals: Locals): ConsoleClient => {
  if (!locals.consoleClient) throw new Error('console pages need the console session middleware');
  return locals.consoleClient;
};

function failed(err: unknown, locals: Locals, fallback: MessageKey, step: ConsoleFormView['step'], email: string): ConsoleFormView {
  if (!(err instanceof ClientError)) throw err;
  const { formError } = formErrors(err.status, err.body, locals.requestContext.lang, fallback, err.retryAfter);
  return { step, email, formError, status: err.status === 429 ? 429 : 400 };
}

/** The signed-in staff member of the console cookie, or null (no cookie, or a session the API no longer knows: the cookie ends). */
export async function consoleMe(locals: Locals): Promise<StaffMe | null> {
  if (!locals.consoleToken) return null;
  try {
    return await staffOf(locals).staffMe();
  } catch (err) {
    if (!(err instanceof ClientError) || err.status !== 401) throw err;
    locals.setConsoleSession(null);
    return null;
  }
}

/**
 * POST /console/login: `step=password` signs in with e-mail and password and keeps the session in the console
 * cookie, `step=code` gives the second factor, `step=enrol` the first code of a new TOTP secret (its answer, the
 * recovery codes, is rendered by the page, never redirected: they are shown this once). A session that is
 * complete goes to `?next=` or /console; one that still needs its code or an enrolment comes back to the page,
 * which asks for it.
 */
export async function consoleLoginAction(locals: Locals, request: Request, url: URL): Promise<Response | ConsoleFormView> {
  const lang = locals.requestContext.lang;
  const form = await readForm(request);
  const step = form.get('step') === 'code' ? 'code' : form.get('step') === 'enrol' ? 'enrol' : 'password';
  const email = String(form.get('email') ?? '').slice(0, 254);
  if (isCrossSiteRequest(request)) return { step, email, formError: t(lang, 'crossOrigin'), status: 403 };
  const here = url.pathname + url.search;
  try {
    if (step === 'enrol') {
      const enrolment = postedEnrolment(form);
      const code = String(form.get('code') ?? '').trim().slice(0, 64);
      if (!code) return { step, email, formError: t(lang, 'fillAllRequired'), status: 400, enrolment };
      try {
        const { recovery_codes } = await staffOf(locals).staffConfirmTotp({ body: { code } });
        return { step, email, formError: '', status: 200, recoveryCodes: recovery_codes };
      } catch (err) {
        if (err instanceof ClientError && err.status !== 401) {
          const view = failed(err, locals, 'secondFactorFailed', step, email);
          // The sign-in's wording speaks of recovery codes, which do not exist before this first code.
          const wrong = typeof err.body === 'object' && err.body !== null && JSON.stringify(err.body).includes('secondFactorFailed');
          return { ...view, formError: wrong ? t(lang, 'console.enrolCodeWrong') : view.formError, enrolment };
        }
        throw err;
      }
    }
    if (step === 'code') {
      const code = String(form.get('code') ?? '').trim().slice(0, 64);
      if (!code) return { step, email, formError: t(lang, 'fillAllRequired'), status: 400 };
      await staffOf(locals).staffSecondFactor({ body: { code } });
      return seeOther(consoleNext(url.searchParams.get('next'), url.origin));
    }
    const password = String(form.get('password') ?? '').slice(0, 1024);
    if (!email.trim() || !password) return { step, email, formError: t(lang, 'fillAllRequired'), status: 400 };
    const answer = await staffOf(locals).staffSignIn({ body: { email, password } });
    locals.setConsoleSession(answer.token);
    return seeOther(answer.stage === 'full' ? consoleNext(url.searchParams.get('next'), url.origin) : here);
  } catch (err) {
    // The session the code was for has ended: start again with the password.
    if (step !== 'password' && err instanceof ClientError && err.status === 401) {
      locals.setConsoleSession(null);
      return seeOther(here);
    }
    return failed(err, locals, step === 'code' ? 'secondFactorFailed' : 'loginFailed', step, email);
  }
}

/** POST /console/logout: ends the staff session (the API's and the cookie), then /console/login. */
export async function consoleLogoutAction(locals: Locals, request: Request): Promise<Response> {
  if (request.method !== 'POST' || isCrossSiteRequest(request)) return seeOther(CONSOLE_LOGIN);
  if (locals.consoleToken) {
    try {
      await staffOf(locals).staffSignOut();
    } catch (err) {
      // The cookie ends either way; a token the API no longer knows is signed out already.
      if (!(err instanceof ClientError) || err.status !== 401) console.error('console logout: revoke failed', err instanceof ClientError ? err.status : err);
    }
  }
  locals.setConsoleSession(null);
  return seeOther(CONSOLE_LOGIN);
}
