/**
 * The one upper bound of money the portal takes in: no input, from a store (Stripe, Shopify), the lead and
 * sale API or the operator API, carries an amount above MAX_MONEY_MINOR minor units of its currency, and
 * none is booked. Twelve digits: the largest amount Stripe charges in any currency (the Indonesian rupiah,
 * two decimals: Rp 9 999 999 999,99), so a real sale is never refused, while a forged or mistaken
 * 9007199254740991 can neither book a 9e14 commission nor push a sum past JavaScript's exact integers
 * (9007 such amounts would). Some fields take less (a catalogue price, a payout minimum); none takes more.
 * The database refuses a commission above it as well (migration 0027, `amount_out_of_range`).
 */
export const MAX_MONEY_MINOR = 999_999_999_999;

/** Why an amount of `field` is refused: the bound, in minor units. */
export const moneyTooLargeMessage = (field: string) =>
  `${field} is above the largest amount accepted: ${MAX_MONEY_MINOR} in minor units of the currency.`;
