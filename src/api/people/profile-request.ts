import type { NotificationsUpdateInput } from '../../lib/schemas/notifications';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, type ActiveInput, type ProfileUpdateInput } from '../../lib/schemas/profile';
import type { RawRequest } from '../core/endpoint';
import { readJson, readJsonObject } from '../core/validate';
import { validationError } from './parse';

// How the profile area's writes read their bodies: the profile PATCH takes JSON, an HTML form or multipart
// with an avatar file; the notification settings take JSON only.

/** validate.ts's readers take a request with `header` and `text`: the raw request has both. */
const asRequest = (req: RawRequest) => ({ req: { header: req.header, text: req.text } }) as unknown as Parameters<typeof readJson>[0];

/**
 * PATCH /portal/ambassadors/{id}/ and /ambassadors/{id}/active/: a JSON, urlencoded or multipart body, its
 * fields and (multipart) the avatar file beside them. A body declared larger than an avatar allows is
 * refused before it is read.
 */
export async function readProfileBody(req: RawRequest): Promise<ProfileUpdateInput & { avatar?: File }> {
  const type = req.header('content-type') ?? '';
  const declared = Number(req.header('content-length') ?? 0);
  if (declared > AVATAR_MAX_BYTES + 256 * 1024) throw validationError({ [AVATAR_FIELD]: ['imageTooLarge'] });
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await req.formData();
    const fields: Record<string, unknown> = {};
    let avatar: File | undefined;
    for (const [key, value] of form) {
      if (key === AVATAR_FIELD) {
        if (typeof value === 'string') {
          if (value !== '') throw validationError({ [AVATAR_FIELD]: ['invalidFileType'] });
        } else if (value.size > 0 || value.name) avatar = value;
      } else if (typeof value === 'string') fields[key] = value;
    }
    return { ...(fields as ProfileUpdateInput), ...(avatar && { avatar }) };
  }
  // JSON (src/api/core/validate.ts: the content type, the parse, prototype-named keys refused). An `avatar`
  // key of a JSON body is a field like any other (the profile schema refuses it by name).
  return (await readJsonObject(asRequest(req))).fields as ProfileUpdateInput;
}

/** PATCH /ambassadors/{id}/active/: read as the profile is (a file sent along is ignored). */
export async function readActiveBody(req: RawRequest): Promise<ActiveInput> {
  const { avatar: _file, ...fields } = await readProfileBody(req);
  return fields as ActiveInput;
}

/** The profile fields and the avatar file of a read body: only a file counts as the avatar. */
export function splitAvatar(body: ProfileUpdateInput & { avatar?: unknown }): { fields: ProfileUpdateInput; avatar: File | null } {
  const { avatar, ...fields } = body;
  if (avatar instanceof File) return { fields, avatar };
  return { fields: avatar === undefined ? fields : ({ ...fields, avatar } as ProfileUpdateInput), avatar: null };
}

/** PATCH /ambassadors/{id}/notifications/: JSON only; no body is no change. */
export async function readNotificationsBody(req: RawRequest): Promise<NotificationsUpdateInput> {
  const { value } = await readJson(asRequest(req));
  // Any JSON value: the service's parse names what is wrong with it.
  return (value ?? {}) as NotificationsUpdateInput;
}
