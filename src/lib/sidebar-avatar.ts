import type { Labels } from '../islands/AvatarCropper';

// The browser side of the sidebar avatar (sidebar-avatar-markup.ts): the link to the account page's
// dialog becomes a button that opens the crop dialog in place.

export function enhanceSidebarAvatar(link: HTMLAnchorElement): void {
  const { uid, labels: words } = link.dataset;
  if (!words || !uid) return;
  const labels = JSON.parse(words) as Labels;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.title = link.title;
  button.setAttribute('aria-haspopup', 'dialog');
  button.setAttribute('aria-expanded', 'false');
  button.dataset.sidebarAvatarButton = '';
  // appendChild, not append: the project's types give Element the Worker's HTMLRewriter `append`.
  while (link.firstChild) button.appendChild(link.firstChild);
  link.replaceWith(button);
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-expanded') === 'true') return;
    button.setAttribute('aria-expanded', 'true');
    const { openAvatarCropper } = await import('../islands/avatar-cropper-dialog');
    openAvatarCropper(uid, labels, () => {
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    });
  });
}
