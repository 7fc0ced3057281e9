import { Hono } from 'hono';
import type { OperatorEnv } from './keys';

/** Company-key calls (issue 12): customization, campaigns, groups, tiers, badges, tasks, rewards catalogue. */
export const catalog = new Hono<OperatorEnv>();
