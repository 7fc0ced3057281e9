import { localizeMessage } from '../../../lib/error-body';
import { t } from '../../../lib/i18n';
import { paypalConfirmSchema, paypalDestinationSchema, payoutRailSchema } from '../../../lib/schemas/payout-method';
import { attempt, back, failed, readFailure, type AccountFormState } from './account';

// The payout method forms of /app/account (src/ui/payout-method/PaypalMethod.astro): a PayPal e-mail to
// prove (a code is e-mailed to it), the code, and the rail to be paid on. Each is checked here first so a
// field gets its message in the page language; a refused code (wrong, expired, spent) comes back as the
// section's message.

const ACTIONS = ['paypal_email', 'paypal_confirm', 'payout_rail'] as const;
type PayoutMethodAction = (typeof ACTIONS)[number];
export const isPayoutMethodAction = (action: string): action is PayoutMethodAction => (ACTIONS as readonly string[]).includes(action);

const SCHEMAS = {
  paypal_email: { schema: paypalDestinationSchema, field: 'email', done: 'payoutMethod.codeSent' },
  paypal_confirm: { schema: paypalConfirmSchema, field: 'code', done: 'payoutMethod.paypalSaved' },
  payout_rail: { schema: payoutRailSchema, field: 'rail', done: 'payoutMethod.railSaved' },
} as const;

/** A payout method form: the call of its action, then back to the payment section. */
export async function savePayoutMethod(
  locals: App.Locals, action: PayoutMethodAction, form: FormData, submitted: Record<string, string>,
): Promise<Response | AccountFormState> {
  const { lang } = locals.requestContext;
  const { schema, field, done } = SCHEMAS[action];
  const raw = { [field]: String(form.get(field) ?? '') };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const message = localizeMessage(lang, parsed.error.issues[0]?.message ?? 'invalidField');
    return failed('payment', submitted, { [`payout_${field}`]: message }, message);
  }
  return attempt(locals, async () => {
    const { client } = locals;
    if (action === 'paypal_email') await client.setPaypalDestination({ body: raw as { email: string } });
    else if (action === 'paypal_confirm') await client.confirmPaypalDestination({ body: raw as { code: string } });
    else await client.choosePayoutRail({ body: raw as { rail: 'paypal' | 'stripe' } });
    return back('ok', 'payment', done);
  }, (err) => {
    const { detail, fields } = readFailure(err, lang);
    const message = Object.values(fields)[0] ?? detail ?? t(lang, 'accountChangesError');
    // Shown by the field it is about (a refused code by the code), in the page language.
    return failed('payment', submitted, { [action === 'paypal_confirm' ? 'payout_code' : `payout_${field}`]: message }, message);
  });
}
