import { Hono } from 'hono';
import { cf } from '@astrojs/cloudflare/hono';
import { astro } from 'astro/hono';

const app = new Hono<{ Bindings: Env }>();
app.get('/v1/ping', async (c) => {
  const r = await c.env.DB.prepare('select 1 as one').first();
  return c.json({ ok: true, r });
});
app.use(cf());
app.use(astro());
export default app;
