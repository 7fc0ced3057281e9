import { Hono } from 'hono';
import { activity } from './stats/activity';
import { ambassadors } from './profile/routes';
import { assets } from './sharing/assets';
import { auth } from './auth/login';
import { botCheck } from './auth/bot-check';
import { devOutbox } from './core/email';
import { onApiError } from './core/errors';
import { notifications } from './profile/notifications';
import { optout } from './profile/optout';
import { passwords } from './auth/passwords';
import { portal } from './portal/routes';
import { profileEdit } from './profile/edit';
import { registration } from './auth/registration';
import { shareLinks } from './sharing/share-links';
import { sso } from './auth/sso';
import { stats } from './stats/routes';
import { tasks } from './loyalty/tasks';
import { tracking } from './sharing/tracking';
import type { ApiEnv } from './core/types';

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
