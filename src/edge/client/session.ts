import { updateProfile } from '../../api/people/edit';
import type { AmbassadorProfile } from '../../lib/schemas/people';
import { AVATAR_FIELD, AVATAR_FILE_NAME, type ProfileUpdateInput } from '../../lib/schemas/profile';
import { embedded, type EmbeddedDeps, type RemoteDeps } from './core';

/**
 * The calls of the ambassador API that are not one endpoint method each (those are ./contract.ts's): what a
 * page sends in another shape than the endpoint's JSON, here a file.
 */
export interface SessionClient {
  /** PATCH /portal/ambassadors/{id}/ (multipart) - a new picture (PNG, JPEG or WebP, checked by its bytes), with optional fields. */
  uploadAvatar(file: Blob, fields?: ProfileUpdateInput): Promise<AmbassadorProfile>;
}

export function embeddedSession(deps: EmbeddedDeps): SessionClient {
  return {
    uploadAvatar: (file, fields = {}) => embedded(async () => updateProfile(deps.svc, await deps.caller(), fields, file)),
  };
}

/** The avatar and the fields beside it as the multipart body of the PATCH. */
function avatarForm(file: Blob, fields: ProfileUpdateInput) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value === null ? '' : String(value));
  form.append(AVATAR_FIELD, file, file instanceof File && file.name ? file.name : AVATAR_FILE_NAME);
  return form;
}

/** Over HTTP; without a session the call still goes out (`-`) and the API's 401 is the answer. */
export function remoteSession(deps: RemoteDeps, ids: { ambassadorUid: string } | null): SessionClient {
  return {
    uploadAvatar: (file, fields = {}) =>
      deps.call<AmbassadorProfile>(`/portal/ambassadors/${encodeURIComponent(ids?.ambassadorUid ?? '-')}/`, { method: 'PATCH', body: avatarForm(file, fields) }),
  };
}
