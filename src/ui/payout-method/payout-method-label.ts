import { t, type Language } from '../../lib/i18n';
import type { PayoutMethod } from '../../lib/schemas/payout-method';

/** "PayPal (a•••@e•••.com)" or "Stripe": how the next payout is sent, in `lang`; null without a ready method. */
export function payoutMethodLabel(method: PayoutMethod['method'], lang: Language): string | null {
  if (!method) return null;
  return method.rail === 'paypal' ? t(lang, 'payoutMethod.paypal', { email: method.email_masked ?? '' }) : t(lang, 'payoutMethod.stripe');
}
