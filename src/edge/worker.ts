import { cf } from '@astrojs/cloudflare/hono';
import { astro } from 'astro/hono';
import { runLoyaltyMaintenance } from '../api/loyalty/scheduled';
import { createEdgeApp } from './app';
import { pagesContext } from './pages-context';
import { scheduledContext } from './scheduled';

const app = createEdgeApp([pagesContext(), cf(), astro()]);

export default {
  fetch: app.fetch,
  /** The cron trigger of wrangler.toml: the loyalty program's expiry, stale holds and expiry warnings. */
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    const summary = await runLoyaltyMaintenance(scheduledContext(env, ctx), null, new Date(controller.scheduledTime));
    console.log('loyalty: scheduled run', controller.cron, JSON.stringify(summary));
  },
} satisfies ExportedHandler<Env>;
