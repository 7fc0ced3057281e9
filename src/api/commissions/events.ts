import type { ServiceContext } from '../core/types';
import type { CommissionRow } from '../money/rows';
import { rowEvents } from '../webhooks/events';
import { deniedCommissionSource, newCommissionSource } from './queries';
import { commissionView } from './view';

type EventContext = Pick<ServiceContext, 'db' | 'env' | 'waitUntil'>;

/**
 * `commission.created`, then `commission.held` when a fraud rule held it (data: the commission, whose
 * `held_reason` says which), or `commission.approved` when the conversion came approved: steps of the
 * conversion's own batch (money recordConversion's `then`), written only with the commission of `planned.uid`
 * (this request's), its payload the view of `planned` with what the batch decided (src/api/commissions/queries.ts).
 */
export function commissionCreatedEvents(svc: EventContext, companyId: string, planned: CommissionRow) {
  const data = { commission: commissionView(planned) };
  return rowEvents(svc, companyId, [
    { type: 'commission.created', data, source: newCommissionSource(planned.uid) },
    { type: 'commission.held', data, source: newCommissionSource(planned.uid, 'm.held_reason IS NOT NULL') },
    { type: 'commission.approved', data, source: newCommissionSource(planned.uid, "m.held_reason IS NULL AND m.status = 'approved'") },
  ]);
}

/**
 * `commission.denied` of a full refund, as a step of the refund's batch: receivers hear of it as of a denial by
 * hand (their copy would stay pending or approved for good otherwise). `denied` is the commission as the refund
 * leaves it, `now` the refund's time (the row's updated_at).
 */
export function commissionDeniedEvents(svc: EventContext, companyId: string, denied: CommissionRow, now: string) {
  return rowEvents(svc, companyId, [
    { type: 'commission.denied', data: { commission: commissionView(denied) }, source: deniedCommissionSource(denied.id, now) },
  ], 'deniedEvent');
}
