import type { Caller, ServiceContext } from '../core/types';
import { ambassadorProfile, campaignView, userView } from './view';

/** Who is signed in, as the token check loaded it: the user, the ambassador's basics and campaigns. */
export function whoAmI(svc: ServiceContext, caller: Caller) {
  return {
    user: userView(caller.user),
    ambassador_uid: caller.ambassador.uid,
    language: caller.ambassador.language,
    group_id: caller.ambassador.group_id,
    deactivated_by_self: !!caller.ambassador.deactivated_by_self,
    urls: caller.memberships.map((m) => campaignView(m, svc.origin)),
  };
}

export type Me = ReturnType<typeof whoAmI>;

/** GET /users/{id}/ - the caller's own user record. */
export const getUser = (caller: Caller) => userView(caller.user);

/** GET /portal/ambassadors/{id}/ - the caller's whole profile (one D1 round trip). */
export const getProfile = (svc: ServiceContext, caller: Caller) =>
  ambassadorProfile(svc.db, caller.company, caller.user, caller.ambassador, svc.origin);
