import { Hono } from 'hono';
import type { NotificationsUpdateInput } from '../../lib/schemas/notifications';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import { readJson } from '../core/validate';
import { getNotifications, updateNotifications } from './service';
import type { ApiEnv } from '../core/types';

const PATH = '/ambassadors/:id/notifications/';

/** GET and PATCH /v1/ambassadors/{id}/notifications/ (the token check is scoped to this path). */
export const notifications = new Hono<ApiEnv>()
  .use(PATH, requireAmbassador())
  // GET - which e-mails the ambassador receives (spec §3 options)
  .get(PATH, async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await getNotifications(serviceContext(c), caller));
  })
  // PATCH - change some of them; the answer is the whole set
  .patch(PATH, async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    const { value } = await readJson(c);
    return c.json(await updateNotifications(serviceContext(c), caller, (value ?? {}) as NotificationsUpdateInput));
  });
