import { Hono } from 'hono';
import { customizationDocument, tabAccessSchema } from '../../lib/schemas/operator-catalog';
import { ApiError } from '../core/errors';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody } from '../core/operator-request';
import {
  deleteCampaignCustomization, getCampaignCustomization, getCompanyCustomization, putCampaignCustomization, putCompanyCustomization, putTabAccess,
} from './operator-customization';

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

/**
 * The company's customization document and its campaign layers, and which campaigns and groups see a tab.
 * A PUT replaces a whole document; DELETE removes a campaign layer.
 */
export const operatorCustomization = new Hono<OperatorEnv>()
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
  .get('/campaigns/:uid/customization', async (c) =>
    c.json(await getCampaignCustomization(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))
  .put('/campaigns/:uid/customization', async (c) => {
    const input = nonEmptyDocument((await jsonBody(c, customizationDocument)).input);
    return c.json(await putCampaignCustomization(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/campaigns/:uid/customization', async (c) =>
    c.json(await deleteCampaignCustomization(c.env, c.env.DB, c.var.operator.companyId, c.req.param('uid'))));
