import type { PortalView } from '../../api/companies/portal';
import { portalByHost } from '../../api/companies/portal';
import { whoAmI } from '../../api/people/service';
import type { AmbassadorProfile, Me, UserView } from '../../lib/schemas/people';
import { embedded, type EmbeddedDeps, type RemoteDeps } from './core';

/** The tenant and who is signed in: what every page needs before anything else. */
export interface IdentityClient {
  /** GET /portal.json?host= - the company serving a host, or null. */
  portal(host: string): Promise<PortalView | null>;
  /** The signed-in ambassador (user, basics, campaigns); a 401 ClientError when the session is not valid. */
  me(): Promise<Me>;
  /**
   * Whether the session is still good now. Embedded: true at once when this request verified the token
   * itself; when it reused a verification kept in the isolate, one SELECT that rides in the page's data
   * batch. Remote: the API verifies every call, so true.
   */
  confirmSession(): Promise<boolean>;
}

export function embeddedIdentity(deps: EmbeddedDeps): IdentityClient {
  return {
    portal: (host) => embedded(() => portalByHost(deps.svc.db, host)),
    me: () => embedded(async () => whoAmI(deps.svc, await deps.caller())),
    confirmSession: () => deps.confirm(),
  };
}

/** Spec §7 has no "who am I": the user and the profile, asked in parallel, answer it. */
export function remoteIdentity(deps: RemoteDeps, ids: { userId: number; ambassadorUid: string } | null): IdentityClient {
  const profile = () => deps.call<AmbassadorProfile>(`/portal/ambassadors/${encodeURIComponent(ids?.ambassadorUid ?? '-')}/`);
  const user = () => deps.call<UserView>(`/users/${ids?.userId ?? 0}/`);
  return {
    portal: async (host) => (await deps.call<PortalView[]>('/portal.json', { query: { host }, auth: false }))[0] ?? null,
    async me() {
      // A fresh profile each time: me() is asked again when the page language turns out to be another (../request-context.ts).
      const [u, p] = await Promise.all([user(), profile()]);
      return { user: u, ambassador_uid: p.uid, language: p.language, group_id: p.group_id, deactivated_by_self: p.deactivated_by_self, share_code: p.share_code, urls: p.urls };
    },
    confirmSession: async () => ids !== null,
  };
}
