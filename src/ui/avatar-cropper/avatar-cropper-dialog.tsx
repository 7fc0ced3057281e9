import { createRoot } from 'react-dom/client';
import AvatarCropper, { type Labels } from './AvatarCropper';

// The crop dialog opened by a button of src/ui/avatar-cropper/avatar-dialog.ts (the sidebar avatar, the account page):
// mounted on the first click and unmounted when it closes. A separate chunk, so pages pay for React only
// when it is used.

export function openAvatarCropper(uid: string, labels: Labels, onClosed: () => void): void {
  const host = document.createElement('div');
  host.dataset.avatarCropperHost = '';
  // appendChild, not append: the project's types give Element the Worker's HTMLRewriter `append`.
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(<AvatarCropper uid={uid} labels={labels} onClosed={() => {
    root.unmount();
    host.remove();
    onClosed();
  }} />);
}
