import { Hono } from 'hono';
import type { OperatorEnv } from './keys';

/** Company-key calls (issue 12): ambassadors (create, invite, CSV import, deactivate, move) and assets. */
export const people = new Hono<OperatorEnv>();
