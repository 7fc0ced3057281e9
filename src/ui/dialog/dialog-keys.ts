// Keyboard rules of an open modal dialog, shared by the confirmation popup (src/ui/confirm-dialog/confirm-dialog.ts) and
// the avatar crop dialog (through src/ui/dialog/use-dialog-keys.ts): Escape closes it, and Tab / Shift+Tab
// cycle through its `focusable` elements without leaving it.

/** Keeps the keyboard in `dialog` until the returned function is called. */
export function trapDialogKeys(dialog: HTMLElement, close: () => void, focusable: string): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Handled here, so the shell's Escape (closing menus) leaves the page as it was.
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(focusable)];
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (!dialog.contains(document.activeElement)) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey, true);
  return () => document.removeEventListener('keydown', onKey, true);
}
