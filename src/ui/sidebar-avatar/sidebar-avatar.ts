import { cropperLabels, opensAvatarCropper } from '../avatar-cropper/avatar-dialog.ts';

// The browser side of the sidebar avatar (sidebar-avatar-markup.ts): the link to the account page's
// dialog becomes a button that opens the crop dialog in place.

export function enhanceSidebarAvatar(link: HTMLAnchorElement): void {
  const carried = cropperLabels(link);
  if (!carried) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.title = link.title;
  button.dataset.sidebarAvatarButton = '';
  // appendChild, not append: the project's types give Element the Worker's HTMLRewriter `append`.
  while (link.firstChild) button.appendChild(link.firstChild);
  link.replaceWith(button);
  opensAvatarCropper(button, carried.uid, carried.labels);
}
