import { useEffect, type RefObject } from 'react';

/**
 * Keyboard rules of a modal dialog while `open`: Escape closes it, and Tab / Shift+Tab cycle through the
 * dialog's `focusable` elements without leaving it. `initialFocus` gets focus when the dialog opens.
 */
export function useDialogKeys(
  open: boolean,
  dialogRef: RefObject<HTMLElement | null>,
  close: () => void,
  { focusable, initialFocus }: { focusable: string; initialFocus: () => HTMLElement | null | undefined },
) {
  useEffect(() => {
    if (!open) return;
    initialFocus()?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
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
    // initialFocus and focusable describe the dialog, not state: they need not re-run the effect.
  }, [open, close, dialogRef]);
}
