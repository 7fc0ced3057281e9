import { minorToDecimal } from '../../lib/format';
import type { z } from 'zod';
import type { payoutListSchema, payoutSchema } from '../../lib/schemas/operator';
import { isoNow, newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { loadCustomization } from '../portal/customization';
import { payoutCreated } from '../webhooks/emit';
import type { Operator } from './keys';
import { PAYOUT_SQL, payoutView, type PayoutRow } from './queries';

const DAY_MS = 86_400_000;

/**
 * What a payout takes: approved monetary commissions in no payout, older than the holding period, and
 * every approved clawback in no payout (a clawback is deducted whatever its age).
 * Parameters: ?1 company, ?2 ambassador, ?3 cutoff (ISO time).
 */
const PAYABLE = `company_id = ?1 AND ambassador_uid = ?2 AND status = 'approved' AND payout_id IS NULL AND is_monetary = 1
  AND (kind = 'clawback' OR created_at <= ?3)`;

/**
 * POST /v1/operator/payouts {ambassador_uid, method, transaction_id?}: pays the ambassador what is payable
 * (customization `payouts.holding_days`, 0-90, default 30; `payouts.minimum_minor`, default 0). One batch:
 * 1. the payout row, inserted only while the payable set still has the count and sum that were read;
 * 2. those commissions marked paid with the payout's id (only rows still `approved` with no payout);
 * 3. a guard that aborts the whole batch (CHECK amount_minor > 0 on payouts) if the payout's commissions
 *    do not number exactly what was read, so a commission is never paid twice nor a payout left short;
 * 4. the activity row; 5. the payout as stored.
 * A payout that lost a race answers 409 and changes nothing.
 */
export async function createPayout(svc: ServiceContext, op: Operator, input: z.infer<typeof payoutSchema>) {
  const { db } = svc;
  const company = op.companyId;
  const [custom, ambassador] = await Promise.all([
    loadCustomization(db, company),
    db.prepare('SELECT uid FROM ambassadors WHERE company_id = ? AND uid = ?').bind(company, input.ambassador_uid).first(),
  ]);
  if (!ambassador) throw new ApiError('not_found', 'notFound');
  const { holding_days: holdingDays, minimum_minor: minimum } = custom.company.payouts;
  const cutoff = new Date(Date.now() - holdingDays * DAY_MS).toISOString();
  const sums = await db
    .prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS total, COALESCE(SUM(kind = 'commission'), 0) AS earned
       FROM commissions WHERE ${PAYABLE}`)
    .bind(company, input.ambassador_uid, cutoff)
    .first<{ n: number; total: number; earned: number }>();
  const { n, total, earned } = sums!;
  if (earned === 0) throw new ApiError('conflict', 'nothingPayable');
  if (total <= 0 || total < minimum) {
    throw new ApiError('conflict', 'payoutBelowMinimum', undefined, undefined, {
      amount: minorToDecimal(total, op.currency), minimum: minorToDecimal(minimum, op.currency),
    });
  }

  const uid = newUid('po');
  const now = isoNow();
  const payoutId = 'SELECT id FROM payouts WHERE company_id = ?1 AND uid = ?4';
  // ?1 company ?2 ambassador ?3 cutoff ?4 payout uid ?5 count ?6 total ?7 now
  const base = [company, input.ambassador_uid, cutoff, uid, n, total, now] as const;
  const results = await db.batch([
    db.prepare(
      `INSERT INTO payouts (uid, company_id, ambassador_uid, amount_minor, currency, payment_method, status, transaction_id, paid_at, created_at)
       SELECT ?4, ?1, ?2, ?6, ?8, ?9, 'paid', ?10, ?7, ?7
        WHERE (SELECT COUNT(*) FROM commissions WHERE ${PAYABLE}) = ?5
          AND (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions WHERE ${PAYABLE}) = ?6`,
    ).bind(...base, op.currency, input.method, input.transaction_id),
    db.prepare(`UPDATE commissions SET status = 'paid', payout_id = (${payoutId}), updated_at = ?7
       WHERE ${PAYABLE} AND EXISTS (${payoutId})`).bind(...base),
    // The guard: amount 0 breaks payouts' CHECK (amount_minor > 0) and rolls the batch back.
    db.prepare(
      `INSERT INTO payouts (company_id, ambassador_uid, amount_minor, currency, payment_method, status)
       SELECT ?1, ?2, 0, 'XXX', 0, 'failed'
        WHERE EXISTS (${payoutId}) AND ((SELECT COUNT(*) FROM commissions WHERE company_id = ?1 AND payout_id = (${payoutId})) <> ?5
          OR (SELECT COALESCE(SUM(amount_minor), 0) FROM commissions WHERE company_id = ?1 AND payout_id = (${payoutId})) <> ?6)
          AND ?7 IS NOT NULL`,
    ).bind(...base),
    db.prepare(
      `INSERT INTO activities (company_id, ambassador_uid, type, amount_minor, currency, status, payment_method, payout_id, event_data1, created_at)
       SELECT company_id, ambassador_uid, 'payout', amount_minor, currency, 'paid', payment_method, id, transaction_id, created_at
         FROM payouts WHERE company_id = ?1 AND uid = ?2`,
    ).bind(company, uid),
    db.prepare(`${PAYOUT_SQL} WHERE p.company_id = ? AND p.uid = ?`).bind(company, uid),
  ]).catch((err: unknown) => {
    // The guard fired: nothing was written.
    if (String((err as Error)?.message).includes('CHECK constraint failed')) throw new ApiError('conflict', 'payoutConflict');
    throw err;
  });
  const row = results.at(-1)!.results[0] as PayoutRow | undefined;
  if (!row) throw new ApiError('conflict', 'payoutConflict');
  await payoutCreated(svc, company, row);
  return { payout: payoutView(row) };
}

/** GET /v1/operator/payouts?ambassador_uid= - the company's payouts, newest first (at most 500). */
export async function listPayouts(svc: ServiceContext, op: Operator, input: z.infer<typeof payoutListSchema>) {
  const { db } = svc;
  const amb = input.ambassador_uid;
  const [known, rows] = await db.batch([
    db.prepare('SELECT COUNT(*) AS n FROM ambassadors WHERE company_id = ? AND uid = ?').bind(op.companyId, amb ?? ''),
    db.prepare(`${PAYOUT_SQL} WHERE p.company_id = ?1 AND (?2 IS NULL OR p.ambassador_uid = ?2) ORDER BY p.created_at DESC, p.id DESC LIMIT 500`)
      .bind(op.companyId, amb),
  ]);
  if (amb && (known!.results[0] as { n: number }).n === 0) throw new ApiError('not_found', 'notFound');
  const results = (rows!.results as unknown as PayoutRow[]).map(payoutView);
  return { count: results.length, results };
}
