import type { PayoutJourney } from '../../lib/schemas/payout-method';
import { ApiError } from '../core/errors';
import { batch, row } from '../core/named-batch';
import type { Caller, ServiceContext } from '../core/types';
import { journeyStatement, type JourneyRow } from './journey-queries';

// A payout's way to the ambassador (docs/payouts.md, "The ambassador's side"): scheduled in a run (the run's
// draft), sent (handed to PayPal, Stripe, the company's system, or recorded for the company to pay by hand),
// paid, or failed and why, with what came back to the balance (payout_returns, migration 0037). Read from the
// caller's own payout, its run item and its returns, all of the caller's company.

type Step = PayoutJourney['steps'][number];
const step = (s: Partial<Step> & Pick<Step, 'step'>): Step => ({ at: null, rail: null, reason: null, returned: null, ...s });

/** GET /v1/payouts/{id}/journey/ - the caller's payout (by number or uid) step by step. */
export async function payoutJourney(svc: ServiceContext, caller: Caller, id: string): Promise<PayoutJourney> {
  const key = /^\d{1,15}$/.test(id) ? Number(id) : id;
  const { p } = await batch(svc.db, { p: row<JourneyRow>(journeyStatement(svc.db, caller.company.id, caller.ambassador.uid, key)) });
  if (!p) throw new ApiError('not_found', 'notFound');
  const steps: Step[] = [];
  if (p.run_created_at) steps.push(step({ step: 'scheduled', at: p.run_created_at, rail: p.rail }));
  const failed = p.status === 'failed' || p.item_status === 'failed' || (p.returned ?? 0) > 0;
  // Handed over: a run's item once sent (a failed one only if a provider took it first); a payout made
  // outside a run was recorded when it was made.
  const handed = p.run_created_at ? p.item_status === 'sent' || p.item_status === 'paid' || (failed && !!p.provider_ref) : true;
  if (handed) steps.push(step({ step: 'sent', at: p.run_sent_at ?? p.created_at, rail: p.rail }));
  if (failed) {
    steps.push(step({
      step: 'failed', at: p.returned_at ?? p.item_updated_at, reason: p.return_reason ?? p.failure ?? 'failed', returned: p.returned ?? null,
    }));
  } else if (p.status === 'paid') steps.push(step({ step: 'paid', at: p.paid_at ?? p.created_at }));
  return { payout_uid: p.uid, steps };
}
