import { Hono } from 'hono';
import { completeRedemptionSchema, failRedemptionSchema } from '../../lib/schemas/operator';
import {
  rewardCodesSchema, rewardCreateSchema, rewardPatchSchema, variantCreateSchema, variantPatchSchema, vaultItemCreateSchema, vaultItemPatchSchema,
} from '../../lib/schemas/operator-catalog-rewards';
import {
  addRewardCodes, addVariantCodes, createReward, createVariant, createVaultItem, deleteReward, deleteVariant, deleteVaultItem, listRewards,
  listVaultItems, patchReward, patchVariant, patchVaultItem,
} from './catalog';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { completeRedemption, failRedemption } from './operator';

/**
 * The operator's rewards calls: settle a redemption the company fulfils itself, and the catalogue (gift
 * cards, vault items and variants, code pools).
 */
export const operatorRewards = new Hono<OperatorEnv>()
  .post('/redemptions/:id/complete', async (c) => {
    const { text, input } = await jsonBody(c, completeRedemptionSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await completeRedemption(svcOf(c), c.var.operator, c.req.param('id'), input) }));
  })
  .post('/redemptions/:id/fail', async (c) => {
    const { text, input } = await jsonBody(c, failRedemptionSchema);
    return idempotent(c, text, async () => ({ status: 200, body: await failRedemption(svcOf(c), c.var.operator, c.req.param('id'), input) }));
  })

  // Gift cards
  .get('/rewards', async (c) => c.json(await listRewards(c.env.DB, c.var.operator.companyId)))
  .post('/rewards', async (c) => {
    const { text, input } = await jsonBody(c, rewardCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createReward(c.env.DB, c.var.operator, input) }));
  })
  .patch('/rewards/:uid', async (c) => {
    const { input } = await jsonBody(c, rewardPatchSchema);
    return c.json(await patchReward(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/rewards/:uid', async (c) => c.json(await deleteReward(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))
  // POST /v1/operator/rewards/{uid}/codes - codes for the local provider's pool
  .post('/rewards/:uid/codes', async (c) => {
    const { text, input } = await jsonBody(c, rewardCodesSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await addRewardCodes(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input) }));
  })

  // Vault items and their variants
  .get('/vault-items', async (c) => c.json(await listVaultItems(c.env.DB, c.var.operator.companyId)))
  .post('/vault-items', async (c) => {
    const { text, input } = await jsonBody(c, vaultItemCreateSchema);
    return idempotent(c, text, async () => ({ status: 201, body: await createVaultItem(c.env.DB, c.var.operator, input) }));
  })
  .patch('/vault-items/:uid', async (c) => {
    const { input } = await jsonBody(c, vaultItemPatchSchema);
    return c.json(await patchVaultItem(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input));
  })
  .delete('/vault-items/:uid', async (c) => c.json(await deleteVaultItem(c.env.DB, c.var.operator.companyId, c.req.param('uid'))))
  .post('/vault-items/:uid/variants', async (c) => {
    const { text, input } = await jsonBody(c, variantCreateSchema);
    return idempotent(c, text, async () => ({
      status: 201, body: await createVariant(c.env.DB, c.var.operator.companyId, c.req.param('uid'), input),
    }));
  })
  .patch('/vault-items/:uid/variants/:variant_uid', async (c) => {
    const { input } = await jsonBody(c, variantPatchSchema);
    return c.json(await patchVariant(c.env.DB, c.var.operator.companyId, c.req.param('uid'), c.req.param('variant_uid'), input));
  })
  .delete('/vault-items/:uid/variants/:variant_uid', async (c) =>
    c.json(await deleteVariant(c.env.DB, c.var.operator.companyId, c.req.param('uid'), c.req.param('variant_uid'))))
  .post('/vault-items/:uid/variants/:variant_uid/codes', async (c) => {
    const { text, input } = await jsonBody(c, rewardCodesSchema);
    return idempotent(c, text, async () => ({
      status: 201, body: await addVariantCodes(c.env.DB, c.var.operator.companyId, c.req.param('uid'), c.req.param('variant_uid'), input),
    }));
  });
