import type { z } from 'zod';
import { minorToDecimal } from '../../lib/format';
import { csvCell, csvLine } from '../../lib/csv-cell';
import type { TaxSummary, taxYearQuery } from '../../lib/schemas/tax';
import { streamReply, type Reply } from '../core/endpoint';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { recordAudit } from '../audit/record';
import { loadCustomization } from '../companies/customization';
import { yearBounds } from './forms';
import { taxYearRows } from './queries';
import { decryptTaxId, maskTaxId, TaxKeyMissing } from './tax-id-cipher';

const yearOf = (q: z.output<typeof taxYearQuery>) => q.year ?? new Date().getUTCFullYear();

/** GET /v1/operator/tax/summary?year= - per ambassador paid in the year or with a form: the total, the form (masked). */
export async function taxSummary(svc: ServiceContext, op: Operator, q: z.output<typeof taxYearQuery>): Promise<TaxSummary> {
  const year = yearOf(q);
  const { from, to } = yearBounds(year);
  const [custom, { results }] = await Promise.all([loadCustomization(svc.db, op.companyId), taxYearRows(svc.db, op.companyId, from, to)]);
  const threshold = custom.company.payouts.tax_form_threshold_minor;
  return {
    year, currency: op.currency, threshold,
    results: results.map((r) => ({
      ambassador_uid: r.uid, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email, paid_total: r.paid_total,
      form_kind: r.kind, tax_id_masked: r.kind && r.tax_id_last4 ? maskTaxId(r.kind, r.tax_id_last4) : null,
      form_required: threshold > 0 && !r.kind && r.paid_total > threshold,
    })),
  };
}

const HEADINGS = ['ambassador_uid', 'email', 'form_kind', 'legal_name', 'tax_id', 'country', 'address', 'signed_name', 'signed_at', 'paid_total', 'currency'];

/**
 * GET /v1/operator/tax/export?year= - the filing export: one CSV row per ambassador paid in the year or with a
 * form, with the decrypted taxpayer id. The export itself is written to the audit log (a read, which the route
 * does not record by itself): who took the ids, of which year, how many rows; never an id.
 */
export async function exportTaxForms(svc: ServiceContext, op: Operator, q: z.output<typeof taxYearQuery>): Promise<Reply<string>> {
  const year = yearOf(q);
  const { from, to } = yearBounds(year);
  const { results } = await taxYearRows(svc.db, op.companyId, from, to);
  let body = csvLine(HEADINGS);
  try {
    for (const r of results) {
      const taxId = r.tax_id_cipher ? await decryptTaxId(svc.env.TAX_ID_KEY, op.companyId, r.uid, r.tax_id_cipher) : '';
      body += csvLine([
        csvCell(r.uid), csvCell(r.email), csvCell(r.kind), csvCell(r.legal_name), csvCell(taxId), csvCell(r.country), csvCell(r.address),
        csvCell(r.signed_name), csvCell(r.signed_at), csvCell(minorToDecimal(r.paid_total, op.currency), true), csvCell(op.currency),
      ]);
    }
  } catch (err) {
    if (err instanceof TaxKeyMissing) throw new ApiError('conflict', 'taxFormsUnavailable');
    throw err;
  }
  await recordAudit(svc, {
    operationId: 'exportTaxForms', method: 'GET', path: `/v1/operator/tax/export?year=${year}`, actor: op.actor,
    input: { year }, before: null, after: { rows: results.length, with_tax_id: results.filter((r) => r.tax_id_cipher).length },
  });
  return streamReply(body, 'text/csv; charset=utf-8', {
    'content-disposition': `attachment; filename="tax-filing-${year}.csv"`,
    'cache-control': 'private, no-store',
  }) as Reply<string>;
}
