import type { OnceClaim } from '../core/batch-claim';
import { batch, row as one, write } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import { commissionOfTransactionStatement } from '../money/commission-queries';
import type { CommissionRow } from '../money/rows';
import { recordReferredConversion, type Referrer } from '../commissions/service';
import { readClickId, type ClickIdClaims } from '../sharing/click-id';
import {
  campaignByIdStatement, companyCurrencyStatement, referrerOfPersonalCodeStatement, referrerOfShareCodeStatement, referrerOfShareLinkStatement,
  referrerOfShortCodeStatement, rememberCustomerStatement, rememberedCustomerStatement, unattributedStatement, type AttributionCampaignRow,
  type RememberedCustomerRow, type SaleSource,
} from './queries';
import { keptRefundStatement, linkInvoicePaymentStatement } from './refund-queries';

/**
 * Store attribution: a sale reported by a store (a Stripe or Shopify webhook, the sale API) finds its
 * ambassador by itself, then goes in through the same path as the operator's own events
 * (recordReferredConversion: the campaign's rule, one commission per transaction, the fraud rules,
 * `commission.created`); its refunds go in through ./refunds.ts.
 */

/** What a sale carries that can name its ambassador, tried in this order (docs/track-api.md, "Which clue wins"). */
export interface SaleClues {
  /**
   * Click ids (`mbsy_cid`) the sale carries. Only an id the portal minted for this company counts
   * (src/api/sharing/click-id.ts): it names the link clicked by itself, so a store's own order id, a guess or
   * another company's id never selects anyone, and a sale right after the redirect needs no stored click.
   */
  clickIds?: readonly (string | null | undefined)[];
  /** The `mbsy` of the landing URL: a share link's short code (or a retired one), or the ambassador's share code. */
  shortCode?: string | null;
  /** Codes typed at checkout (discount codes): an ambassador's personal code or share code. */
  personalCodes?: readonly string[];
  /** A customer remembered from an earlier sale or lead (the last resort). */
  customer?: { provider: SaleSource; externalId: string } | null;
}

export type AttributedBy = 'click_id' | 'short_code' | 'personal_code' | 'customer';

const MAX_CODES = 10;
const clean = (v: string | null | undefined, max: number) => {
  const t = (v ?? '').trim();
  return t && t.length <= max ? t : null;
};
const unique = (values: readonly (string | null | undefined)[], max: number) =>
  [...new Set(values.map((v) => clean(v, max)).filter((v): v is string => !!v))];

/** What a sale's clues found: the referrer, which clue, and what the fraud rules look at. */
export interface FoundReferrer {
  by: AttributedBy;
  referrer: Referrer;
  /** The click id that credited the sale (kept on the commission), when one did. */
  clickUid: string | null;
  /** Every verified click id the sale came with, and its lead's: the own-click rule compares their visitors. */
  clickUids: string[];
  /** The customer as a lead described them (shown on the commission when the sale says less; checked by the rules). */
  lead: { email: string | null; name: string | null } | null;
}

/**
 * The referrer the first clue that matches names (tenant-scoped: another company's ids and codes never
 * match), or null. Click ids are checked by their signature before anything is read.
 */
export async function resolveReferrer(svc: Pick<ServiceContext, 'env' | 'db'>, companyId: string, clues: SaleClues): Promise<FoundReferrer | null> {
  const { db } = svc;
  const candidates = unique(clues.clickIds ?? [], 64).slice(0, 3);
  const verified = (await Promise.all(candidates.map(async (id) => ({ id, claims: await readClickId(svc.env, companyId, id) }))))
    .filter((v): v is { id: string; claims: ClickIdClaims } => v.claims !== null);
  const shortCode = clean(clues.shortCode, 64);
  const codes = unique(clues.personalCodes ?? [], 64).slice(0, MAX_CODES);
  const customer = clues.customer && clean(clues.customer.externalId, 255) ? clues.customer : null;
  const found = await batch(db, {
    ...Object.fromEntries(verified.map((v, i) => [`click${i}`, one<Referrer>(referrerOfShareLinkStatement(db, companyId, v.claims.shareLinkUid))])),
    link: one<Referrer>(referrerOfShortCodeStatement(db, companyId, shortCode ?? '')),
    linkShareCode: one<Referrer>(referrerOfShareCodeStatement(db, companyId, shortCode ?? '')),
    ...Object.fromEntries(codes.flatMap((code, i) => [
      [`code${i}`, one<Referrer>(referrerOfPersonalCodeStatement(db, companyId, code))],
      [`shareCode${i}`, one<Referrer>(referrerOfShareCodeStatement(db, companyId, code))],
    ])),
    customer: one<RememberedCustomerRow>(rememberedCustomerStatement(db, companyId, customer?.provider ?? 'api', customer?.externalId ?? '')),
  }) as unknown as Record<string, Referrer | null>;
  const clickAt = verified.findIndex((_, i) => found[`click${i}`]);
  const byCode = codes.map((_, i) => found[`code${i}`] ?? found[`shareCode${i}`]).find(Boolean);
  const remembered = customer ? (found.customer as RememberedCustomerRow | null) : null;
  const order: [AttributedBy, Referrer | null | undefined][] = [
    ['click_id', clickAt >= 0 ? found[`click${clickAt}`] : null],
    ['short_code', shortCode ? found.link ?? found.linkShareCode : null],
    ['personal_code', byCode],
    ['customer', remembered],
  ];
  const hit = order.find(([, r]) => r);
  if (!hit) return null;
  const referrer = { ambassador_uid: hit[1]!.ambassador_uid, uid: hit[1]!.uid, campaign_id: hit[1]!.campaign_id };
  const lead = hit[0] === 'customer' && remembered ? remembered : null;
  const clickUids = [...verified.map((v) => v.id), ...(lead?.click_uid ? [lead.click_uid] : [])];
  return {
    by: hit[0], referrer, clickUid: hit[0] === 'click_id' ? verified[clickAt]!.id : lead?.click_uid ?? null, clickUids,
    lead: lead ? { email: lead.email, name: lead.name } : null,
  };
}

/** A paid sale as a store reports it: integer minor units of `currency` (ISO 4217, any case). */
export interface StoreSale {
  source: SaleSource;
  transactionUid: string;
  revenueMinor: number;
  currency: string;
  customer: { email: string | null; name: string; externalId: string | null };
  clues: SaleClues;
  /** What the sale was, kept on the commission (event_data2) as data: `recordText('records.stripeCheckout', 'cs_...')` (src/lib/system-text.ts). */
  note?: string | null;
  /** The conversion's event (default first); a second event of a transaction is its own commission. */
  eventType?: 'first' | 'second';
}

export type SaleOutcome =
  | { result: 'created' | 'existing'; by: AttributedBy; commission: CommissionRow }
  | { result: 'unattributed'; reason: string };

/**
 * Credits a sale to the ambassador its clues name; a sale nobody can be credited for (or in another currency
 * than the company's) is kept as unattributed with the reason. The customer is remembered with the
 * referrer of their first credited sale, for later invoices. `claim`: a store event's (src/api/attribution/hook-events.ts),
 * taken by the batch of the commission (or of the unattributed sale) unless refunds kept for the sale will be
 * applied after it: then the caller's applyKnownRefunds takes it.
 */
export async function attributeSale(svc: ServiceContext, companyId: string, sale: StoreSale, claim: OnceClaim | null = null): Promise<SaleOutcome> {
  const found = await resolveReferrer(svc, companyId, sale.clues);
  if (!found) return unattributed(svc, companyId, sale, 'No click id, share code, personal code or remembered customer matched.', claim);
  return credit(svc, companyId, sale, found, null, claim);
}

/**
 * A recurring payment (a subscription's invoice) of a remembered customer: a commission when the campaign's
 * rule has `recurring` on and the customer's first sale is less than `months` ago (null: for good).
 * `ignored`: an unknown customer (a store bills others than referred customers), or recurring is off.
 * `paymentRefs`: the payments that paid the invoice (Stripe), remembered with its commission so that their
 * refunds find it (./refunds.ts). `claim` as attributeSale's.
 */
export async function attributeRecurring(
  svc: ServiceContext, companyId: string, sale: StoreSale & { customer: { externalId: string } }, paidAt: Date,
  claim: OnceClaim | null = null, paymentRefs: readonly string[] = [],
): Promise<SaleOutcome | { result: 'ignored'; reason: string }> {
  const { db } = svc;
  const provider = sale.source;
  const remembered = await rememberedCustomerStatement(db, companyId, provider, sale.customer.externalId).first<RememberedCustomerRow>();
  if (!remembered) return { result: 'ignored', reason: 'Not a referred customer.' };
  const campaign = await campaignByIdStatement(db, companyId, remembered.campaign_id).first<AttributionCampaignRow>();
  if (!campaign?.commission_recurring) return { result: 'ignored', reason: 'The campaign pays no recurring commission.' };
  const months = campaign.commission_recurring_months;
  if (months !== null) {
    const end = new Date(remembered.first_seen_at);
    end.setUTCMonth(end.getUTCMonth() + months);
    if (paidAt >= end) return { result: 'ignored', reason: `The campaign pays recurring commission for ${months} months.` };
  }
  const found: FoundReferrer = {
    by: 'customer', referrer: remembered, clickUid: remembered.click_uid, clickUids: remembered.click_uid ? [remembered.click_uid] : [],
    lead: { email: remembered.email, name: remembered.name },
  };
  return credit(svc, companyId, sale, found, campaign, claim, paymentRefs);
}

async function credit(
  svc: ServiceContext, companyId: string, sale: StoreSale, found: FoundReferrer, known: AttributionCampaignRow | null,
  claim: OnceClaim | null, paymentRefs: readonly string[] = [],
): Promise<SaleOutcome> {
  const { db } = svc;
  const { referrer, by } = found;
  const refs = [...new Set(paymentRefs)].slice(0, MAX_PAYMENT_REFS);
  const { company, campaign, existing, kept } = await batch(db, {
    company: one<{ currency: string }>(companyCurrencyStatement(db, companyId)),
    campaign: one<AttributionCampaignRow>(campaignByIdStatement(db, companyId, referrer.campaign_id)),
    existing: one<CommissionRow>(commissionOfTransactionStatement(db, companyId, sale.transactionUid, sale.eventType ?? 'first')),
    kept: one<{ kept: number }>(keptRefundStatement(db, companyId, sale.source, sale.transactionUid, refs)),
  });
  if (existing) {
    // Written before whatever the event does last (the claim's batch): idempotent by the payment's own key.
    if (refs.length) await batch(db, Object.fromEntries(refs.map((ref, i) => [`link${i}`, write(linkInvoicePaymentStatement(db, companyId, ref, sale.transactionUid))])));
    return { result: 'existing', by, commission: existing };
  }
  const currency = sale.currency.toUpperCase();
  if (!company || !(known ?? campaign)) return unattributed(svc, companyId, sale, 'The referrer is no longer in the program.', claim);
  if (currency !== company.currency) {
    return unattributed(svc, companyId, sale, `Paid in ${currency}; commissions of this program are in ${company.currency}.`, claim);
  }
  // The sale's own word on the customer first; what the lead said fills the gaps (and is checked by the rules too).
  const email = (sale.customer.email || found.lead?.email || '').toLowerCase();
  const name = sale.customer.name || found.lead?.name || '';
  // A refund kept for this sale is applied after its commission: the claim goes with that refund, not here.
  const taken = kept ? null : claim?.take() ?? null;
  const when = taken?.sql ?? '1';
  const externalId = sale.customer.externalId;
  const { created, row } = await recordReferredConversion(svc, companyId, (known ?? campaign)!, referrer, {
    transactionUid: sale.transactionUid, eventType: sale.eventType ?? 'first', revenueMinor: sale.revenueMinor, currency, isApproved: false,
    customer: { email, name },
    eventData: [sale.transactionUid, sale.note ?? null, null],
    screen: { clickUids: found.clickUids, emails: found.lead?.email ? [found.lead.email] : [] },
    clickUid: found.clickUid,
  }, {
    claim: taken,
    then: {
      ...(externalId ? { rememberCustomer: write(rememberCustomerStatement(db, companyId, sale.source, externalId, referrer, {}, when)) } : {}),
      ...Object.fromEntries(refs.map((ref, i) => [`link${i}`, write(linkInvoicePaymentStatement(db, companyId, ref, sale.transactionUid, when))])),
    },
  });
  return { result: created ? 'created' : 'existing', by, commission: row };
}

/** The payments of one invoice remembered with it, at most (an invoice is paid by one, rarely a few). */
const MAX_PAYMENT_REFS = 4;

async function unattributed(svc: ServiceContext, companyId: string, sale: StoreSale, reason: string, claim: OnceClaim | null): Promise<SaleOutcome> {
  const taken = claim?.take() ?? null;
  await batch(svc.db, {
    ...(taken ? { claim: taken.step } : {}),
    unattributed: write(unattributedStatement(svc.db, companyId, {
      source: sale.source, transactionUid: sale.transactionUid, revenueMinor: sale.revenueMinor, currency: sale.currency.toUpperCase(),
      customerExternalId: sale.customer.externalId, customerEmail: sale.customer.email, reason,
    }, taken?.sql)),
  });
  return { result: 'unattributed', reason };
}
