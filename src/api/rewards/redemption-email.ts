import { emailLanguageOf } from '../auth/codes';
import { outboxSender } from '../email/outbox';
import { redemptionEmail } from '../email/templates';
import type { ServiceContext } from '../core/types';
import { redemptionByKey } from '../money/redemptions';
import type { IssuedDetails } from './providers';
import { redemptionView } from './redemption-view';

/** Who gets the confirmation e-mail (none when the scheduled run settles a redemption). */
export interface Recipient {
  email: string;
  firstName: string;
  /** Their saved language (null: none saved, the company's default is used). */
  language: string | null;
  companyName: string;
}

/**
 * "Redemption submitted" (spec §8) by e-mail, with the code, in the recipient's language as every e-mail picks
 * it (their saved language, else the company's default: ../auth/codes.ts), decided when it is sent; the reward
 * is named in that language too, read from the redemption `rkey` now rather than as the provider
 * was told it, which is the company's default language.
 */
export async function confirmationEmail(svc: ServiceContext, who: Recipient, company: string, rkey: string, d: IssuedDetails) {
  const [lang, row] = await Promise.all([emailLanguageOf(svc.db, company, who.language), redemptionByKey(svc.db, company, rkey)]);
  const cardName = row ? redemptionView(row, [], lang).gift_card?.card_name ?? d.card_name : d.card_name;
  const { subject, text } = redemptionEmail(lang, {
    company: who.companyName, firstName: who.firstName, cardName,
    fields: { card_number: d.card_number, card_code: d.card_code, card_pin: d.card_pin, redemption_url: d.redemption_url, transaction_id: d.order_id },
  });
  // Through the sender, so the card details go out at once (queue) rather than at the next sweep.
  await outboxSender(svc.db, svc).send({
    companyId: company, to: who.email, template: 'redemption', subject, text,
  });
}
