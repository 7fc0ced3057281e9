import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialogKeys } from './use-dialog-keys';

// The confirmation popup of spec §2 (default buttons Yes and No, default text "areYouSure"). It enhances
// every `<form data-confirm="text">` on the page: without JavaScript such a form posts unconfirmed and
// the server answers with a confirmation step; with it, this modal asks first and then posts the form
// with `confirmed=yes`. Focus stays inside the dialog; Escape or No closes it and focus returns.

interface Props {
  title: string;
  yes: string;
  no: string;
}

export default function ConfirmDialog({ title, yes, no }: Props) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLFormElement) || !target.hasAttribute('data-confirm')) return;
      const confirmed = target.elements.namedItem('confirmed');
      if (confirmed instanceof HTMLInputElement && confirmed.value === 'yes') return;
      event.preventDefault();
      returnFocus.current = (event.submitter as HTMLElement | null) ?? (document.activeElement as HTMLElement | null);
      setForm(target);
    };
    document.addEventListener('submit', onSubmit);
    return () => document.removeEventListener('submit', onSubmit);
  }, []);

  const close = useCallback(() => {
    setForm(null);
    returnFocus.current?.focus();
  }, []);

  const confirm = useCallback(() => {
    if (!form) return;
    const confirmed = form.elements.namedItem('confirmed');
    if (confirmed instanceof HTMLInputElement) confirmed.value = 'yes';
    else {
      const input = document.createElement('input');
      Object.assign(input, { type: 'hidden', name: 'confirmed', value: 'yes' });
      form.appendChild(input);
    }
    setForm(null);
    form.submit();
  }, [form]);

  useDialogKeys(!!form, dialogRef, close, { focusable: 'button:not([disabled])', initialFocus: () => noRef.current });

  if (!form) return null;
  const text = form.getAttribute('data-confirm') || '';
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="confirm-dialog-title"
        aria-describedby={text ? 'confirm-dialog-text' : undefined} ref={dialogRef} data-confirm-dialog>
        <h2 id="confirm-dialog-title">{title}</h2>
        {text && <p id="confirm-dialog-text">{text}</p>}
        <div className="actions">
          <button type="button" className="btn btn-secondary" ref={noRef} onClick={close}>{no}</button>
          <button type="button" className="btn" onClick={confirm}>{yes}</button>
        </div>
      </div>
    </div>
  );
}
