import { Hono } from 'hono';
import { campaignCreateSchema, campaignPatchSchema, groupSchema } from '../../lib/schemas/operator-catalog';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody } from '../core/operator-request';
import { createCampaign, createGroup, deleteGroup, getCampaign, listCampaigns, listGroups, patchCampaign, patchGroup } from './operator';

/**
 * The company's campaigns (their commission rules among them) and ambassador groups. POST creates (with
 * Idempotency-Key), PATCH edits the fields it names, DELETE removes a group nothing refers to.
 */
export const operatorCampaigns = new Hono<OperatorEnv>()
  // Campaigns
  .get('/campaigns', async (c) => c.json(await listCampaigns(c.env.DB, c.var.operator)))
  .post('/campaigns', async (c) => {
    const { text, input } = await jsonBody(c, campaignCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createCampaign(c.env.DB, c.var.operator, input) }));
  })
  .get('/campaigns/:uid', async (c) => c.json(await getCampaign(c.env.DB, c.var.operator, c.req.param('uid'))))
  // PATCH /v1/operator/campaigns/{uid} - edit, activate, hide from the dashboard, commission rule
  .patch('/campaigns/:uid', async (c) => {
    const { input } = await jsonBody(c, campaignPatchSchema);
    return c.json(await patchCampaign(c.env.DB, c.var.operator, c.req.param('uid'), input));
  })
  // Groups
  .get('/groups', async (c) => c.json(await listGroups(c.env.DB, c.var.operator.companyId)))
  .post('/groups', async (c) => {
    const { text, input } = await jsonBody(c, groupSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createGroup(c.env, c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/groups/:uid', async (c) => {
    const { input } = await jsonBody(c, groupSchema);
    return c.json(await patchGroup(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/groups/:uid', async (c) => c.json(await deleteGroup(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'))));
