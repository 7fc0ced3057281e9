import type { z } from 'zod';
import type { TrackedLead, TrackedSale, trackLeadSchema, trackSaleSchema } from '../../lib/schemas/attribution';
import { fieldError } from '../core/errors';
import { batch, row as one, written } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import { commissionView } from '../commissions/view';
import { rememberCustomerStatement, rememberedCustomerStatement, type RememberedCustomerRow } from './queries';
import { recordDelivery } from './deliveries';
import { attributeSale, resolveReferrer } from './service';

/**
 * POST /v1/track/lead: the customer is remembered with the ambassador of the click (a click id the portal
 * minted: its signature names the link) or of a code (a share link's code, the ambassador's share code or a
 * personal code), with what the lead says of them (e-mail, name: shown on their later sales and checked by the
 * fraud rules there). A customer linked before keeps their first ambassador. 201 when linked now, 200 before.
 */
export async function trackLead(
  svc: ServiceContext, companyId: string, input: z.infer<typeof trackLeadSchema>,
): Promise<{ created: boolean; body: TrackedLead }> {
  const { db } = svc;
  const [found, before] = await Promise.all([
    resolveReferrer(svc, companyId, {
      clickIds: [input.click_id], shortCode: input.referral_code ?? null, personalCodes: input.referral_code ? [input.referral_code] : [],
    }),
    rememberedCustomerStatement(db, companyId, 'api', input.customer_external_id).first<RememberedCustomerRow>(),
  ]);
  if (before) return { created: false, body: leadView(input.customer_external_id, before) };
  if (!found) {
    throw input.click_id
      ? fieldError('click_id', 'This is not a click id of this program: send the mbsy_cid the share link added to the landing URL.')
      : fieldError('referral_code', 'No ambassador of this program has this code.');
  }
  const facts = { email: input.email ?? null, name: input.name ?? null, clickUid: found.clickUid };
  const { remembered, now } = await batch(db, {
    remembered: written(rememberCustomerStatement(db, companyId, 'api', input.customer_external_id, found.referrer, facts)),
    now: one<RememberedCustomerRow>(rememberedCustomerStatement(db, companyId, 'api', input.customer_external_id)),
  });
  return { created: remembered === 1, body: leadView(input.customer_external_id, now!) };
}

const leadView = (customer: string, r: RememberedCustomerRow) => ({
  customer_external_id: customer, ambassador_uid: r.ambassador_uid, share_link_uid: r.uid, first_seen_at: r.first_seen_at,
});

/**
 * POST /v1/track/sale: a conversion credited by the click id, else the code, else the customer's lead; idempotent by
 * `invoice_id` (and event type): 201 when the commission is made, 200 after. A sale nobody can be credited
 * for is kept as unattributed (200, `commission: null` and the reason).
 */
export async function trackSale(
  svc: ServiceContext, companyId: string, input: z.infer<typeof trackSaleSchema>,
): Promise<{ created: boolean; body: TrackedSale }> {
  const customer = input.customer_external_id ?? null;
  const out = await attributeSale(svc, companyId, {
    source: 'api', transactionUid: input.invoice_id, revenueMinor: input.amount, currency: input.currency, eventType: input.event_type,
    customer: { email: input.email ?? null, name: input.name ?? '', externalId: customer },
    clues: {
      clickIds: [input.click_id], shortCode: input.referral_code ?? null, personalCodes: input.referral_code ? [input.referral_code] : [],
      customer: customer ? { provider: 'api', externalId: customer } : null,
    },
  });
  // The log keeps the word a store would see: `created`, `existing` (this invoice was credited before), `unattributed`.
  await recordDelivery(svc.db, companyId, 'script', {
    eventId: input.invoice_id, eventType: input.event_type ?? null, result: out.result,
    reason: out.result === 'unattributed' ? out.reason : null, commissionUid: out.result === 'unattributed' ? null : out.commission.uid,
  });
  if (out.result === 'unattributed') return { created: false, body: { commission: null, attributed_by: null, unattributed_reason: out.reason } };
  return {
    created: out.result === 'created',
    body: { commission: commissionView(out.commission), attributed_by: out.by, unattributed_reason: null },
  };
}
