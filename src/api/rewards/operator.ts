import type { z } from 'zod';
import type {
  completeRedemptionSchema, failRedemptionSchema, OperatorRedemptionList, redemptionListSchema, SettledRedemption,
} from '../../lib/schemas/rewards-catalog';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { REDEMPTION_SQL, type RedemptionRow } from '../money/rows';
import { settle } from './redeem';
import { operatorRedemptionsStatement, type OperatorRedemptionRow } from './queries';
import { redemptionView } from './redemption-view';

// The operator settles the redemptions the company fulfils itself (a hoodie shipped, a card sent by hand):
// the same settlement as a provider's answer, so the hold is posted or released once.

const notFound = () => new ApiError('not_found', 'notFound');

async function processingRedemption(db: D1Database, companyId: string, id: string) {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound();
  const row = await db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.id = ?`).bind(companyId, n).first<RedemptionRow>();
  if (!row) throw notFound();
  if (row.status !== 'processing') throw new ApiError('conflict', 'redemptionAlreadySettled');
  return row;
}

const readBack = async (db: D1Database, companyId: string, id: number) =>
  redemptionView((await db.prepare(`${REDEMPTION_SQL} WHERE d.company_id = ? AND d.id = ?`).bind(companyId, id).first<RedemptionRow>())!);

/** POST /v1/operator/redemptions/{id}/complete - the company fulfilled it (e.g. shipped the hoodie): the hold is posted. */
export async function completeRedemption(
  svc: ServiceContext, op: Operator, id: string, input: z.output<typeof completeRedemptionSchema>,
): Promise<SettledRedemption> {
  const row = await processingRedemption(svc.db, op.companyId, id);
  const d = input.details;
  await settle(svc, null, op.companyId, row.idempotency_key, 'operator', {
    status: 'issued',
    details: {
      card_name: row.reward_name ?? `${row.vault_item_name ?? ''} ${row.variant_name ?? ''}`.trim(), card_number: d.card_number ?? null,
      card_code: d.card_code ?? null, card_pin: d.card_pin ?? null, redemption_url: d.redemption_url ?? null, security_url: d.security_url ?? null,
      security_code: d.security_code ?? null, order_id: d.order_id ?? `OP-${row.id}`,
    },
  });
  return { redemption: await readBack(svc.db, op.companyId, row.id) };
}

/** POST /v1/operator/redemptions/{id}/fail - the company cannot fulfil it: the hold is released, the stock returned. */
export async function failRedemption(
  svc: ServiceContext, op: Operator, id: string, input: z.output<typeof failRedemptionSchema>,
): Promise<SettledRedemption> {
  const { db } = svc;
  const row = await processingRedemption(db, op.companyId, id);
  await settle(svc, null, op.companyId, row.idempotency_key, 'operator', { status: 'failed', reason: input.reason ?? 'rewardUnavailable' });
  return { redemption: await readBack(db, op.companyId, row.id) };
}


/**
 * GET /v1/operator/redemptions?status=processing,failed - the company's redemptions of those statuses (default:
 * processing, the ones waiting for the company), newest first (at most 500), with who redeemed them.
 */
export async function listRedemptions(
  svc: ServiceContext, op: Operator, input: z.output<typeof redemptionListSchema>,
): Promise<OperatorRedemptionList> {
  const { results } = await operatorRedemptionsStatement(svc.db, op.companyId, input.status, input.order).all<OperatorRedemptionRow>();
  return {
    count: results.length,
    results: results.map((r) => ({
      ...redemptionView(r),
      ambassador: { uid: r.ambassador_uid, email: r.ambassador_email, name: r.ambassador_name },
      campaign_uid: r.campaign_uid,
    })),
  };
}
