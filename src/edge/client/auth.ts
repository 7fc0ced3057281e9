import { verifyBotCheck, type BotCheckInput } from '../../api/auth/bot-check';
import { logIn, logOut } from '../../api/auth/login';
import { changePassword, forgotPassword, resetPassword, setFirstPassword } from '../../api/auth/passwords';
import { register, startRegistration, type RegistrationFields } from '../../api/auth/registration';
import { signInWithSso } from '../../api/auth/sso';
import { devOutboxMessages, type OutboxQuery } from '../../api/email/outbox';
import type { LoginInput } from '../../lib/schemas/auth';
import type { ChangePasswordInput, ForgotPasswordInput, ResetPasswordInput, SsoInput } from '../../lib/schemas/passwords';
import type { Session } from '../types';
import { embedded, type EmbeddedDeps, type RemoteDeps } from './core';

type SignedIn = Awaited<ReturnType<typeof logIn>>;
type RegistrationSession = Awaited<ReturnType<typeof startRegistration>>;
type Registered = Awaited<ReturnType<typeof register>>;
type Detail = Awaited<ReturnType<typeof resetPassword>>;
type ForgotAnswer = Awaited<ReturnType<typeof forgotPassword>>;
type BotCheckAnswer = Awaited<ReturnType<typeof verifyBotCheck>>;
type Outbox = Awaited<ReturnType<typeof devOutboxMessages>>;

/** An answer that started a session, with the parts the page hands to `Astro.locals.setSession`. */
export type WithSession<T> = T & { session: Session };

/**
 * Spec §7 calls of the auth area. Public calls name the tenant's host (`?host=`); `login`, `register`
 * (with auto-login) and `sso` also return the session for the page to start. Failures are ClientErrors
 * whose bodies carry message keys (`code`, `error_codes`) for the page to render in its language.
 */
export interface AuthClient {
  /** POST /auth/ambassador/?host= - log in with e-mail and password. */
  login(host: string, input: LoginInput): Promise<WithSession<SignedIn>>;
  /** POST /auth/logout/ - revokes this session's token. */
  logout(): Promise<void>;
  /** POST /auth/session/?host= - a registration session for `register`. */
  startRegistration(host: string): Promise<RegistrationSession>;
  /** POST /companies/{company}/register/ - the registration form's fields; a session when the company logs new accounts in. */
  register(companyId: string, sessionUid: string, fields: RegistrationFields, requestId?: string): Promise<Registered & { session: Session | null }>;
  /** POST /auth/ambassador/forgot_password/?host= */
  forgotPassword(host: string, input: ForgotPasswordInput): Promise<ForgotAnswer>;
  /** POST /auth/ambassador/reset_password/?host= */
  resetPassword(host: string, input: ResetPasswordInput): Promise<Detail>;
  /** POST /auth/ambassador/set_password/?host= - the first password of an account created without one. */
  setPassword(host: string, input: ResetPasswordInput): Promise<Detail>;
  /** POST /users/{id}/password/ - the signed-in ambassador's new password. */
  changePassword(input: ChangePasswordInput): Promise<Detail>;
  /** POST /auth/sso/?host= - a company-signed single sign-on token for a session. */
  sso(host: string, input: SsoInput): Promise<WithSession<SignedIn>>;
  /** POST /recaptcha */
  verifyBotCheck(input: BotCheckInput): Promise<BotCheckAnswer>;
  /** GET /dev/outbox/?host=&to= - local development only (a 404 unless DEV_OUTBOX=1). */
  devOutbox(query: OutboxQuery): Promise<Outbox>;
}

const withSession = <T extends { token: string; account: { userid: number }; ambassador_uid: string }>(answer: T): WithSession<T> =>
  ({ ...answer, session: { userId: answer.account.userid, ambassadorUid: answer.ambassador_uid, token: answer.token } });

const maybeSession = <T extends { token?: string; account: { userid: number }; ambassador_uid: string }>(answer: T) =>
  ({ ...answer, session: answer.token ? { userId: answer.account.userid, ambassadorUid: answer.ambassador_uid, token: answer.token } : null });

export function embeddedAuth(deps: EmbeddedDeps): AuthClient {
  const { svc } = deps;
  return {
    login: (host, input) => embedded(async () => withSession(await logIn(svc, host, input))),
    logout: () => embedded(async () => logOut(svc, await deps.caller())),
    startRegistration: (host) => embedded(() => startRegistration(svc, host)),
    register: (companyId, sessionUid, fields) => embedded(async () => maybeSession(await register(svc, companyId, sessionUid, fields))),
    forgotPassword: (host, input) => embedded(() => forgotPassword(svc, host, input)),
    resetPassword: (host, input) => embedded(() => resetPassword(svc, host, input)),
    setPassword: (host, input) => embedded(() => setFirstPassword(svc, host, input)),
    changePassword: (input) => embedded(async () => {
      const caller = await deps.caller();
      return changePassword(svc, caller, caller.user.id, input);
    }),
    sso: (host, input) => embedded(async () => withSession(await signInWithSso(svc, host, input))),
    verifyBotCheck: (input) => embedded(() => verifyBotCheck(svc, input)),
    devOutbox: (query) => embedded(() => devOutboxMessages(svc, query)),
  };
}

/** Spec §7 over HTTP. `ids` names the session's user for POST /users/{id}/password/. */
export function remoteAuth(deps: RemoteDeps, ids: { userId: number } | null = null): AuthClient {
  const post = <T>(path: string, host: string | null, body?: unknown, headers?: Record<string, string>) =>
    deps.call<T>(path, { method: 'POST', query: host ? { host } : undefined, body, auth: false, headers });
  return {
    login: async (host, input) => withSession(await post<SignedIn>('/auth/ambassador/', host, input)),
    logout: async () => {
      await deps.call<null>('/auth/logout/', { method: 'POST' });
    },
    startRegistration: (host) => post<RegistrationSession>('/auth/session/', host),
    register: async (companyId, sessionUid, fields, requestId = crypto.randomUUID()) =>
      maybeSession(await post<Registered>(`/companies/${encodeURIComponent(companyId)}/register/`, null, fields, {
        'x-client-session-id': sessionUid, 'x-client-request-id': requestId,
      })),
    forgotPassword: (host, input) => post<ForgotAnswer>('/auth/ambassador/forgot_password/', host, input),
    resetPassword: (host, input) => post<Detail>('/auth/ambassador/reset_password/', host, input),
    setPassword: (host, input) => post<Detail>('/auth/ambassador/set_password/', host, input),
    changePassword: (input) => deps.call<Detail>(`/users/${ids?.userId ?? 0}/password/`, { method: 'POST', body: input }),
    sso: async (host, input) => withSession(await post<SignedIn>('/auth/sso/', host, input)),
    verifyBotCheck: (input) => post<BotCheckAnswer>('/recaptcha', null, input),
    devOutbox: (query) => deps.call<Outbox>('/dev/outbox/', { query: { ...query }, auth: false }),
  };
}
