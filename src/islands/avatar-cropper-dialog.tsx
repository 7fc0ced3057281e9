import { createRoot } from 'react-dom/client';
import AvatarCropper, { type Labels } from './AvatarCropper';

// The crop dialog opened from the sidebar avatar (src/lib/sidebar-avatar.ts) on any page: mounted on the
// first click and unmounted when it closes. A separate chunk, so pages pay for it only when it is used.

export function openAvatarCropper(uid: string, labels: Labels, onClosed: () => void): void {
  const host = document.createElement('div');
  host.dataset.avatarCropperHost = '';
  // appendChild, not append: the project's types give Element the Worker's HTMLRewriter `append`.
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(<AvatarCropper uid={uid} labels={labels} standalone={{
    onClosed: () => {
      root.unmount();
      host.remove();
      onClosed();
    },
  }} />);
}
