import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney } from '../../lib/format';
import { t, type Language } from '../../lib/i18n';
import type { InvoiceLineRow, InvoiceRow } from './self-billing-queries';

// A self-billed invoice as a PDF (pdf-lib, docs/tax-forms.md): A4, the 14 standard fonts, so nothing but the code
// goes into the Worker. The standard fonts write WinAnsi (Western European) text: a character outside it loses
// its accent (ł, ą, ő become l, a, o) rather than failing the invoice.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const SIZE = 10;
const LINE = 14;

/** Characters WinAnsi lacks that do not decompose into a base letter and a mark. */
const FALLBACK: Record<string, string> = {
  'ł': 'l', 'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ı': 'i', 'ħ': 'h', 'Ħ': 'H', '\u202f': ' ', '\u2009': ' ', '\u2212': '-',
};

/** `text` in what the font can write: each other character without its accent, or its plain stand-in, or '?'. */
export function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (known.has(ch.codePointAt(0)!)) out += ch;
    else if (FALLBACK[ch]) out += FALLBACK[ch];
    else {
      const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
      out += base && [...base].every((c) => known.has(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}

export interface InvoiceDocument {
  invoice: InvoiceRow;
  payoutUid: string;
  paidAt: string;
  lines: InvoiceLineRow[];
}

/** The invoice's PDF bytes, in the language it was issued in. */
export async function invoicePdf({ invoice, payoutUid, paidAt, lines }: InvoiceDocument): Promise<Uint8Array> {
  const lang = invoice.language as Language;
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const issued = new Date(invoice.issued_at);
  const title = `${t(lang, 'invoiceTitle')} ${invoice.invoice_number}`;
  doc.setTitle(writable(regular, title));
  doc.setAuthor(writable(regular, invoice.issuer_name));
  doc.setCreator('Ambassador portal');
  doc.setProducer('pdf-lib');
  doc.setLanguage(lang);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const newPageIfFull = (needed = LINE) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  /** Writes `text` from `x`, wrapped to `maxWidth`, and moves down. */
  const write = (text: string, opts: { font?: PDFFont; size?: number; x?: number; maxWidth?: number } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? SIZE;
    const x = opts.x ?? MARGIN;
    const maxWidth = opts.maxWidth ?? width - (x - MARGIN);
    for (const line of wrap(font, writable(font, text), size, maxWidth)) {
      newPageIfFull(size + 4);
      page.drawText(line, { x, y: y - size, size, font, color: rgb(0, 0, 0) });
      y -= size + 4;
    }
  };
  const gap = (h = LINE / 2) => {
    y -= h;
  };
  const date = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const day = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  const money = (minor: number) => formatMoney(minor, invoice.currency, lang);

  write(t(lang, 'invoiceTitle'), { font: bold, size: 18 });
  gap();
  write(`${t(lang, 'invoiceNumber')}: ${invoice.invoice_number}`, { font: bold });
  write(`${t(lang, 'invoiceDate')}: ${date(invoice.issued_at)}`);
  write(t(lang, 'invoicePayout', { id: payoutUid, date: date(paidAt) }));
  gap(LINE);

  // The two parties side by side: the supplier (the ambassador, who supplies the service) and the customer (the company, who issues the invoice).
  const column = (width - 20) / 2;
  const top = y;
  const party = (heading: string, name: string, address: string, vatId: string | null, x: number) => {
    y = top;
    write(heading, { font: bold, x, maxWidth: column });
    write(name, { x, maxWidth: column });
    write(address, { x, maxWidth: column });
    if (vatId) write(`${t(lang, 'invoiceVatId')}: ${vatId}`, { x, maxWidth: column });
    return y;
  };
  const left = party(t(lang, 'invoiceSupplier'), invoice.supplier_name, invoice.supplier_address, invoice.supplier_vat_id, MARGIN);
  const right = party(t(lang, 'invoiceCustomer'), invoice.issuer_name, invoice.issuer_address, invoice.issuer_vat_id, MARGIN + column + 20);
  y = Math.min(left, right);
  gap(LINE);

  // The commissions the payout settled: date, campaign and reference wrapped within their columns (a reference is
  // never cut), the amount right-aligned; the heading again on each new page.
  const cols = [MARGIN, MARGIN + 80, MARGIN + 230, A4[0] - MARGIN - 95, A4[0] - MARGIN];
  const heading: [string, string, string, string] = [
    t(lang, 'invoiceColDate'), t(lang, 'invoiceColCampaign'), t(lang, 'invoiceColReference'), t(lang, 'invoiceColAmount'),
  ];
  const row = (cells: [string, string, string, string], font: PDFFont, repeatHeading = true) => {
    const wrapped = cells.slice(0, 3).map((c, i) => wrap(font, writable(font, c), SIZE, cols[i + 1]! - cols[i]! - 8));
    const height = Math.max(...wrapped.map((w) => w.length)) * LINE;
    if (y - height < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      if (repeatHeading) row(heading, bold, false);
    }
    wrapped.forEach((cellLines, i) => cellLines.forEach((line, n) => {
      page.drawText(line, { x: cols[i]!, y: y - SIZE - n * LINE, size: SIZE, font });
    }));
    const amount = writable(font, cells[3]);
    page.drawText(amount, { x: cols[4]! - font.widthOfTextAtSize(amount, SIZE), y: y - SIZE, size: SIZE, font });
    y -= height;
  };
  row(heading, bold, false);
  for (const l of lines) {
    const what = l.kind === 'clawback' ? t(lang, 'invoiceClawback') : l.campaign_name ?? '';
    row([day(l.created_at), what, l.transaction_id, money(l.amount_minor)], regular);
  }
  newPageIfFull(LINE * 3);
  page.drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: A4[0] - MARGIN, y: y - 2 }, thickness: 0.5 });
  y -= 6;
  row(['', '', t(lang, 'invoiceTotal'), money(invoice.amount_minor)], bold, false);
  gap(LINE);

  write(t(lang, 'invoiceSelfBilling'), { font: bold });
  if (invoice.reverse_charge) write(t(lang, 'invoiceReverseCharge'), { font: bold });

  return doc.save({ useObjectStreams: false });
}

/** `text` in lines no wider than `maxWidth`, broken at spaces (a word wider than a line is broken where it must). */
function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth) current = next;
    else {
      if (current) lines.push(current);
      current = word;
      // A word wider than the line (a long reference) is broken, never cut.
      while (font.widthOfTextAtSize(current, size) > maxWidth && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > maxWidth) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
