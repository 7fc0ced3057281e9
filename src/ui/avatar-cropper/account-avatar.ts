import { cropperLabels, opensAvatarCropper } from './avatar-dialog.ts';
import { $avatarSave } from './avatar-store.ts';

// The browser side of the account page's picture section: "Change avatar" opens the crop dialog (fetched
// on the first click), so does arriving at or following a link to /app/account#avatar (the sidebar
// avatar's link before its script ran, or without one on another page); after a save from any opener on
// the page, the section says it was saved. Without JavaScript the section shows the plain file form
// instead (account.astro, by the <html> class).

export function enhanceAccountAvatar(button: HTMLButtonElement, status: HTMLElement | null): void {
  button.removeAttribute('data-enhance');
  const carried = cropperLabels(button);
  if (!carried) return;
  opensAvatarCropper(button, carried.uid, carried.labels);

  if (status) {
    $avatarSave.listen((save) => {
      if (save.state !== 'saved') {
        status.replaceChildren();
        return;
      }
      const saved = document.createElement('p');
      saved.className = 'form-success';
      saved.dataset.avatarSaved = '';
      saved.textContent = carried.labels.avatarSaved;
      status.replaceChildren(saved);
    });
  }

  const fromHash = () => {
    if (location.hash === '#avatar') button.click();
  };
  addEventListener('hashchange', fromHash);
  fromHash();
}
