import { escapeHtml } from '../../lib/escape-html.ts';

// The sidebar avatar with click-to-edit (spec §2), written as text (as a React island its
// server render was on every app page's CPU). Without JavaScript it is a link to /app/account#avatar,
// whose page opens the crop dialog; src/ui/sidebar-avatar/sidebar-avatar.ts makes it a button that opens the dialog in
// place, fetching the cropper (React, react-easy-crop) on the first click.

export interface SidebarAvatarProps {
  uid: string;
  avatarUrl: string | null | undefined;
  /** The control's name ("Edit avatar"). */
  label: string;
  /** The crop dialog's words in the page language, as JSON (avatarCropperLabelsJson). */
  labelsJson: string;
}

export const DEFAULT_AVATAR = '/default-avatar.svg';

export function sidebarAvatarHtml({ uid, avatarUrl, label, labelsJson }: SidebarAvatarProps): string {
  const name = escapeHtml(label);
  return `<a class="avatar-button" href="/app/account#avatar" title="${name}" data-sidebar-avatar-link data-enhance data-uid="${escapeHtml(uid)}" data-labels="${escapeHtml(labelsJson)}">`
    + `<img class="avatar" src="${escapeHtml(avatarUrl || DEFAULT_AVATAR)}" alt="" width="56" height="56" data-fallback="${DEFAULT_AVATAR}" data-sidebar-avatar />`
    + `<span class="visually-hidden">${name}</span></a>`;
}
