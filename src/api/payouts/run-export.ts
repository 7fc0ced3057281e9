import { csvCell, csvLine } from '../../lib/csv-cell';
import { minorToDecimal } from '../../lib/format';
import { streamReply, type Reply } from '../core/endpoint';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import type { RunItemRow } from './run-queries';
import { loadRun } from './runs';

// GET /v1/operator/payout-runs/{uid}/export?format=paypal|wise: the run's items to pay (included, sent or
// paid; never excluded or failed) as the batch file PayPal Payouts or Wise takes, for a company that pays by
// hand. Text cells that a spreadsheet would run as a formula get a leading apostrophe (src/lib/csv-cell.ts).

type Format = 'paypal' | 'wise';

const HEADINGS: Record<Format, string[]> = {
  paypal: ['Email/Phone', 'Amount', 'Currency code', 'Reference ID', 'Note to recipient', 'Recipient wallet'],
  wise: ['name', 'recipientEmail', 'paymentReference', 'receiverType', 'amountCurrency', 'amount', 'sourceCurrency', 'targetCurrency'],
};

function line(format: Format, runUid: string, currency: string, i: RunItemRow): string {
  const amount = csvCell(minorToDecimal(i.amount_minor, currency), true);
  const email = i.paypal_email || i.email;
  const reference = `${runUid}-${i.ambassador_uid}`;
  if (format === 'paypal') {
    return csvLine([csvCell(email), amount, csvCell(currency), csvCell(reference), csvCell(`Payout ${runUid}`), 'PayPal']);
  }
  return csvLine([csvCell(i.name || i.email), csvCell(i.email), csvCell(reference), 'PRIVATE', csvCell(currency), amount, csvCell(currency), csvCell(currency)]);
}

export async function exportRun(svc: ServiceContext, op: Operator, uid: string, format: Format): Promise<Reply<string>> {
  const { run, items } = await loadRun(svc.db, op.companyId, uid);
  const toPay = items.filter((i) => i.status === 'included' || i.status === 'sent' || i.status === 'paid');
  const text = csvLine(HEADINGS[format]) + toPay.map((i) => line(format, run.uid, run.currency, i)).join('');
  return streamReply(text, 'text/csv; charset=utf-8', {
    'content-disposition': `attachment; filename="payout-run-${run.uid}-${format}.csv"`,
    'cache-control': 'private, no-store',
  }) as Reply<string>;
}
