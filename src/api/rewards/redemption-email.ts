import { t } from '../../lib/i18n';
import { normalizeLanguage } from '../../lib/languages';
import { outboxSender } from '../core/email';
import type { ServiceContext } from '../core/types';
import type { IssuedDetails } from './providers';

/** Who gets the confirmation e-mail (none when the scheduled run settles a redemption). */
export interface Recipient {
  email: string;
  firstName: string;
  language: string | null;
  companyName: string;
}

/** "Redemption submitted" (spec §8) by e-mail, with the code, in the person's language. */
export async function confirmationEmail(svc: ServiceContext, who: Recipient, company: string, d: IssuedDetails) {
  const lang = normalizeLanguage(who.language) ?? 'en';
  const field = (k: 'card_number' | 'card_code' | 'card_pin' | 'redemption_url' | 'transaction_id', v: string | null) =>
    v ? [`${t(lang, `activityDetail.field.${k}`)}: ${v}`] : [];
  const lines = [
    who.firstName ? t(lang, 'emailHello', { name: who.firstName }) : t(lang, 'emailHelloAnonymous'),
    '',
    t(lang, 'redeemSuccess'),
    '',
    d.card_name,
    ...field('card_number', d.card_number),
    ...field('card_code', d.card_code),
    ...field('card_pin', d.card_pin),
    ...field('redemption_url', d.redemption_url),
    ...field('transaction_id', d.order_id),
  ];
  // Through the sender, so the card details go out at once (queue) rather than at the next sweep.
  await outboxSender(svc.db, svc).send({
    companyId: company, to: who.email, template: 'redemption', subject: t(lang, 'emailRedemptionSubject', { company: who.companyName }), text: lines.join('\n'),
  });
}
