import { trapDialogKeys } from '../dialog/dialog-keys.ts';

// The browser side of the confirmation popup (confirm-dialog-markup.ts): sending a `<form data-confirm>`
// opens the popup with the form's text and focus on No; No, Escape or a click beside it closes it and
// focus goes back to the button that sent the form; Yes posts the form with `confirmed=yes`. Focus stays
// inside the popup while it is open.

function ask(template: HTMLTemplateElement, form: HTMLFormElement, opener: HTMLElement | null): void {
  const backdrop = template.content.firstElementChild?.cloneNode(true);
  if (!(backdrop instanceof HTMLElement)) return;
  const dialog = backdrop.querySelector<HTMLElement>('[data-confirm-dialog]')!;
  const text = form.dataset.confirm ?? '';
  const paragraph = dialog.querySelector('#confirm-dialog-text');
  if (text && paragraph) paragraph.textContent = text;
  else {
    paragraph?.remove();
    dialog.removeAttribute('aria-describedby');
  }
  const close = () => {
    release();
    backdrop.remove();
    opener?.focus();
  };
  const release = trapDialogKeys(dialog, close, 'button:not([disabled])');
  backdrop.addEventListener('mousedown', (event) => {
    if (event.target === backdrop) close();
  });
  dialog.querySelector('[data-confirm-no]')?.addEventListener('click', close);
  dialog.querySelector('[data-confirm-yes]')?.addEventListener('click', () => {
    release();
    backdrop.remove();
    confirmAndSend(form);
  });
  // appendChild, not append: the project's types give Element the Worker's HTMLRewriter `append`.
  document.body.appendChild(backdrop);
  dialog.querySelector<HTMLElement>('[data-confirm-no]')?.focus();
}

function confirmAndSend(form: HTMLFormElement): void {
  const confirmed = form.elements.namedItem('confirmed');
  if (confirmed instanceof HTMLInputElement) confirmed.value = 'yes';
  else {
    const input = document.createElement('input');
    Object.assign(input, { type: 'hidden', name: 'confirmed', value: 'yes' });
    form.appendChild(input);
  }
  form.submit();
}

/** Asks before any `<form data-confirm>` of the page is sent. */
export function enhanceConfirmForms(template: HTMLTemplateElement): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-confirm')) return;
    const confirmed = form.elements.namedItem('confirmed');
    if (confirmed instanceof HTMLInputElement && confirmed.value === 'yes') return;
    event.preventDefault();
    if (document.querySelector('[data-confirm-dialog]')) return;
    ask(template, form, (event.submitter as HTMLElement | null) ?? (document.activeElement as HTMLElement | null));
  });
  for (const form of document.querySelectorAll('form[data-confirm][data-enhance]')) form.removeAttribute('data-enhance');
}
