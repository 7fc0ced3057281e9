import { portalByHost, type PortalView } from '../../api/companies/portal';
import { devOutboxMessages, type OutboxQuery } from '../../api/email/outbox';
import { updateProfile } from '../../api/people/edit';
import { whoAmI } from '../../api/people/service';
import type { Registered, SignedIn } from '../../lib/schemas/accounts';
import type { LoginInput } from '../../lib/schemas/auth';
import type { SsoInput } from '../../lib/schemas/passwords';
import type { AmbassadorProfile, Me, UserView } from '../../lib/schemas/people';
import { AVATAR_FIELD, AVATAR_FILE_NAME, type ProfileUpdateInput } from '../../lib/schemas/profile';
import type { Session } from '../types';
import type { ContractClient } from './contract';
import { embedded, type EmbeddedDeps, type RemoteDeps } from './core';

type Outbox = Awaited<ReturnType<typeof devOutboxMessages>>;

/** An answer that started a session, with the parts the page hands to `Astro.locals.setSession`. */
export type WithSession<T> = T & { session: Session };

/**
 * What pages ask of the ambassador API besides one endpoint method each (those are ./contract.ts's): the
 * tenant and who is signed in, the calls that start a session (the answer plus the session the page keeps),
 * a file upload, and the dev outbox. Failures are ClientErrors whose bodies carry message keys.
 */
export interface SessionClient {
  /** GET /portal.json?host= - the company serving a host, or null (embedded: the full record, for the page gate). */
  portal(host: string): Promise<PortalView | null>;
  /** The signed-in ambassador (user, basics, campaigns); a 401 ClientError when the session is not valid. */
  me(): Promise<Me>;
  /**
   * Whether the session is still good now. Embedded: true at once when this request verified the token
   * itself; when it reused a verification kept in the isolate, one SELECT that rides in the page's data
   * batch. Remote: the API verifies every call, so true.
   */
  confirmSession(): Promise<boolean>;
  /** POST /auth/ambassador/?host= (logIn) - the session to start. */
  login(host: string, input: LoginInput): Promise<WithSession<SignedIn>>;
  /** POST /auth/sso/?host= (signInWithSso) - a company-signed single sign-on token for a session. */
  sso(host: string, input: SsoInput): Promise<WithSession<SignedIn>>;
  /** POST /companies/{company}/register/ (registerAccount) - a session when the company logs new accounts in. */
  register(companyId: string, sessionUid: string, fields: Record<string, unknown>, requestId?: string): Promise<Registered & { session: Session | null }>;
  /** PATCH /portal/ambassadors/{id}/ (multipart) - a new picture (PNG, JPEG or WebP, checked by its bytes), with optional fields. */
  uploadAvatar(file: Blob, fields?: ProfileUpdateInput): Promise<AmbassadorProfile>;
  /** GET /dev/outbox/?host=&to= - local development only (a 404 unless DEV_OUTBOX=1). */
  devOutbox(query: OutboxQuery): Promise<Outbox>;
}

const withSession = (answer: SignedIn): WithSession<SignedIn> =>
  ({ ...answer, session: { userId: answer.account.userid, ambassadorUid: answer.ambassador_uid, token: answer.token } });

const maybeSession = (answer: Registered) =>
  ({ ...answer, session: answer.token ? { userId: answer.account.userid, ambassadorUid: answer.ambassador_uid, token: answer.token } : null });

/** The calls that start a session, over the endpoints' methods (the same in both modes). */
function signIn(contract: ContractClient): Pick<SessionClient, 'login' | 'sso' | 'register'> {
  return {
    login: async (host, input) => withSession(await contract.logIn({ query: { host }, body: input })),
    sso: async (host, input) => withSession(await contract.signInWithSso({ query: { host }, body: input })),
    register: async (companyId, sessionUid, fields, requestId = crypto.randomUUID()) => maybeSession(await contract.registerAccount({
      params: { company: companyId }, body: fields, headers: { 'x-client-session-id': sessionUid, 'x-client-request-id': requestId },
    })),
  };
}

export function embeddedSession(deps: EmbeddedDeps, contract: ContractClient): SessionClient {
  const { svc } = deps;
  return {
    portal: (host) => embedded(() => portalByHost(svc.db, host)),
    me: () => embedded(async () => whoAmI(svc, await deps.caller())),
    confirmSession: () => deps.confirm(),
    ...signIn(contract),
    uploadAvatar: (file, fields = {}) => embedded(async () => updateProfile(svc, await deps.caller(), fields, file)),
    devOutbox: (query) => embedded(() => devOutboxMessages(svc, query)),
  };
}

/** The avatar and the fields beside it as the multipart body of the PATCH. */
function avatarForm(file: Blob, fields: ProfileUpdateInput) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value === null ? '' : String(value));
  form.append(AVATAR_FIELD, file, file instanceof File && file.name ? file.name : AVATAR_FILE_NAME);
  return form;
}

/**
 * Over HTTP. Spec §7 has no "who am I": the user and the profile, asked in parallel, answer it. Without a
 * session a call still goes out (`-`) and the API's 401 is the answer.
 */
export function remoteSession(deps: RemoteDeps, ids: { userId: number; ambassadorUid: string } | null, contract: ContractClient): SessionClient {
  const profilePath = () => `/portal/ambassadors/${encodeURIComponent(ids?.ambassadorUid ?? '-')}/`;
  return {
    portal: async (host) => (await deps.call<PortalView[]>('/portal.json', { query: { host }, auth: false }))[0] ?? null,
    async me() {
      // A fresh profile each time: me() is asked again when the page language turns out to be another (../request-context.ts).
      const [u, p] = await Promise.all([deps.call<UserView>(`/users/${ids?.userId ?? 0}/`), deps.call<AmbassadorProfile>(profilePath())]);
      return { user: u, ambassador_uid: p.uid, language: p.language, group_id: p.group_id, deactivated_by_self: p.deactivated_by_self, share_code: p.share_code, urls: p.urls };
    },
    confirmSession: async () => ids !== null,
    ...signIn(contract),
    uploadAvatar: (file, fields = {}) => deps.call<AmbassadorProfile>(profilePath(), { method: 'PATCH', body: avatarForm(file, fields) }),
    devOutbox: (query) => deps.call<Outbox>('/dev/outbox/', { query: { ...query }, auth: false }),
  };
}
