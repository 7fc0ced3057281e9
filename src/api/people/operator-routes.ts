import { Hono } from 'hono';
import {
  ambassadorCreateSchema, ambassadorListSchema, assetListSchema, assetUpdateSchema, emptySchema, groupMoveSchema, importQuerySchema,
} from '../../lib/schemas/operator-people';
import { parseWith } from '../core/validate';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import {
  createAmbassador, deactivateAmbassador, getAmbassador, inviteAmbassador, joinCampaign, leaveCampaign, listAmbassadors, moveToGroup,
  reactivateAmbassador,
} from './ambassadors';
import { deleteAsset, getAsset, listAssets, updateAsset, uploadAsset } from './assets';
import { importAmbassadors } from './ambassador-import';
import { readAssetUpload, readCsv } from './operator-request';
import { jsonBody, svcOf } from '../core/operator-request';

/**
 * Company-key calls: ambassadors (create, invite, CSV import, deactivate, move between groups
 * and campaigns) and assets. Mounted after requireOperator(): everything acts on `c.var.operator`'s
 * company, and another company's uids answer 404. POSTs honour Idempotency-Key.
 */
export const people = new Hono<OperatorEnv>()
  // GET /v1/operator/ambassadors - a page of the company's ambassadors (filters: email, group, campaign, active)
  .get('/ambassadors', async (c) => c.json(await listAmbassadors(svcOf(c), c.var.operator, parseWith(ambassadorListSchema, c.req.query()))))
  // POST /v1/operator/ambassadors - create an ambassador (and, with invite, e-mail the set-password link)
  .post('/ambassadors', async (c) => {
    const { text, input } = await jsonBody(c, ambassadorCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createAmbassador(svcOf(c), c.var.operator, input) }));
  })
  // POST /v1/operator/ambassadors/import?invite=true|false - ambassadors from a CSV file, with a per-row report
  .post('/ambassadors/import', async (c) => {
    const { invite } = parseWith(importQuerySchema, c.req.query());
    const csv = await readCsv(c);
    return idempotent(c, `invite=${invite}\n${csv}`, async () => ({
      status: 200, body: await importAmbassadors(svcOf(c), c.var.operator, csv, invite),
    }));
  })
  // GET /v1/operator/ambassadors/{uid}
  .get('/ambassadors/:uid', async (c) => c.json(await getAmbassador(svcOf(c), c.var.operator, c.req.param('uid'))))
  // POST /v1/operator/ambassadors/{uid}/invite - (re)send the set-password e-mail
  .post('/ambassadors/:uid/invite', async (c) => {
    const { text } = await jsonBody(c, emptySchema);
    return idempotent(c, text, async () => ({ status: 200, body: await inviteAmbassador(svcOf(c), c.var.operator, c.req.param('uid')) }));
  })
  // POST /v1/operator/ambassadors/{uid}/deactivate - no log in, every session ends
  .post('/ambassadors/:uid/deactivate', async (c) => {
    const { text } = await jsonBody(c, emptySchema);
    return idempotent(c, text, async () => ({ status: 200, body: await deactivateAmbassador(svcOf(c), c.var.operator, c.req.param('uid')) }));
  })
  // POST /v1/operator/ambassadors/{uid}/reactivate
  .post('/ambassadors/:uid/reactivate', async (c) => {
    const { text } = await jsonBody(c, emptySchema);
    return idempotent(c, text, async () => ({ status: 200, body: await reactivateAmbassador(svcOf(c), c.var.operator, c.req.param('uid')) }));
  })
  // PUT /v1/operator/ambassadors/{uid}/group - move to a group ({ group: null }: out of every group)
  .put('/ambassadors/:uid/group', async (c) => {
    const { input } = await jsonBody(c, groupMoveSchema);
    return c.json(await moveToGroup(svcOf(c), c.var.operator, c.req.param('uid'), input));
  })
  // PUT /v1/operator/ambassadors/{uid}/campaigns/{campaign} - join a campaign (uid or id)
  .put('/ambassadors/:uid/campaigns/:campaign', async (c) =>
    c.json(await joinCampaign(svcOf(c), c.var.operator, c.req.param('uid'), c.req.param('campaign'))))
  // DELETE /v1/operator/ambassadors/{uid}/campaigns/{campaign} - leave a campaign
  .delete('/ambassadors/:uid/campaigns/:campaign', async (c) =>
    c.json(await leaveCampaign(svcOf(c), c.var.operator, c.req.param('uid'), c.req.param('campaign'))))
  // GET /v1/operator/assets - a page of the company's assets (filters: campaign, group)
  .get('/assets', async (c) => c.json(await listAssets(svcOf(c), c.var.operator, parseWith(assetListSchema, c.req.query()))))
  // POST /v1/operator/assets - upload an asset (multipart: file, campaign, title?, group?)
  .post('/assets', async (c) => {
    const upload = await readAssetUpload(c);
    return idempotent(c, upload.fingerprint, async () => ({
      status: 201, body: await uploadAsset(svcOf(c), c.var.operator, upload.input, upload.file, upload.bytes),
    }));
  })
  // GET /v1/operator/assets/{uid}
  .get('/assets/:uid', async (c) => c.json(await getAsset(svcOf(c), c.var.operator, c.req.param('uid'))))
  // PATCH /v1/operator/assets/{uid} - edit title, campaign, group
  .patch('/assets/:uid', async (c) => {
    const { input } = await jsonBody(c, assetUpdateSchema);
    return c.json(await updateAsset(svcOf(c), c.var.operator, c.req.param('uid'), input));
  })
  // DELETE /v1/operator/assets/{uid} - the row and its R2 file
  .delete('/assets/:uid', async (c) => c.json(await deleteAsset(svcOf(c), c.var.operator, c.req.param('uid'))));
