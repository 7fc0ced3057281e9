import { Hono } from 'hono';
import {
  badgeCreateSchema, badgePatchSchema, campaignCreateSchema, campaignPatchSchema, customizationDocument, groupSchema, tabAccessSchema, taskCreateSchema,
  taskPatchSchema, tierCreateSchema, tierPatchSchema,
} from '../../lib/schemas/operator-catalog';
import { catalogRewards } from '../rewards/operator-routes';
import { createCampaign, createGroup, deleteGroup, getCampaign, listCampaigns, listGroups, patchCampaign, patchGroup } from './operator';
import {
  deleteCampaignCustomization, getCampaignCustomization, getCompanyCustomization, putCampaignCustomization, putCompanyCustomization, putTabAccess,
} from '../companies/operator-customization';
import {
  createBadge, createTask, createTier, deleteBadge, deleteTask, deleteTier, listBadges, listTasks, listTiers, patchBadge, patchTask, patchTier,
} from '../loyalty/program';
import { ApiError } from '../core/errors';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody } from '../core/operator-request';

/**
 * Company-key calls (issue 12) that define the company's program: customization, campaigns, groups, tab
 * access, tiers, badges, tasks (here) and the rewards catalogue (./catalog-rewards-routes.ts). Everything acts on
 * the key's company only. POST creates (with Idempotency-Key), PATCH edits the fields it names, PUT
 * replaces a customization document, DELETE removes what nothing refers to and deactivates the rest.
 */

/**
 * A PUT replaces the whole document, so `{}` would silently reset every setting of the company (or empty a
 * campaign layer, which DELETE does on purpose): refused with a 400 that says so.
 */
function nonEmptyDocument<T extends Record<string, unknown>>(doc: T): T {
  if (Object.keys(doc).length === 0) {
    throw new ApiError('bad_request',
      'The document is empty: a PUT replaces the whole customization, so {} would reset every setting. Send the whole document ' +
      '(GET it, change it, PUT it back); DELETE removes a campaign layer.');
  }
  return doc;
}

export const catalog = new Hono<OperatorEnv>()
  // GET /v1/operator/customization - the stored document and what the portal makes of it
  .get('/customization', async (c) => c.json(await getCompanyCustomization(c.env.DB, c.var.operator.companyId)))
  // PUT /v1/operator/customization - replace the whole document (refused whole, every error by path)
  .put('/customization', async (c) => {
    const input = nonEmptyDocument((await jsonBody(c, customizationDocument)).input);
    return c.json(await putCompanyCustomization(c.env, c.env.DB, c.var.operator.companyId, input));
  })
  // PUT /v1/operator/tabs/{key}/access - which campaigns and groups see a tab
  .put('/tabs/:key/access', async (c) => {
    const { input, fields } = await jsonBody(c, tabAccessSchema);
    // `{}` would open a limited tab to everyone by accident: opening it is said with empty lists.
    if (Object.keys(fields).length === 0) {
      throw new ApiError('bad_request', 'The body is empty: send "campaigns" and "groups" (two empty lists open the tab to everyone).');
    }
    return c.json(await putTabAccess(c.env, c.env.DB, c.var.operator.companyId, c.req.param('key'), input));
  })

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
  .get('/campaigns/:uid/customization', async (c) =>
    c.json(await getCampaignCustomization(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))
  .put('/campaigns/:uid/customization', async (c) => {
    const input = nonEmptyDocument((await jsonBody(c, customizationDocument)).input);
    return c.json(await putCampaignCustomization(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/campaigns/:uid/customization', async (c) =>
    c.json(await deleteCampaignCustomization(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

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
  .delete('/groups/:uid', async (c) => c.json(await deleteGroup(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

  // Tiers
  .get('/tiers', async (c) => c.json(await listTiers(c.env.DB, c.var.operator.companyId)))
  .post('/tiers', async (c) => {
    const { text, input } = await jsonBody(c, tierCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createTier(c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/tiers/:uid', async (c) => {
    const { input } = await jsonBody(c, tierPatchSchema);
    return c.json(await patchTier(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/tiers/:uid', async (c) => c.json(await deleteTier(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

  // Badges
  .get('/badges', async (c) => c.json(await listBadges(c.env.DB, c.var.operator.companyId)))
  .post('/badges', async (c) => {
    const { text, input } = await jsonBody(c, badgeCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createBadge(c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/badges/:uid', async (c) => {
    const { input } = await jsonBody(c, badgePatchSchema);
    return c.json(await patchBadge(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/badges/:uid', async (c) => c.json(await deleteBadge(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

  // Tasks
  .get('/tasks', async (c) => c.json(await listTasks(c.env.DB, c.var.operator.companyId)))
  .post('/tasks', async (c) => {
    const { text, input } = await jsonBody(c, taskCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createTask(c.env.DB, c.var.operator.companyId, input) }));
  })
  .patch('/tasks/:uid', async (c) => {
    const { input } = await jsonBody(c, taskPatchSchema);
    return c.json(await patchTask(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/tasks/:uid', async (c) => c.json(await deleteTask(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))

  .route('/', catalogRewards);
