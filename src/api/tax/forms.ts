import type { z } from 'zod';
import type { TaxForm, TaxFormAnswer, TaxFormKind, taxFormSchema } from '../../lib/schemas/tax';
import { isoNow, newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { Caller, ServiceContext } from '../core/types';
import { encryptTaxId, maskTaxId, TaxKeyMissing } from './tax-id-cipher';
import { activeTaxForm, paidBetween, replaceTaxFormStatements, taxYearRows, type TaxFormRow } from './queries';

/** A calendar year (UTC) as the ISO bounds [from, to) payouts are summed between. */
export const yearBounds = (year: number) => ({ from: `${year}-01-01T00:00:00.000Z`, to: `${year + 1}-01-01T00:00:00.000Z` });

export const taxFormView = (r: TaxFormRow): TaxForm => ({
  uid: r.uid, kind: r.kind, legal_name: r.legal_name, country: r.country, address: r.address,
  tax_id_masked: maskTaxId(r.kind, r.tax_id_last4), signed_name: r.signed_name, signed_at: r.signed_at, status: r.status, created_at: r.created_at,
});

/** GET /v1/ambassadors/{id}/tax_form/ - the caller's active form, masked. */
export async function getTaxForm(svc: ServiceContext, caller: Caller): Promise<TaxFormAnswer> {
  const row = await activeTaxForm(svc.db, caller.principal.companyId, caller.ambassador.uid);
  return { tax_form: row ? taxFormView(row) : null };
}

/**
 * POST /v1/ambassadors/{id}/tax_form/ - a new signed form: the taxpayer id encrypted (./tax-id-cipher.ts), the
 * active form superseded and the new one inserted in one batch.
 */
export async function submitTaxForm(svc: ServiceContext, caller: Caller, input: z.output<typeof taxFormSchema>): Promise<TaxFormAnswer> {
  const companyId = caller.principal.companyId;
  const ambassadorUid = caller.ambassador.uid;
  let cipher: string;
  try {
    cipher = await encryptTaxId(svc.env.TAX_ID_KEY, companyId, ambassadorUid, input.tax_id);
  } catch (err) {
    if (err instanceof TaxKeyMissing) throw new ApiError('conflict', 'taxFormsUnavailable');
    throw err;
  }
  const now = isoNow();
  const form: Omit<TaxFormRow, 'status'> = {
    uid: newUid('tf'), ambassador_uid: ambassadorUid, kind: input.kind, legal_name: input.legal_name, country: input.country,
    address: input.address, tax_id_cipher: cipher, tax_id_last4: input.tax_id.replace(/[^A-Za-z0-9]/g, '').slice(-4),
    signed_name: input.signed_name, signed_at: now, created_at: now,
  };
  await svc.db.batch(replaceTaxFormStatements(svc.db, companyId, form));
  return { tax_form: taxFormView({ ...form, status: 'active' }) };
}

/**
 * Whether a payout of `wouldPay` must wait for a tax form: the company's yearly threshold (customization
 * `payouts.tax_form_threshold_minor`, 0: off) is passed by this year's payouts plus it, and no form is on file.
 */
export async function taxFormMissing(db: D1Database, companyId: string, ambassadorUid: string, threshold: number, wouldPay: number, now = new Date()) {
  if (threshold <= 0) return false;
  const { from, to } = yearBounds(now.getUTCFullYear());
  const [paid, form] = await Promise.all([paidBetween(db, companyId, ambassadorUid, from, to), activeTaxForm(db, companyId, ambassadorUid)]);
  return !form && (paid ?? 0) + Math.max(wouldPay, 0) > threshold;
}

/** Every ambassador's standing this year, for a list of payouts: `missing(uid, wouldPay)` as `taxFormMissing` says it. */
export async function taxStandings(db: D1Database, companyId: string, threshold: number, now = new Date()) {
  if (threshold <= 0) return { missing: (_uid: string, _wouldPay: number) => false };
  const { from, to } = yearBounds(now.getUTCFullYear());
  const { results } = await taxYearRows(db, companyId, from, to);
  const byUid = new Map(results.map((r) => [r.uid, { paid: r.paid_total, form: r.kind as TaxFormKind | null }]));
  return {
    missing: (uid: string, wouldPay: number) => {
      const s = byUid.get(uid);
      return !s?.form && (s?.paid ?? 0) + Math.max(wouldPay, 0) > threshold;
    },
  };
}
