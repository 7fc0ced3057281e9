import { Hono } from 'hono';
import { activity } from './activity';
import { ambassadors } from './ambassadors';
import { assets } from './assets';
import { auth } from './auth';
import { botCheck } from './bot-check';
import { devOutbox } from './email';
import { onApiError } from './errors';
import { notifications } from './notifications';
import { optout } from './optout';
import { passwords } from './passwords';
import { portal } from './portal';
import { profileEdit } from './profile-edit';
import { registration } from './registration';
import { shareLinks } from './share-links';
import { sso } from './sso';
import { stats } from './stats';
import { tasks } from './tasks';
import { tracking } from './tracking';
import type { ApiEnv } from './types';

/** The embedded ambassador API (spec §7), mounted by the edge at /v1. Each area is a sub-app. */
export const api = new Hono<ApiEnv>()
  .basePath('/v1')
  .route('/', auth)
  .route('/', registration) // accounts: registration, passwords, bot check, single sign-on, dev outbox
  .route('/', passwords)
  .route('/', botCheck)
  .route('/', sso)
  .route('/', devOutbox)
  .route('/', portal)
  .route('/', ambassadors)
  .route('/', profileEdit)
  .route('/', notifications)
  .route('/', optout)
  .route('/', shareLinks)
  .route('/', tracking)
  .route('/', stats)
  .route('/', activity)
  .route('/', tasks)
  .route('/', assets);

api.onError(onApiError);
api.notFound((c) => c.json({ detail: 'Not found.' }, 404));
