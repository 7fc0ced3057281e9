import { Hono } from 'hono';
import { DEFAULT_NOTIFICATIONS, notificationsUpdateSchema } from '../../lib/schemas/notifications';
import { findNotifications, upsertNotificationsStatement } from './queries';
import { ensureOwn, tokenAuth } from '../core/token-auth';
import { parseKeyed } from './edit';
import type { ApiEnv } from '../core/types';

export const notifications = new Hono<ApiEnv>()
  // GET /v1/ambassadors/{id}/notifications/ - which e-mails the ambassador receives (spec §3 options)
  .get('/ambassadors/:id/notifications/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    return c.json((await findNotifications(c.env.DB, p.companyId, p.ambassadorUid)) ?? DEFAULT_NOTIFICATIONS);
  })
  // PATCH /v1/ambassadors/{id}/notifications/ - change some of them; the answer is the whole set
  .patch('/ambassadors/:id/notifications/', tokenAuth(), async (c) => {
    const p = c.var.principal;
    ensureOwn(p.ambassadorUid, c.req.param('id'));
    const text = await c.req.text();
    let raw: unknown = {};
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        return c.json({ detail: 'The request body is not valid JSON.' }, 400);
      }
    }
    const changes = parseKeyed(c, notificationsUpdateSchema, raw);
    const current = (await findNotifications(c.env.DB, p.companyId, p.ambassadorUid)) ?? DEFAULT_NOTIFICATIONS;
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
    await upsertNotificationsStatement(c.env.DB, p.companyId, p.ambassadorUid, next).run();
    return c.json(next);
  });
