import { useEffect, useRef, useState } from 'react';
import { trackShare } from '../lib/share-tracking';

// Downloads a share link's QR code as a PNG, drawn in the browser by the `qrcode` package (loaded on the
// first click, so the table costs no QR code until someone asks for one). The island wakes as its row
// scrolls into view (client:visible); a click made before that is marked on the button by the sharing
// page's capture script (`data-qr-pending`) and answered here as soon as the island runs.

export interface QrDownloadProps {
  link: string;
  shortCode: string;
  labels: { button: string; title: string; failed: string };
}

export async function qrPngDataUrl(link: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  return QRCode.toDataURL(link, { type: 'image/png', width: 512, margin: 2, errorCorrectionLevel: 'M' });
}

export default function QrDownload({ link, shortCode, labels }: QrDownloadProps) {
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // One download at a time: a double click, or the kept early click and React's replay of it, gives one file.
  const busy = useRef(false);
  async function download() {
    if (busy.current) return;
    busy.current = true;
    try {
      const url = await qrPngDataUrl(link);
      const a = document.createElement('a');
      a.href = url;
      a.download = `qr-${shortCode}.png`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setFailed(false);
      void trackShare(shortCode, 'qr_code');
    } catch (err) {
      console.error('qr code: failed', err);
      setFailed(true);
    } finally {
      busy.current = false;
    }
  }
  useEffect(() => {
    const el = button.current;
    if (!el) return;
    el.dataset.qrReady = '';
    if (el.hasAttribute('data-qr-pending')) {
      el.removeAttribute('data-qr-pending');
      void download();
    }
    // Once, on hydration: later clicks arrive through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <button ref={button} type="button" className="btn btn-secondary btn-small" onClick={() => void download()} title={labels.title} aria-label={labels.title} data-qr={shortCode}>
        {labels.button}
      </button>
      {failed && <span className="error" role="alert">{labels.failed}</span>}
    </>
  );
}
