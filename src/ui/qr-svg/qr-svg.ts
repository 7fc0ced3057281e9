import type * as QrCodeApi from 'qrcode';
// @ts-expect-error qrcode's browser entry has no types of its own; it is the package's API without the PNG and terminal renderers (and their Node modules), so it runs in the Worker.
import browserQr from 'qrcode/lib/browser.js';

// A QR code as inline SVG markup, drawn on the server by the `qrcode` package (no script in the page).

const QRCode = browserQr as typeof QrCodeApi;

/** The SVG of a QR code carrying `text`, scaled by its container (give it a width in CSS). */
export const qrSvg = (text: string): Promise<string> =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
