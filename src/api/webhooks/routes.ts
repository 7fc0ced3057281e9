import { Hono } from 'hono';
import type { OperatorEnv } from '../operator/keys';

/** Company-key calls (issue 12): webhook endpoints, delivery log, replay. */
export const webhooks = new Hono<OperatorEnv>();
