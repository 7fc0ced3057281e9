import type { Labels } from './AvatarCropper';

// A button that opens the avatar crop dialog (the sidebar avatar, the account page's "Change avatar"). The
// dialog (React and react-easy-crop, src/ui/avatar-cropper/avatar-cropper-dialog.tsx) is fetched on the first click,
// so a page loads no React until someone opens it; when it closes, focus is back on the button.

export function opensAvatarCropper(button: HTMLButtonElement, uid: string, labels: Labels): void {
  button.setAttribute('aria-haspopup', 'dialog');
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-expanded') === 'true') return;
    button.setAttribute('aria-expanded', 'true');
    try {
      const { openAvatarCropper } = await import('./avatar-cropper-dialog');
      openAvatarCropper(uid, labels, () => {
        button.setAttribute('aria-expanded', 'false');
        button.focus();
      });
    } catch (err) {
      // The chunk did not arrive (offline, a new deploy): the next click tries again.
      console.error('avatar dialog: failed to load', err);
      button.setAttribute('aria-expanded', 'false');
    }
  });
}

/** The crop dialog's words carried by the markup (avatarCropperLabelsJson on the server). */
export function cropperLabels(element: HTMLElement): { uid: string; labels: Labels } | null {
  const { uid, labels } = element.dataset;
  return uid && labels ? { uid, labels: JSON.parse(labels) as Labels } : null;
}
