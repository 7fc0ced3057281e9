import { z } from 'zod';

// Notification settings of spec §3 (GET/PATCH /ambassadors/{id}/notifications/) and the unsubscribe
// payload of spec §7 (POST /optout/: code, action, email_template).

export const NOTIFICATION_OPTIONS = [
  'earn_pending_commission', 'commission_approved', 'commission_denied', 'payout_fulfilled', 'unsubscribe_all',
] as const;
export type NotificationOption = (typeof NOTIFICATION_OPTIONS)[number];
export type NotificationSettings = Record<NotificationOption, boolean>;

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  earn_pending_commission: true, commission_approved: true, commission_denied: true, payout_fulfilled: true, unsubscribe_all: false,
};

/**
 * What the settings mean: "unsubscribe from all" sends none of the four e-mails, so with it on the four
 * are off (whatever was stored beside it), and a form saving it on saves the four off too.
 */
export function effectiveNotifications(settings: NotificationSettings): NotificationSettings {
  if (!settings.unsubscribe_all) return settings;
  return Object.fromEntries(NOTIFICATION_OPTIONS.map((k) => [k, k === 'unsubscribe_all'])) as NotificationSettings;
}

/** JSON booleans, or the strings a form or query sends ("true"/"false", "on"/"off", "1"/"0"). */
export const looseBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], { error: 'invalidField' })
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

export const notificationsUpdateSchema = z.object(
  Object.fromEntries(NOTIFICATION_OPTIONS.map((k) => [k, looseBoolean.optional()])) as Record<NotificationOption, z.ZodOptional<typeof looseBoolean>>,
  { error: 'invalidInput' },
).strict();
export type NotificationsUpdate = z.infer<typeof notificationsUpdateSchema>;
export type NotificationsUpdateInput = z.input<typeof notificationsUpdateSchema>;

/** The e-mail preference choices of spec §3, as stored in ambassadors.email_preferences. */
export const EMAIL_PREFERENCES = ['keep_participating', 'stop_all', 'stop_email'] as const;
export type EmailPreference = (typeof EMAIL_PREFERENCES)[number];

export const optoutSchema = z.object({
  code: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'invalidOptoutCode'),
  action: z.enum(EMAIL_PREFERENCES, { error: 'invalidField' }),
  /** The template of the e-mail the link came from; recorded for the company, never trusted for anything. */
  email_template: z.string({ error: 'invalidField' }).trim().max(64, 'invalidField').regex(/^[\w.-]*$/, 'invalidField').optional().default(''),
}, { error: 'invalidInput' });
export type OptoutInput = z.input<typeof optoutSchema>;
export type Optout = z.output<typeof optoutSchema>;
