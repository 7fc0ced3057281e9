import { AVATAR_CROPPER_LABELS } from './AvatarCropper';
import { t } from '../../lib/i18n';
import { memoized } from '../../lib/intl-cache';

// The crop dialog's words as JSON, made once per page language and isolate (every app page
// writes them for the sidebar avatar).
export const avatarCropperLabelsJson = memoized(32, (lang) =>
  JSON.stringify(Object.fromEntries(AVATAR_CROPPER_LABELS.map((k) => [k, t(lang, k)]))));
