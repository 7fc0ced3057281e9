import { updateProfile } from '../../api/people/edit';
import { companyAmbassadors, getNotifications, setActive, updateNotifications } from '../../api/people/service';
import type { NotificationsUpdateInput } from '../../lib/schemas/notifications';
import { AVATAR_FIELD, AVATAR_FILE_NAME, type ActiveInput, type ProfileUpdateInput } from '../../lib/schemas/profile';
import { ClientError, embedded, type EmbeddedDeps, type RemoteDeps } from './core';

type Profile = Awaited<ReturnType<typeof updateProfile>>;
type CompanyAmbassadors = ReturnType<typeof companyAmbassadors>;
type Notifications = Awaited<ReturnType<typeof getNotifications>>;
type ActiveState = Awaited<ReturnType<typeof setActive>>;

/**
 * Spec §7 calls of the profile area (GET /users/{id}/ and GET /portal/ambassadors/{id}/ are
 * `user()` and `profile()` of the identity client, ./identity.ts). Failures are ClientErrors whose bodies carry
 * message keys (`code`, `error_codes`) for the page to render in its language.
 */
export interface ProfileClient {
  /** GET /companies/{id}/ambassadors/ - the signed-in ambassador as the company lists it. */
  companyAmbassadors(): Promise<CompanyAmbassadors>;
  /** PATCH /portal/ambassadors/{id}/ (JSON) - some profile fields; '' or null clears one. Answers the whole profile. */
  updateProfile(input: ProfileUpdateInput): Promise<Profile>;
  /** PATCH /portal/ambassadors/{id}/ (multipart) - a new picture (PNG, JPEG or WebP, checked by its bytes), with optional fields. */
  uploadAvatar(file: Blob, fields?: ProfileUpdateInput): Promise<Profile>;
  /** GET /ambassadors/{id}/notifications/ */
  notifications(): Promise<Notifications>;
  /** PATCH /ambassadors/{id}/notifications/ - some options; answers the whole set. */
  updateNotifications(input: NotificationsUpdateInput): Promise<Notifications>;
  /** PATCH /ambassadors/{id}/active/ - deactivate (`deactivated_by_self: true`) or reactivate one's account. */
  setActive(input: ActiveInput): Promise<ActiveState>;
}

export function embeddedProfile(deps: EmbeddedDeps): ProfileClient {
  const { svc } = deps;
  return {
    companyAmbassadors: () => embedded(async () => companyAmbassadors(await deps.caller())),
    updateProfile: (input) => embedded(async () => updateProfile(svc, await deps.caller(), input)),
    uploadAvatar: (file, fields = {}) => embedded(async () => updateProfile(svc, await deps.caller(), fields, file)),
    notifications: () => embedded(async () => getNotifications(svc, await deps.caller())),
    updateNotifications: (input) => embedded(async () => updateNotifications(svc, await deps.caller(), input)),
    setActive: (input) => embedded(async () => setActive(svc, await deps.caller(), input)),
  };
}

/** Ids the remote paths name: the session cookie's ambassador, and the tenant's company id. */
export interface RemoteProfileIds {
  ambassadorUid: string;
  companyId?: string | null;
}

/** The avatar and the fields beside it as the multipart body of the PATCH. */
function avatarForm(file: Blob, fields: ProfileUpdateInput) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value === null ? '' : String(value));
  form.append(AVATAR_FIELD, file, file instanceof File && file.name ? file.name : AVATAR_FILE_NAME);
  return form;
}

/** Spec §7 over HTTP. Without ids (no session) every call is the 401 the API would give. */
export function remoteProfile(deps: RemoteDeps, ids: RemoteProfileIds | null = null): ProfileClient {
  const signedIn = () => {
    if (!ids) throw new ClientError(401, { detail: 'Authentication credentials were not provided.', code: 'notAuthenticated' });
    return ids;
  };
  const ambassadorPath = (suffix = '') => `/ambassadors/${encodeURIComponent(signedIn().ambassadorUid)}/${suffix}`;
  const profilePath = () => `/portal/ambassadors/${encodeURIComponent(signedIn().ambassadorUid)}/`;
  return {
    companyAmbassadors: async () => deps.call<CompanyAmbassadors>(`/companies/${encodeURIComponent(signedIn().companyId ?? '-')}/ambassadors/`),
    updateProfile: async (input) => deps.call<Profile>(profilePath(), { method: 'PATCH', body: input }),
    uploadAvatar: async (file, fields = {}) => deps.call<Profile>(profilePath(), { method: 'PATCH', body: avatarForm(file, fields) }),
    notifications: async () => deps.call<Notifications>(ambassadorPath('notifications/')),
    updateNotifications: async (input) => deps.call<Notifications>(ambassadorPath('notifications/'), { method: 'PATCH', body: input }),
    setActive: async (input) => deps.call<ActiveState>(ambassadorPath('active/'), { method: 'PATCH', body: input }),
  };
}
