import { DEFAULT_NOTIFICATIONS, type EmailPreference, type Optout } from '../../lib/schemas/notifications';
import type { OptoutAnswer } from '../../lib/schemas/people';
import { sha256Hex } from '../core/crypto';
import { findCompanyByHost } from '../companies/queries';
import { findNotifications, findOptoutCode, setEmailPreferencesStatement, upsertNotificationsStatement } from './queries';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { t } from '../../lib/i18n';

// Unsubscribe from an e-mailed link (spec §3 e-mail preferences, §7 POST /optout/?host=): no login.

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

/** POST /optout/?host= - applies the chosen e-mail preference for the person the link's code names. */
export async function optOut(svc: ServiceContext, host: string, body: Optout): Promise<OptoutAnswer> {
  const company = await findCompanyByHost(svc.db, host);
  if (!company) throw new ApiError('not_found', 'invalidCompany');
  const owner = await findOptoutCode(svc.db, company.id, await sha256Hex(body.code));
  if (!owner) throw fieldError('code', 'invalidOptoutCode');
  const { unsubscribeAll, deactivated } = effect(body.action, owner);
  const current = (await findNotifications(svc.db, company.id, owner.uid)) ?? DEFAULT_NOTIFICATIONS;
  await svc.db.batch([
    setEmailPreferencesStatement(svc.db, company.id, owner.uid, body.action, deactivated),
    upsertNotificationsStatement(svc.db, company.id, owner.uid, { ...current, unsubscribe_all: unsubscribeAll }),
  ]);
  return {
    detail: t('en', 'unsubscribeSaved'),
    action: body.action,
    email_preferences: body.action,
    email_template: body.email_template,
    unsubscribe_all: unsubscribeAll,
    deactivated_by_self: deactivated,
  };
}
