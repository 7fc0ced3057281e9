import type { ServiceContext } from '../../core/types';
import { Stripe, stripeFor } from './stripe-client';
import { runSentAtStatement, stripeKeyStatement } from './stripe-queries';
import type { ItemOutcome, Rail, RailAnswer, RailItem, RailRun } from './types';

// Stripe Connect (docs/payouts.md#stripe-connect): one transfer per item from the company's Stripe balance to the
// ambassador's connected account. A transfer Stripe made is final for us (`paid`): the money is in the connected
// account, whose own payouts to the bank are Stripe's and the ambassador's; a transfer reversed later is a
// `failed` item (`reversed`) and the money comes back to the ambassador's payable balance.

/** Items handed to Stripe at once (each transfer is one call). */
const CONCURRENCY = 4;
/** How long a run may have been sending before a transfer Stripe does not list is taken as never made. */
const NOT_SENT_AFTER_MS = 60 * 60 * 1000;

/** The idempotency key of an item's transfer: a retried send never transfers twice (Stripe keeps keys 24 h). */
export const transferKey = (itemKey: string) => `payout-item-${itemKey}`;

/** Whether the company can pay through Stripe: its Stripe integration holds a secret key. */
export async function stripeConfigured(svc: ServiceContext, companyId: string): Promise<boolean> {
  const row = await stripeKeyStatement(svc.db, companyId).first<{ api_key_sealed: string | null }>();
  return !!row?.api_key_sealed;
}

/**
 * What an error of a transfer call means. Stripe answered a 4xx (balance_insufficient, an account that cannot
 * receive transfers, a missing account): nothing was made, the item failed with Stripe's code. No answer (a
 * timeout, a cut connection), a 5xx, a rate limit or a reused key: Stripe may have made it, so it is unknown.
 */
function outcomeOfError(err: unknown): ItemOutcome {
  if (!(err instanceof Stripe.errors.StripeError)) return { state: 'unknown' };
  const status = err.statusCode ?? 0;
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeIdempotencyError
    || err instanceof Stripe.errors.StripeRateLimitError || status === 0 || status >= 500) {
    return { state: 'unknown' };
  }
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) {
    return { state: 'failed', reason: 'stripe_key_refused' };
  }
  return { state: 'failed', reason: (err.code ?? 'provider_rejected').slice(0, 100) };
}

/** The outcome of a transfer Stripe made: paid, unless reversed in full since. */
const outcomeOfTransfer = (t: Stripe.Transfer): ItemOutcome =>
  t.reversed ? { state: 'failed', reason: 'reversed', providerRef: t.id } : { state: 'paid', providerRef: t.id };

async function transfer(stripe: Stripe, run: RailRun, item: RailItem): Promise<ItemOutcome> {
  if (item.destination.rail !== 'stripe') return { state: 'failed', reason: 'no_payout_method' };
  try {
    const made = await stripe.transfers.create({
      amount: item.amountMinor,
      currency: item.currency.toLowerCase(),
      destination: item.destination.account,
      transfer_group: run.runUid,
      metadata: { item: item.itemKey, payout: item.payoutUid },
    }, { idempotencyKey: transferKey(item.itemKey) });
    return outcomeOfTransfer(made);
  } catch (err) {
    const outcome = outcomeOfError(err);
    // Stripe's own code stays in the log: the item's failure is the run core's code.
    const said = err instanceof Stripe.errors.StripeError ? `${err.statusCode ?? 'no answer'} ${err.type} ${err.code ?? ''}` : 'no answer';
    console.error('stripe: transfer', outcome.state, run.companyId, run.runUid, item.itemKey, said);
    return outcome;
  }
}

/** The run's transfers by item key (`metadata.item`), as Stripe lists them by `transfer_group`; null: Stripe could not be asked. */
async function transfersOfRun(stripe: Stripe, run: RailRun): Promise<Map<string, Stripe.Transfer> | null> {
  try {
    const made = await stripe.transfers.list({ transfer_group: run.runUid, limit: 100 }).autoPagingToArray({ limit: 10_000 });
    return new Map(made.filter((t) => t.metadata?.item).map((t) => [t.metadata.item!, t]));
  } catch (err) {
    const said = err instanceof Stripe.errors.StripeError ? `${err.statusCode ?? 'no answer'} ${err.type}` : 'no answer';
    console.error('stripe: the transfers of a run could not be listed', run.companyId, run.runUid, said);
    return null;
  }
}

/** Runs `work` over `items`, at most CONCURRENCY at a time. */
async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

export const stripeRail: Rail = {
  name: 'stripe',

  /**
   * The run's transfers are listed first: an item Stripe has a transfer of is answered from it and never sent
   * again. Stripe forgets an idempotency key after 24 hours, so a send retried later than that must not rely on
   * the key alone; the key covers two sends at once and a send whose answer was lost.
   */
  async send(svc, run, items) {
    const outcomes = new Map<string, ItemOutcome>();
    const stripe = await stripeFor(svc, run.companyId);
    // No key now: nothing can be asked or made; what an earlier send made is read once a key is back.
    if (!stripe) return { outcomes };
    const made = await transfersOfRun(stripe, run);
    if (!made) return { outcomes };
    await eachLimited(items, async (item) => {
      const before = made.get(item.itemKey);
      outcomes.set(item.itemKey, before ? outcomeOfTransfer(before) : await transfer(stripe, run, item));
    });
    return { outcomes };
  },

  async status(svc, run, items): Promise<RailAnswer> {
    const outcomes = new Map<string, ItemOutcome>();
    const stripe = await stripeFor(svc, run.companyId);
    if (!stripe) return { outcomes };
    const byItem = await transfersOfRun(stripe, run);
    if (!byItem) return { outcomes };
    const sent = await runSentAtStatement(svc.db, run.companyId, run.runUid).first<{ sent_at: string | null }>();
    const longAgo = !!sent?.sent_at && Date.now() - Date.parse(sent.sent_at) > NOT_SENT_AFTER_MS;
    for (const item of items) {
      const t = byItem.get(item.itemKey);
      if (t) outcomes.set(item.itemKey, outcomeOfTransfer(t));
      else if (longAgo) outcomes.set(item.itemKey, { state: 'failed', reason: 'not_sent' });
      else outcomes.set(item.itemKey, { state: 'unknown' });
    }
    return { outcomes };
  },
};
