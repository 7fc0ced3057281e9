import { localizeErrorBody } from '../../../lib/error-body';
import { t, type Language } from '../../../lib/i18n';
import { formInteger } from '../../../lib/schemas/numbers';
import { ClientError, type RedeemAnswer } from '../../client';
import { redirectClearingSession } from '../page-data';
import { readForm, seeOther } from './form';

// The redeem forms of /app/rewards (gift cards, legacy) and /app/rewards/v3 (vault items, admin3):
// plain HTML forms posting to their page, so they work without JavaScript. Each rendered form carries
// its own idempotency_key: a double click or a resubmit of the same form spends once (the API replays
// the first answer). A success is a 303 to the page's success view (post/redirect/get); a refusal shows
// the redeem view again with the API's message in the page language. Every redeem spends, so every one
// asks first (docs/money-and-loyalty.md#redeeming): the page's confirmation dialog sends the form with
// `confirmed=yes`; a form sent without it (no JavaScript) spends nothing and comes back as a
// confirmation step (`spendConfirmStep`) that carries the same fields, its own idempotency_key included.

export const LEGACY_PATH = '/app/rewards';
export const V3_PATH = '/app/rewards/v3';

/** A fulfilment the provider refused (502): a title, the detail (contact e-mail) and the reason. */
export interface RedeemFailure {
  title: string;
  detail: string | null;
  reason: string | null;
}

/** What a refused post leaves for the page to render. */
export interface RedeemFormState {
  /** HTTP status of the page: what the API gave (400, 403, 404, 409, 422, 502) or 500. */
  status: number;
  /** The gift card (legacy) or vault item (v3) the form was for. */
  target: string;
  /** The variant chosen (v3), to keep it chosen. */
  variant: string;
  /** The amount as typed (range gift cards). */
  amount: string;
  /** A message next to the amount input (minimum, maximum, invalid). */
  amountError: string | null;
  /** A message about no field: not enough funds, out of stock, anything else. */
  formError: string | null;
  /** A refused fulfilment (502): nothing was charged. */
  failure: RedeemFailure | null;
  /** Not refused but not confirmed yet: the fields to send again, with `confirmed=yes`, once the person says Yes. */
  confirm?: [string, string][];
}

/** A redeem post without `confirmed=yes`: the confirmation step to show (nothing spent), else null. */
export async function spendConfirmStep(request: Request): Promise<RedeemFormState | null> {
  const form = await readForm(request.clone() as Request);
  if (form.get('confirmed') === 'yes') return null;
  const fields = [...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'confirmed');
  return {
    status: 200, target: text(form, 'gift_card_uid') || text(form, 'vault_item'), variant: text(form, 'variant_item'), amount: text(form, 'amount'),
    amountError: null, formError: null, failure: null, confirm: fields,
  };
}

/** The API's in-flight answer for a key still being processed is retried this often, this far apart. */
const IN_FLIGHT_RETRIES = 8;
const IN_FLIGHT_WAIT_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const codeOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : null;

/**
 * Sends a redeem call; the second of two posts of one form (a double click) finds the first still
 * running (409 in flight) and waits for its answer, which the API then replays.
 */
async function redeemOnce(send: () => Promise<RedeemAnswer>): Promise<RedeemAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const inFlight = err instanceof ClientError && err.status === 409 && codeOf(err.body) === 'idempotencyKeyInFlight';
      if (!inFlight || attempt >= IN_FLIGHT_RETRIES) throw err;
      await sleep(IN_FLIGHT_WAIT_MS);
    }
  }
}

/** A refused call in the page language: the amount's message by the input, the rest as the form's message. */
function refusal(err: ClientError, lang: Language, hasAmountField: boolean): Pick<RedeemFormState, 'status' | 'amountError' | 'formError' | 'failure'> {
  const localized = localizeErrorBody(err.body, lang);
  const code = codeOf(err.body);
  if (err.status === 502) {
    return {
      status: 502, amountError: null, formError: null,
      failure: { title: t(lang, 'redeemFailedTitle'), detail: localized.detail, reason: localized.fields.error ?? null },
    };
  }
  // The same rendered form sent again with other values (e.g. after the back button): a new form is shown.
  if (err.status === 422 && code === 'idempotencyKeyReused') {
    return { status: 422, amountError: null, formError: t(lang, 'rewards.formStale'), failure: null };
  }
  if (err.status === 409 && code === 'idempotencyKeyInFlight') {
    return { status: 409, amountError: null, formError: t(lang, 'rewards.stillProcessing'), failure: null };
  }
  const { amount, variant_item: variant, ...others } = localized.fields;
  const amountError = amount ?? null;
  // v3 has no amount input: a price that changed since the form was rendered is the form's message.
  const messages = [localized.detail, variant === undefined ? null : t(lang, 'rewards.chooseOption'), ...Object.values(others)];
  if (!hasAmountField) messages.push(amountError);
  const formError = messages.filter(Boolean).join(' ') || null;
  return {
    status: err.status,
    amountError: hasAmountField ? amountError : null,
    formError: formError ?? (hasAmountField && amountError ? null : t(lang, 'generic')),
    failure: null,
  };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
/** The form's key, or none: an unusable key must not stop the redemption (the API checks its shape). */
const keyOf = (form: FormData) => text(form, 'idempotency_key').slice(0, 255) || null;
/** The redeem call's Idempotency-Key header (none without a key). */
const keyed = (form: FormData): Record<string, string> | undefined => {
  const key = keyOf(form);
  return key ? { 'idempotency-key': key } : undefined;
};
/**
 * An amount as `formInteger` reads it: a number, or the text as typed when it is not decimal digits, which the API refuses
 * with the amount's message (the body's type says number: the API takes JSON integers only).
 */
const amountOf = (typed: string) => formInteger(typed) as number;

async function handle(
  locals: App.Locals, lang: Language, state: Omit<RedeemFormState, 'status' | 'amountError' | 'formError' | 'failure'>,
  hasAmountField: boolean, send: () => Promise<RedeemAnswer>, successPath: string,
): Promise<Response | RedeemFormState> {
  try {
    const answer = await redeemOnce(send);
    // The fragment is explicit: a browser keeps the form action's own (#redeem) across the redirect otherwise.
    return seeOther(`${successPath}?redeemed=${encodeURIComponent(String(answer.results.id))}#redemption`);
  } catch (err) {
    if (err instanceof ClientError && err.status === 401) return redirectClearingSession(locals, '/login');
    if (err instanceof ClientError) return { ...state, ...refusal(err, lang, hasAmountField) };
    console.error('redeem form:', err);
    return { ...state, status: 500, amountError: null, formError: t(lang, 'generic'), failure: null };
  }
}

/**
 * POST /app/rewards: `gift_card_uid`, `amount` (range rewards: the points typed; fixed ones send none)
 * and `idempotency_key`.
 */
export async function handleGiftCardRedeemPost(locals: App.Locals, request: Request, lang: Language): Promise<Response | RedeemFormState> {
  const form = await readForm(request);
  const target = text(form, 'gift_card_uid');
  const amount = text(form, 'amount');
  const hasAmountField = form.has('amount');
  return handle(locals, lang, { target, variant: '', amount }, hasAmountField, () => locals.client.redeemGiftCard({
    body: { gift_card_uid: target, ...(amount ? { amount: amountOf(amount) } : {}) }, headers: keyed(form),
  }), LEGACY_PATH);
}

/**
 * POST /app/rewards/v3: `vault_item`, `variant_item` (the radio chosen), `cost_<variant>` (what the
 * variant cost when the form was rendered: the API refuses it if the price changed since) and
 * `idempotency_key`.
 */
export async function handleVaultRedeemPost(locals: App.Locals, request: Request, lang: Language): Promise<Response | RedeemFormState> {
  const form = await readForm(request);
  const target = text(form, 'vault_item');
  const variant = text(form, 'variant_item');
  const cost = variant ? text(form, `cost_${variant}`) : '';
  const portal = locals.portal.portal_uid;
  return handle(locals, lang, { target, variant, amount: cost }, false, () => locals.client.redeemVaultItem({
    params: { portal, item: target || '-' }, body: { variant_item: variant, ...(cost ? { amount: amountOf(cost) } : {}) }, headers: keyed(form),
  }), V3_PATH);
}
