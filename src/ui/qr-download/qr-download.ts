import { trackShare } from '../copy-share/share-tracking.ts';

// The browser side of the QR buttons written by qr-download-markup.ts: a click downloads the share link's
// QR code as a PNG, drawn here by the `qrcode` package (fetched on the first click, so the table costs no
// QR code until someone asks for one). A click made before this script ran is marked on the button by the
// sharing page's inline capture script (`data-qr-pending`) and answered as soon as it runs.

export async function qrPngDataUrl(link: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  return QRCode.toDataURL(link, { type: 'image/png', width: 512, margin: 2, errorCorrectionLevel: 'M' });
}

// One download at a time per button: a double click, or the kept early click and a second one, gives one file.
const busy = new WeakSet<HTMLButtonElement>();

async function download(button: HTMLButtonElement): Promise<void> {
  if (busy.has(button)) return;
  busy.add(button);
  const { qr: shortCode = '', qrLink: link = '', qrFailed: failed = '' } = button.dataset;
  const next = button.nextElementSibling;
  const shown = next instanceof HTMLElement && next.hasAttribute('data-qr-error') ? next : null;
  try {
    const url = await qrPngDataUrl(link);
    const a = document.createElement('a');
    a.href = url;
    a.download = `qr-${shortCode}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    shown?.remove();
    void trackShare(shortCode, 'qr_code');
  } catch (err) {
    console.error('qr code: failed', err);
    if (!shown) {
      const error = document.createElement('span');
      error.className = 'error';
      error.setAttribute('role', 'alert');
      error.dataset.qrError = '';
      error.textContent = failed;
      button.insertAdjacentElement('afterend', error);
    }
  } finally {
    busy.delete(button);
  }
}

/** Wires every QR button of the page, and answers a click that came before. */
export function enhanceQrButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-qr][data-enhance]')) {
    button.removeAttribute('data-enhance');
    button.dataset.qrReady = '';
    button.addEventListener('click', () => void download(button));
    if (button.hasAttribute('data-qr-pending')) {
      button.removeAttribute('data-qr-pending');
      void download(button);
    }
  }
}
