import { useEffect, useEffectEvent, type RefObject } from 'react';

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
  // Effect events always see the latest props, so callers may pass inline `close` / `initialFocus`
  // functions without re-running the effect (which would move focus back on every render).
  const focusInitial = useEffectEvent(() => initialFocus()?.focus());
  const onKey = useEffectEvent((event: KeyboardEvent) => {
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
  });

  useEffect(() => {
    if (!open) return;
    focusInitial();
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener, true);
    return () => document.removeEventListener('keydown', listener, true);
  }, [open]);
}
