import { useEffect, useEffectEvent, type RefObject } from 'react';
import { trapDialogKeys } from './dialog-keys';

/**
 * Keyboard rules of a modal dialog while `open` (src/ui/dialog/dialog-keys.ts): Escape closes it, and Tab /
 * Shift+Tab cycle through the dialog's `focusable` elements without leaving it. `initialFocus` gets focus
 * when the dialog opens.
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
  const onClose = useEffectEvent(() => close());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    focusInitial();
    return trapDialogKeys(dialog, () => onClose(), focusable);
  }, [open, dialogRef, focusable]);
}
