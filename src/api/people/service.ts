import { browserLanguage } from '../../lib/languages';
import { activeSchema, type ActiveInput } from '../../lib/schemas/profile';
import {
  DEFAULT_NOTIFICATIONS, notificationsUpdateSchema, type NotificationSettings, type NotificationsUpdateInput,
} from '../../lib/schemas/notifications';
import { ApiError } from '../core/errors';
import { isoNow } from '../core/crypto';
import { revokeUserTokens } from '../auth/user-queries';
import type { Caller, ServiceContext } from '../core/types';
import { parseInput } from './parse';
import { findNotifications, setDeactivated, upsertNotificationsStatement } from './queries';
import { ambassadorProfile, campaignView, fullName, userView } from './view';
import { mediaUrl } from '../core/views';
import type { ActiveState, AmbassadorProfile, CompanyAmbassadors, Me, UserView } from '../../lib/schemas/people';

// The profile area's services (spec §7): who is signed in, the user, the profile and the company's
// ambassador list, notification settings and account status. The profile edit is in ./edit.ts.

/** Who is signed in, as the token check loaded it: the user, the ambassador's basics and campaigns. */
export function whoAmI(svc: ServiceContext, caller: Caller): Me {
  return {
    user: userView(caller.user),
    ambassador_uid: caller.ambassador.uid,
    language: caller.ambassador.language,
    group_id: caller.ambassador.group_id,
    deactivated_by_self: !!caller.ambassador.deactivated_by_self,
    /** The personal share code (/r/<share code> follows it: src/api/sharing/queries.ts findCodeTarget). */
    share_code: caller.ambassador.share_code,
    urls: caller.memberships.map((m) => campaignView(m, svc.origin, browserLanguage(svc.acceptLanguage))),
  };
}


/** GET /users/{id}/ - the caller's own user record. */
export const getUser = (caller: Caller): UserView => userView(caller.user);

/** GET /portal/ambassadors/{id}/ - the caller's whole profile (one D1 round trip; the campaigns are the token check's). */
export const getProfile = (svc: ServiceContext, caller: Caller): Promise<AmbassadorProfile> =>
  ambassadorProfile(svc.db, caller.company, caller.user, caller.ambassador, svc.origin, browserLanguage(svc.acceptLanguage), caller.memberships);

/** GET /companies/{id}/ambassadors/ - the caller's ambassador within their company (exactly one; no D1 call). */
export function companyAmbassadors(caller: Caller): CompanyAmbassadors {
  const { user, ambassador } = caller;
  return {
    count: 1,
    results: [{
      uid: ambassador.uid, userid: user.id, email: user.email, first_name: user.first_name,
      last_name: user.last_name, name: fullName(user), avatar_url: mediaUrl(ambassador.avatar_key),
      deactivated_by_self: !!ambassador.deactivated_by_self, created_at: ambassador.created_at,
    }],
  };
}

/** GET /ambassadors/{id}/notifications/ - which e-mails the caller receives (spec §3 options). */
export async function getNotifications(svc: ServiceContext, caller: Caller): Promise<NotificationSettings> {
  return (await findNotifications(svc.db, caller.company.id, caller.ambassador.uid)) ?? DEFAULT_NOTIFICATIONS;
}

/** PATCH /ambassadors/{id}/notifications/ - changes some of them; the answer is the whole set. */
export async function updateNotifications(svc: ServiceContext, caller: Caller, input: NotificationsUpdateInput): Promise<NotificationSettings> {
  const changes = parseInput(notificationsUpdateSchema, input);
  const current = await getNotifications(svc, caller);
  const next: NotificationSettings = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
  await upsertNotificationsStatement(svc.db, caller.company.id, caller.ambassador.uid, next).run();
  return next;
}

/**
 * PATCH /ambassadors/{id}/active/ - deactivates or reactivates the caller's own account. Deactivating
 * also ends the person's other sessions (other devices), as a password change does: this one stays to
 * show the deactivated state and the way back.
 */
export async function setActive(svc: ServiceContext, caller: Caller, input: ActiveInput): Promise<ActiveState> {
  const { deactivated_by_self } = parseInput(activeSchema, input);
  const { uid } = caller.ambassador;
  const result = await setDeactivated(svc.db, caller.company.id, uid, deactivated_by_self);
  if (!result.meta.changes) throw new ApiError('not_found', 'notFound');
  if (deactivated_by_self) await revokeUserTokens(svc.db, caller.company.id, caller.user.id, isoNow(), caller.principal.tokenHash);
  return { uid, deactivated_by_self, is_active: !deactivated_by_self };
}
