import { formErrors } from '../../../lib/account-messages';
import { t } from '../../../lib/i18n';
import type { InvitationLookup } from '../../../lib/schemas/staff';
import { ClientError } from '../../client';
import { isCrossSiteRequest } from '../../csrf';
import { CONSOLE_LOGIN } from './console';
import { readForm, seeOther } from './form';

// /console/accept: an invitation's link. The page reads what the token invites to; the form's name and password
// accept it (POST /v1/staff/invitations/accept/), then the new member is signed in (the console cookie) and
// sent to /console/login, which asks for the second factor's enrolment when the company requires one.

type Locals = App.Locals;

/** What the page shows: the invitation, or why its link does not work (in the page language). */
export type InvitationState = { invitation: InvitationLookup; error?: never } | { invitation?: never; error: string };

/** A failed POST: the message, the fields' messages, the name typed. */
export interface AcceptFailure {
  formError: string;
  fieldErrors: Record<string, string>;
  name: string;
  status: number;
}

const clientOf = (locals: Locals) => {
  if (!locals.consoleClient) throw new Error('console pages need the console session middleware');
  return locals.consoleClient;
};

/** The invitation a link's token names on this host, or the reason it cannot be accepted. */
export async function invitationOf(locals: Locals, token: string): Promise<InvitationState> {
  const lang = locals.requestContext.lang;
  if (!token) return { error: t(lang, 'console.team.invitationUnknown') };
  try {
    return { invitation: await clientOf(locals).staffLookupInvitation({ body: { token } }) };
  } catch (err) {
    if (!(err instanceof ClientError)) throw err;
    return { error: formErrors(err.status, err.body, lang, 'console.team.invitationUnknown', err.retryAfter).formError };
  }
}

/**
 * POST /console/accept: the name and the new password (twice) accept the invitation; then the member signs in
 * with them and goes on to /console/login (second factor, or its enrolment) and the console. A refusal renders
 * the page again with the reasons in the page language.
 */
export async function acceptAction(locals: Locals, request: Request, invitation: InvitationLookup): Promise<Response | AcceptFailure> {
  const lang = locals.requestContext.lang;
  const form = await readForm(request);
  const field = (name: string, max: number) => String(form.get(name) ?? '').slice(0, max);
  const token = field('token', 200);
  const name = field('name', 200);
  const password = field('password', 1024);
  const fail = (formError: string, fieldErrors: Record<string, string> = {}, status = 400): AcceptFailure => ({ formError, fieldErrors, name, status });
  if (isCrossSiteRequest(request)) return fail(t(lang, 'crossOrigin'), {}, 403);
  if (!name.trim() || !password) {
    return fail(t(lang, 'fillAllRequired'), {
      ...(name.trim() ? {} : { name: t(lang, 'required') }), ...(password ? {} : { password: t(lang, 'required') }),
    });
  }
  if (password !== field('repeat_password', 1024)) {
    return fail(t(lang, 'passwordsDoNotMatch'), { repeat_password: t(lang, 'passwordsDoNotMatch') });
  }
  const client = clientOf(locals);
  try {
    await client.staffAcceptInvitation({ body: { token, name, password } });
  } catch (err) {
    if (!(err instanceof ClientError)) throw err;
    const { formError, fieldErrors } = formErrors(err.status, err.body, lang, 'console.team.invitationUnknown', err.retryAfter);
    return fail(formError, fieldErrors, err.status === 429 ? 429 : 400);
  }
  try {
    const session = await client.staffSignIn({ body: { email: invitation.email, password } });
    locals.setConsoleSession(session.token);
  } catch (err) {
    // The account exists: if the sign-in is refused (a rate limit), the sign-in page takes it from here.
    if (!(err instanceof ClientError)) throw err;
  }
  return seeOther(CONSOLE_LOGIN);
}
