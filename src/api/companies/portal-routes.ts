import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../core/types';
import { readQuery } from '../core/validate';
import { portalByHost, publicPortalView } from './portal';

const hostQuery = z.object({ host: z.string().min(1, 'This field is required.').max(253) });

export const portal = new Hono<ApiEnv>()
  // GET /v1/portal.json?host= - the company (and its public customization) serving a host; [] when none
  .get('/portal.json', async (c) => {
    const { host } = readQuery(c, hostQuery);
    const view = await portalByHost(c.env.DB, host);
    c.header('Cache-Control', 'public, max-age=30');
    return c.json(view ? [publicPortalView(view)] : []);
  });
