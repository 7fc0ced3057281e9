import { t, type Language, type MessageKey } from '../../lib/i18n';
import { formatLongDate } from '../../lib/dates';
import { formatMoney } from '../../lib/format';
import { labelValue } from '../../lib/label-value';
import { formatPoints } from '../../lib/points';
import { emailGreeting } from './outbox';
import type { FailureCode } from '../../lib/schemas/payout-runs';

// Every e-mail the portal writes, composed in one place: the services that send them (auth/codes.ts,
// auth/payout-notice.ts, rewards/redemption-email.ts, loyalty/scheduled.ts) and the console's preview and
// test send (./template-preview.ts) call the same functions, so what staff see is what ambassadors get.

export const EMAIL_KINDS = [
  'welcome', 'invite', 'set_password', 'reset_password', 'payout_details_changed', 'payout_details_cleared', 'redemption', 'points_expiring', 'payout_failed',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface ComposedEmail {
  subject: string;
  text: string;
}

/** The e-mails that carry a link with a one-time code. */
export type CodeEmailKind = 'welcome' | 'reset_password' | 'set_password' | 'invite';

const CODE_KEYS = { welcome: 'Welcome', set_password: 'SetPassword', reset_password: 'Reset', invite: 'Invite' } as const;

/** A link with a code (welcome, invitation, set or reset password), valid for `ttlMinutes`. */
export function codeEmail(
  lang: Language, kind: CodeEmailKind,
  p: { company: string; firstName: string | null; link: string; code: string; ttlMinutes: number; login: string },
): ComposedEmail {
  const valid = p.ttlMinutes < 120 ? t(lang, 'emailValidMinutes', { n: p.ttlMinutes }) : t(lang, 'emailValidHours', { n: Math.round(p.ttlMinutes / 60) });
  const params = { company: p.company, link: p.link, code: p.code, valid, login: p.login };
  const key = CODE_KEYS[kind];
  return {
    subject: t(lang, `email${key}Subject` as MessageKey, params),
    text: `${emailGreeting(lang, p.firstName)}\n\n${t(lang, `email${key}Body` as MessageKey, params)}`,
  };
}

/**
 * The owner hears that their payout details changed (`changed`; `unproven` when nobody proved the address yet)
 * or were removed when the address was proven (`cleared`); `changes` is the list of what changed, masked.
 */
export function payoutNoticeEmail(
  lang: Language, kind: 'changed' | 'cleared',
  p: { company: string; firstName: string | null; changes: string; login: string; forgot: string; unproven: boolean },
): ComposedEmail {
  const params = { company: p.company, changes: p.changes, login: p.login, forgot: p.forgot };
  const subject = kind === 'changed' ? t(lang, 'emailPayoutChangedSubject', params) : t(lang, 'emailPayoutClearedSubject', params);
  const body = kind === 'cleared' ? t(lang, 'emailPayoutClearedBody', params)
    : p.unproven ? t(lang, 'emailPayoutChangedUnprovenBody', params) : t(lang, 'emailPayoutChangedBody', params);
  return { subject, text: `${emailGreeting(lang, p.firstName)}\n\n${body}` };
}

/** The 6-digit code that proves a PayPal e-mail as the ambassador's payout address, valid for `ttlMinutes`. */
export function paypalCodeEmail(lang: Language, p: { company: string; firstName: string | null; code: string; ttlMinutes: number }): ComposedEmail {
  const params = { company: p.company, code: p.code, minutes: p.ttlMinutes };
  return { subject: t(lang, 'emailPaypalCodeSubject', params), text: `${emailGreeting(lang, p.firstName)}\n\n${t(lang, 'emailPaypalCodeBody', params)}` };
}

export type RedemptionField = 'card_number' | 'card_code' | 'card_pin' | 'redemption_url' | 'transaction_id';

/** "Redemption submitted", with the gift card's name and whichever of its details the provider gave. */
export function redemptionEmail(
  lang: Language, p: { company: string; firstName: string | null; cardName: string; fields: Partial<Record<RedemptionField, string | null>> },
): ComposedEmail {
  const order: RedemptionField[] = ['card_number', 'card_code', 'card_pin', 'redemption_url', 'transaction_id'];
  const lines = [
    emailGreeting(lang, p.firstName), '', t(lang, 'redeemSuccess'), '', p.cardName,
    ...order.flatMap((k) => (p.fields[k] ? [labelValue(lang, t(lang, `activityDetail.field.${k}`), p.fields[k])] : [])),
  ];
  return { subject: t(lang, 'emailRedemptionSubject', { company: p.company }), text: lines.join('\n') };
}

/** Points (or money) of the ambassador's that lapse on `date` unless redeemed (`amount` already formatted). */
export function pointsExpiringEmail(
  lang: Language, p: { company: string; firstName: string | null; amount: string; date: string; link: string },
): ComposedEmail {
  const params = { company: p.company, amount: p.amount, date: p.date, link: p.link };
  return { subject: t(lang, 'emailPointsExpiringSubject', params), text: `${emailGreeting(lang, p.firstName)}\n\n${t(lang, 'emailPointsExpiringBody', params)}` };
}

/** Why a payout failed, as the ambassador is told (src/api/payouts/settle.ts FAILURE_CODES). */
export type PayoutFailureCode = FailureCode;

/** "Your payout did not reach you": how much, why, that the amount is payable again, and where to see it. */
export function payoutFailedEmail(
  lang: Language, p: { company: string; firstName: string | null; amount: string; reason: PayoutFailureCode; link: string },
): ComposedEmail {
  const params = { company: p.company, amount: p.amount, reason: t(lang, `payoutFailure.${p.reason}` as MessageKey), link: p.link };
  return { subject: t(lang, 'emailPayoutFailedSubject', params), text: `${emailGreeting(lang, p.firstName)}\n\n${t(lang, 'emailPayoutFailedBody', params)}` };
}

/** What a sample e-mail is written about: the company and where its links lead. */
export interface SampleCompany {
  name: string;
  origin: string;
  pointName: string | null;
}

/** The sample recipient every preview greets. */
export const SAMPLE_FIRST_NAME = 'Alex';
const SAMPLE_CODE = 'K7QW2M9XPA';
const SAMPLE_EMAIL = 'alex@example.com';

/** `kind` as an ambassador would get it, with sample data (a made-up code, a masked PayPal address, a gift card). */
export function sampleEmail(lang: Language, kind: EmailKind, company: SampleCompany): ComposedEmail {
  const base = { company: company.name, firstName: SAMPLE_FIRST_NAME };
  const login = `${company.origin}/login`;
  switch (kind) {
    case 'welcome': case 'invite': case 'set_password': case 'reset_password': {
      const q = new URLSearchParams({ email: SAMPLE_EMAIL, code: SAMPLE_CODE });
      const link = kind === 'reset_password' ? `${company.origin}/reset-password?${q}` : `${company.origin}/set-password?${q}`;
      return codeEmail(lang, kind, { ...base, link, code: SAMPLE_CODE, ttlMinutes: kind === 'reset_password' ? 30 : 72 * 60, login });
    }
    case 'payout_details_changed': case 'payout_details_cleared': {
      const changes = `- ${labelValue(lang, t(lang, 'paypalEmail'), 'a•••@e•••.com')}`;
      return payoutNoticeEmail(lang, kind === 'payout_details_changed' ? 'changed' : 'cleared', {
        ...base, changes, login, forgot: `${company.origin}/forgot-password`, unproven: false,
      });
    }
    case 'redemption':
      return redemptionEmail(lang, { ...base, cardName: 'Gift card 25', fields: { card_code: 'GC-4F7K-22QX', transaction_id: 'ord_7d2e91' } });
    case 'points_expiring': {
      const date = formatLongDate(new Date(Date.now() + 14 * 86_400_000).toISOString(), { lang });
      return pointsExpiringEmail(lang, { ...base, amount: formatPoints(500, company.pointName, lang), date, link: `${company.origin}/app/rewards` });
    }
    case 'payout_failed':
      return payoutFailedEmail(lang, { ...base, amount: formatMoney(4250, 'USD', lang), reason: 'unclaimed', link: `${company.origin}/app/payouts/po-sample` });
  }
}
