import { Hono } from 'hono';
import { idempotencyKey } from '../core/idempotency';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import type { ApiEnv } from '../core/types';
import { readBody } from '../core/validate';
import { giftCardRedeemSchema, vaultRedeemSchema } from '../../lib/schemas/rewards';
import {
  listGiftCards, listRedemptions, listVaultItems, redeemGiftCard, redeemVaultItem, redemptionDetail, rewardLedger, vaultBalance,
} from './service';

const replayed = (r: { replayed: boolean }) => (r.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);

/** Rewards of spec §7: the gift-card catalogue and redemption (legacy), the vault (admin3), redemption detail, the ledger. */
export const rewards = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // POST /v1/tables/ambassadors/{id}/content/affiliate_gift_card/?page=N - the gift cards, 12 a page
  .post('/tables/ambassadors/:id/content/affiliate_gift_card/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await listGiftCards(serviceContext(c), caller, { page: c.req.query('page') }));
  })
  // POST /v1/loyalty/gift_card/redeem/ - affiliate_uid, gift_card_uid, amount (points); Idempotency-Key honoured
  .post('/loyalty/gift_card/redeem/', async (c) => {
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const body = await readBody(c, giftCardRedeemSchema);
    const { replayed: again, ...answer } = await redeemGiftCard(serviceContext(c), callerOf(c), body, { idempotencyKey: key });
    return c.json(answer, 201, replayed({ replayed: again }));
  })
  // GET /v1/rewards/portals/{portal}/vault-items/?campaign_id=
  .get('/rewards/portals/:portal/vault-items/', async (c) =>
    c.json(await listVaultItems(serviceContext(c), callerOf(c), c.req.param('portal'), { campaign_id: c.req.query('campaign_id') })))
  // GET /v1/rewards/portals/{portal}/vault-items/{item}/balance-available/
  .get('/rewards/portals/:portal/vault-items/:item/balance-available/', async (c) =>
    c.json(await vaultBalance(serviceContext(c), callerOf(c), c.req.param('portal'), c.req.param('item'))))
  // POST /v1/rewards/portals/{portal}/vault-items/{item}/redeem/ - variant_item, amount; Idempotency-Key honoured
  .post('/rewards/portals/:portal/vault-items/:item/redeem/', async (c) => {
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const body = await readBody(c, vaultRedeemSchema);
    const { replayed: again, ...answer } = await redeemVaultItem(serviceContext(c), callerOf(c), c.req.param('portal'), c.req.param('item'), body, { idempotencyKey: key });
    return c.json(answer, 201, replayed({ replayed: again }));
  })
  // GET /v1/rewards/portals/{portal}/redemptions/ - the caller's redemptions, newest first
  .get('/rewards/portals/:portal/redemptions/', async (c) =>
    c.json(await listRedemptions(serviceContext(c), callerOf(c), c.req.param('portal'), { page: c.req.query('page') })))
  // GET /v1/rewards/portals/{portal}/redemptions/{id}/ - one redemption with the lots it used
  .get('/rewards/portals/:portal/redemptions/:id/', async (c) =>
    c.json(await redemptionDetail(serviceContext(c), callerOf(c), c.req.param('portal'), c.req.param('id'))))
  // GET /v1/ambassadors/{id}/loyalty/ledger/?page=N - every earning with its derived status, and what expires when
  .get('/ambassadors/:id/loyalty/ledger/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('id'));
    return c.json(await rewardLedger(serviceContext(c), caller, { page: c.req.query('page') }));
  });
