import { useState } from 'react';
import { trackShare } from '../lib/share-tracking';

// Downloads a share link's QR code as a PNG, drawn in the browser by the `qrcode` package (loaded on the
// first click, so the table costs no QR code until someone asks for one).

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
  async function onClick() {
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
    }
  }
  return (
    <>
      <button type="button" className="btn btn-secondary btn-small" onClick={onClick} title={labels.title} aria-label={labels.title} data-qr={shortCode}>
        {labels.button}
      </button>
      {failed && <span className="error" role="alert">{labels.failed}</span>}
    </>
  );
}
