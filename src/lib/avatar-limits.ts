// The avatar's limits (spec §9), apart from the profile schemas so the crop dialog does not bundle zod.

/** Avatar upload limits (checked by the API on the file's bytes, not on names or declared types). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 4096;
export const AVATAR_MIN_SIDE = 16;
/** The crop dialog's output (spec §9: crop 250 by 250). */
export const AVATAR_OUTPUT_SIDE = 250;
export const AVATAR_FIELD = 'avatar';
export const AVATAR_FILE_NAME = 'avatar.png';
