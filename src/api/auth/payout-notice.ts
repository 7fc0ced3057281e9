import { outboxSender } from '../email/outbox';
import { payoutNoticeEmail } from '../email/templates';
import type { ServiceContext } from '../core/types';
import { emailLanguage, linkOrigin } from '../auth/codes';
import type { PayoutDetails } from '../auth/queries';
import type { CompanyRow } from '../core/rows';
import { t, type Language } from '../../lib/i18n';
import { paymentMethodLabel } from '../../lib/payment-methods';
import { labelValue } from '../../lib/label-value';

// The owner of an account hears of every change of its payout details (someone who registered
// another person's e-mail could leave their own PayPal address on it). The e-mail names what changed,
// masked, and says what to do when it was not them.

const PAYOUT_FIELDS = ['payout_preference', 'paypal_email', 'dwolla_email'] as const;
const LABELS = { payout_preference: 'payoutPreference', paypal_email: 'paypalEmail', dwolla_email: 'dwollaEmail' } as const;

/** "jane.doe@example.com" -> "j•••@e•••.com": enough to recognise, not enough to use. */
export function maskEmail(value: string): string {
  const [local = '', domain = ''] = value.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`;
}

function describe(details: Partial<PayoutDetails>, lang: Language): string {
  return PAYOUT_FIELDS.filter((f) => details[f] !== undefined).map((f) => {
    const value = details[f];
    const shown = !value ? t(lang, 'emailPayoutRemoved') : f === 'payout_preference' ? paymentMethodLabel(value, lang) : maskEmail(value);
    return `- ${labelValue(lang, t(lang, LABELS[f]), shown)}`;
  }).join('\n');
}

/** The payout fields a profile change sets to another value than they had (none: null). */
export function payoutChanges(before: PayoutDetails, update: Partial<Record<keyof PayoutDetails, string | null | undefined>>): Partial<PayoutDetails> | null {
  const changed: Partial<PayoutDetails> = {};
  for (const f of PAYOUT_FIELDS) {
    const next = update[f];
    if (next !== undefined && (next || null) !== (before[f] || null)) changed[f] = next;
  }
  return Object.keys(changed).length ? changed : null;
}

/**
 * E-mails the owner: `changed` (their payout details were just changed to these values) or `cleared`
 * (details set before the e-mail was proven were removed when it was). A change on an account whose
 * e-mail nobody has proven yet says so: the details go when the address is proven, and a person who did
 * not sign up takes the account over with "Forgot password?".
 */
export async function sendPayoutNotice(
  svc: ServiceContext, company: CompanyRow, user: { id: number; email: string; first_name: string; email_unconfirmed?: number },
  kind: 'changed' | 'cleared', details: Partial<PayoutDetails>,
) {
  const lang = await emailLanguage(svc.db, company.id, user.id);
  const origin = await linkOrigin(svc, company);
  const { subject, text } = payoutNoticeEmail(lang, kind, {
    company: company.name, firstName: user.first_name, changes: describe(details, lang),
    login: `${origin}/login`, forgot: `${origin}/forgot-password`, unproven: !!user.email_unconfirmed,
  });
  await outboxSender(svc.db, svc).send({
    companyId: company.id,
    to: user.email,
    template: `payout_details_${kind}`,
    subject,
    text,
  });
}
