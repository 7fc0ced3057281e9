import { escapeHtml } from '../../lib/escape-html.ts';

// The confirmation popup of spec §2 (buttons Yes and No, title "Are you sure?"), written as text in a
// <template> (as a React island it loaded React on the account page). src/ui/confirm-dialog/confirm-dialog.ts
// shows a copy of it when a `<form data-confirm="text">` is sent, with that text. Without JavaScript
// such a form posts unconfirmed and the server answers with a confirmation step.

export interface ConfirmDialogLabels {
  title: string;
  yes: string;
  no: string;
}

export function confirmDialogTemplateHtml({ title, yes, no }: ConfirmDialogLabels): string {
  return '<template data-confirm-template><div class="modal-backdrop">'
    + '<div class="modal" role="alertdialog" aria-modal="true" aria-labelledby="confirm-dialog-title" aria-describedby="confirm-dialog-text" data-confirm-dialog>'
    + `<h2 id="confirm-dialog-title">${escapeHtml(title)}</h2><p id="confirm-dialog-text"></p>`
    + `<div class="actions"><button type="button" class="btn btn-secondary" data-confirm-no>${escapeHtml(no)}</button>`
    + `<button type="button" class="btn" data-confirm-yes>${escapeHtml(yes)}</button></div>`
    + '</div></div></template>';
}
