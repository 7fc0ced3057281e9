import { Hono } from 'hono';
import {
  createEndpointSchema, deliveryListSchema, replaySchema, rotateSecretSchema, updateEndpointSchema,
} from '../../lib/schemas/operator-webhooks';
import { parseWith } from '../core/validate';
import { idempotent } from '../core/operator-idempotency';
import type { OperatorEnv } from '../core/operator-keys';
import { jsonBody, svcOf } from '../core/operator-request';
import { getDelivery, listDeliveries, replayDelivery } from './delivery-log';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint } from './endpoints';

/**
 * Company-key calls: webhook endpoints, delivery log, replay. An answer that carries a signing
 * secret is `Cache-Control: no-store`; an Idempotency-Key replay of it answers the same secret (the
 * secret is kept for signing anyway, and a client that lost the first answer needs it).
 */
export const webhooks = new Hono<OperatorEnv>()
  // POST /v1/operator/webhooks/endpoints - register an endpoint; its secret is in this answer only
  .post('/webhooks/endpoints', async (c) => {
    const { text, input } = await jsonBody(c, createEndpointSchema);
    c.header('Cache-Control', 'no-store');
    return idempotent(c, text, async () => ({ status: 201, body: await createEndpoint(svcOf(c), c.var.operator, input) }));
  })
  .get('/webhooks/endpoints', async (c) => c.json(await listEndpoints(svcOf(c), c.var.operator)))
  .get('/webhooks/endpoints/:id', async (c) => c.json(await getEndpoint(svcOf(c), c.var.operator, c.req.param('id'))))
  // PATCH /v1/operator/webhooks/endpoints/:id - change url, event types, description or enabled
  .patch('/webhooks/endpoints/:id', async (c) => {
    const { input } = await jsonBody(c, updateEndpointSchema);
    return c.json(await updateEndpoint(svcOf(c), c.var.operator, c.req.param('id'), input));
  })
  .delete('/webhooks/endpoints/:id', async (c) => c.json(await deleteEndpoint(svcOf(c), c.var.operator, c.req.param('id'))))
  // POST /v1/operator/webhooks/endpoints/:id/rotate-secret - a new secret; the old one signs beside it for a while
  .post('/webhooks/endpoints/:id/rotate-secret', async (c) => {
    const { text, input } = await jsonBody(c, rotateSecretSchema);
    c.header('Cache-Control', 'no-store');
    return idempotent(c, text, async () => ({ status: 200, body: await rotateSecret(svcOf(c), c.var.operator, c.req.param('id'), input) }));
  })
  // GET /v1/operator/webhooks/endpoints/:id/deliveries - the delivery log, newest first
  .get('/webhooks/endpoints/:id/deliveries', async (c) => {
    const query = parseWith(deliveryListSchema, c.req.query());
    return c.json(await listDeliveries(svcOf(c), c.var.operator, c.req.param('id'), query));
  })
  .get('/webhooks/deliveries/:id', async (c) => c.json(await getDelivery(svcOf(c), c.var.operator, c.req.param('id'))))
  // POST /v1/operator/webhooks/deliveries/:id/replay - send the event again now, as a new delivery
  .post('/webhooks/deliveries/:id/replay', async (c) => {
    const { text } = await jsonBody(c, replaySchema);
    return idempotent(c, text, async () => ({ status: 201, body: await replayDelivery(svcOf(c), c.var.operator, c.req.param('id')) }));
  });
