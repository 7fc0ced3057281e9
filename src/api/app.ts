import { Hono } from 'hono';
import { ambassadors } from './ambassadors';
import { auth } from './auth';
import { onApiError } from './errors';
import { notifications } from './notifications';
import { optout } from './optout';
import { portal } from './portal';
import { profileEdit } from './profile-edit';
import type { ApiEnv } from './types';

/** The embedded ambassador API (spec §7), mounted by the edge at /v1. Each area is a sub-app. */
export const api = new Hono<ApiEnv>()
  .basePath('/v1')
  .route('/', auth)
  .route('/', portal)
  .route('/', ambassadors)
  .route('/', profileEdit)
  .route('/', notifications)
  .route('/', optout);

api.onError(onApiError);
api.notFound((c) => c.json({ detail: 'Not found.' }, 404));
