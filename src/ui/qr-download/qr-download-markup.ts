import { escapeHtml } from '../../lib/escape-html.ts';

// A share link's "QR code" button, written as text (as a React island it was one server render
// per row of the share-link table, and React itself on the sharing page). src/ui/qr-download/qr-download.ts makes
// the PNG in the browser when the button is clicked; without JavaScript the button does nothing, as the
// island's did, and the link beside it is still there to copy.

export interface QrButtonProps {
  /** The share link the code carries. */
  link: string;
  shortCode: string;
  labels: {
    /** The button's text ("QR code"). */
    button: string;
    /** Its name and tooltip ("Download the QR code of …"). */
    title: string;
    /** Shown beside it when the code could not be made. */
    failed: string;
  };
}

export function qrButtonHtml({ link, shortCode, labels }: QrButtonProps): string {
  const title = escapeHtml(labels.title);
  return `<button type="button" class="btn btn-secondary btn-small" title="${title}" aria-label="${title}" data-qr="${escapeHtml(shortCode)}"`
    + ` data-qr-link="${escapeHtml(link)}" data-qr-failed="${escapeHtml(labels.failed)}" data-enhance>${escapeHtml(labels.button)}</button>`;
}
