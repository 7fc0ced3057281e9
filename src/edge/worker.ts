import { cf } from '@astrojs/cloudflare/hono';
import { astro } from 'astro/hono';
import { consumeEmail, sweepOutbox } from '../api/email/delivery';
import { pruneEmailEventIds } from '../api/email/events';
import { pruneIdempotencyKeys } from '../api/core/idempotency';
import { runLoyaltyMaintenance } from '../api/loyalty/scheduled';
import { reconcileStuckRuns } from '../api/payouts/runs';
import { runClickRetention } from '../api/retention/service';
import { consumeClicks } from '../api/sharing/click-ingest';
import { consumeWebhooks, sweepWebhooks } from '../api/webhooks/delivery';
import { createEdgeApp } from './app';
import { pageLocals } from './pages/locals';
import { scheduledContext } from './scheduled';

const app = createEdgeApp([pageLocals(), cf(), astro()]);

/** Queue name (wrangler.toml) -> its consumer. */
const CONSUMERS: Record<string, (batch: MessageBatch<unknown>, env: Env, execution: ExecutionContext) => Promise<void>> = {
  'portal-clicks': consumeClicks,
  'portal-webhooks': consumeWebhooks,
  'portal-email': consumeEmail,
};

export default {
  fetch: app.fetch,
  /**
   * The cron trigger of wrangler.toml: the loyalty program's expiry, stale holds and expiry warnings; the
   * e-mail outbox and webhook deliveries whose queue message was lost; old Idempotency-Key records and
   * provider event ids; payout runs stuck `sending` reconciled with their provider; raw clicks past their company's retention window (archived to R2, then deleted).
   */
  async scheduled(controller: ScheduledController, env: Env, execution: ExecutionContext) {
    const now = new Date(controller.scheduledTime);
    // Each job on its own: one that throws (a D1 hiccup in the loyalty run) must not keep the e-mail and
    // webhook sweeps from running, or a lost queue message would wait another hour for nothing.
    const job = (name: string, run: () => Promise<unknown>) =>
      run().catch((err: unknown) => {
        console.error(`scheduled run: ${name} failed`, err);
        return { error: String(err) };
      });
    const summary = {
      loyalty: await job('loyalty', () => runLoyaltyMaintenance(scheduledContext(env, execution), null, now)),
      // Before the sweeps, so what reconciliation settles (webhook events, e-mails) goes out in the same tick.
      payoutRuns: await job('payout runs', () => reconcileStuckRuns(scheduledContext(env, execution), now)),
      outbox: await job('outbox', () => sweepOutbox(env, execution, now)),
      webhooks: await job('webhooks', () => sweepWebhooks(env, execution, now)),
      idempotency: await job('idempotency', () => pruneIdempotencyKeys(env.DB, now)),
      emailEventIds: await job('email event ids', () => pruneEmailEventIds(env.DB, now)),
      clickRetention: await job('click retention', () => runClickRetention(env.DB, env.FILES, null, now)),
    };
    console.log('scheduled run', controller.cron, JSON.stringify(summary));
  },
  async queue(batch: MessageBatch<unknown>, env: Env, execution: ExecutionContext) {
    const consume = CONSUMERS[batch.queue];
    if (!consume) throw new Error(`no consumer for queue ${batch.queue}`);
    await consume(batch, env, execution);
  },
} satisfies ExportedHandler<Env>;
