import { Hono } from 'hono';
import { integrations } from './attribution/integrations';
import { personalCodes } from './attribution/personal-codes';
import { idempotentPatches } from './core/operator-idempotency';
import { requireOperator, type OperatorEnv } from './core/operator-keys';
import { operatorRewards } from './rewards/operator-routes';

/**
 * The operator API, mounted at /v1/operator: a company's store and back office, authenticated by a company
 * API key (`Authorization: Bearer opk_...`), never by an ambassador token. Each domain's folder holds its
 * operator routes; this file mounts them. Every POST (and PATCH) honours `Idempotency-Key`. Another company's
 * uids answer 404.
 */
export const operator = new Hono<OperatorEnv>()
  .use(requireOperator())
  // Every PATCH below honours Idempotency-Key as the POSTs do.
  .use(idempotentPatches())
  .route('/', operatorRewards) // redemptions the company fulfils; the rewards catalogue
  // The secrets that verify the stores' webhooks; ambassadors' personal discount codes.
  .route('/', integrations)
  .route('/', personalCodes);
