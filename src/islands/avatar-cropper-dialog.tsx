import { createRoot } from 'react-dom/client';
import AvatarCropper, { type Labels } from './AvatarCropper';

// The crop dialog opened from the sidebar avatar (src/lib/sidebar-avatar.ts) on any page: mounted on the
// first click and unmounted when it closes. A separate chunk, so pages pay for it only when it is used.

export function openAvatarCropper(uid: string, labels: Labels, onClosed: () => void): void {
  const host = document.createElement('div');
  host.dataset.avatarCropperHost = '';
  document.body.append(host);
  // The project's types are the Worker's, whose Element is HTMLRewriter's: this one is the DOM's.
  const root = createRoot(host as unknown as Parameters<typeof createRoot>[0]);
  root.render(<AvatarCropper uid={uid} labels={labels} standalone={{
    onClosed: () => {
      root.unmount();
      host.remove();
      onClosed();
    },
  }} />);
}
