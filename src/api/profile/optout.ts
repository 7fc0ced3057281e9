import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_NOTIFICATIONS, optoutSchema, type EmailPreference } from '../../lib/schemas/notifications';
import { sha256Hex } from '../core/crypto';
import { findCompanyByHost } from '../portal/queries';
import { findNotifications, findOptoutCode, setEmailPreferencesStatement, upsertNotificationsStatement } from './queries';
import { ApiError } from '../core/errors';
import { apiLanguage, fieldsError, parseKeyed } from './edit';
import type { ApiEnv } from '../core/types';
import { readFormData, readQuery } from '../core/validate';
import { t } from '../../lib/i18n';

const hostQuery = z.object({ host: z.string().min(1, 'This field is required.').max(253) });

/**
 * What each e-mail preference of spec §3 does: "stop e-mail only" turns every notification e-mail off;
 * "stop all participation and e-mail" also deactivates the account (the person can reactivate it from
 * the profile); "keep participating" turns e-mail back on and undoes a deactivation that an earlier
 * "stop all" made, but not one the person chose in the profile.
 */
function effect(action: EmailPreference, current: { email_preferences: EmailPreference; deactivated_by_self: number }) {
  if (action === 'stop_all') return { unsubscribeAll: true, deactivated: true };
  if (action === 'stop_email') return { unsubscribeAll: true, deactivated: !!current.deactivated_by_self };
  return { unsubscribeAll: false, deactivated: current.email_preferences === 'stop_all' ? false : !!current.deactivated_by_self };
}

export const optout = new Hono<ApiEnv>()
  // POST /v1/optout/?host= - unsubscribe from an e-mailed link (code, action, email_template); no login
  .post('/optout/', async (c) => {
    const { host } = readQuery(c, hostQuery);
    const type = c.req.header('content-type') ?? '';
    const raw = type.includes('form') ? Object.fromEntries(await readFormData(c)) : await c.req.json().catch(() => {
      throw new ApiError('bad_request', 'The request body is not valid JSON.');
    });
    const body = parseKeyed(c, optoutSchema, raw);
    const company = await findCompanyByHost(c.env.DB, host);
    if (!company) throw new ApiError('not_found', 'Invalid company.');
    const owner = await findOptoutCode(c.env.DB, company.id, await sha256Hex(body.code));
    if (!owner) throw fieldsError(c, { code: ['invalidOptoutCode'] });
    const { unsubscribeAll, deactivated } = effect(body.action, owner);
    const current = (await findNotifications(c.env.DB, company.id, owner.uid)) ?? DEFAULT_NOTIFICATIONS;
    await c.env.DB.batch([
      setEmailPreferencesStatement(c.env.DB, company.id, owner.uid, body.action, deactivated),
      upsertNotificationsStatement(c.env.DB, company.id, owner.uid, { ...current, unsubscribe_all: unsubscribeAll }),
    ]);
    return c.json({
      detail: t(apiLanguage(c), 'unsubscribeSaved'),
      action: body.action,
      email_preferences: body.action,
      email_template: body.email_template,
      unsubscribe_all: unsubscribeAll,
      deactivated_by_self: deactivated,
    });
  });
