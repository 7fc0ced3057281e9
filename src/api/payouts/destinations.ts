import type { z } from 'zod';
import type {
  PayoutMethod, PayoutRail, paypalConfirmSchema, paypalDestinationSchema, payoutRailSchema,
} from '../../lib/schemas/payout-method';
import { emailLanguage } from '../auth/codes';
import { maskEmail, sendPayoutNotice } from '../auth/payout-notice';
import { isoIn, isoNow, sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import { batch, row, rows, write, written } from '../core/named-batch';
import { clientLimit, enforce } from '../core/rate-limit';
import type { Caller, ServiceContext } from '../core/types';
import { safeJson } from '../core/views';
import { outboxSender } from '../email/outbox';
import { paypalCodeEmail } from '../email/templates';
import {
  chooseRailStatement, countGuessStatement, destinationsStatement, payoutRailStatement, pendingRunItemStatement, pendingPaypalStatement, profileFollowsPaypalStatement,
  readyPaypalStatement, type DestinationRow,
} from './destination-queries';
import { ambassadorRules } from './rules';
import { nextScheduledDay } from '../../lib/payout-schedule';
import { dayClaimedStatement } from './schedule-queries';

// How an ambassador is paid (docs/payouts.md, "The ambassador's side"). A PayPal e-mail is proven by a
// 6-digit code e-mailed to it: only the code's hash is kept (bound to the company, the ambassador and the
// e-mail), it works for 15 minutes and for 5 guesses, and each guess is counted before it is compared. Once
// typed, the destination is `ready` and the profile's `paypal_email` follows, so the manual export pays the
// proven address. The ambassador chooses their rail among ready destinations.

export const PAYPAL_CODE_TTL_MS = 15 * 60 * 1000;
/** Codes e-mailed per ambassador and per client an hour; guesses per ambassador and client a quarter hour. */
export const PAYPAL_CODE_LIMITS = { send: { limit: 5, windowSec: 3600 }, client: { limit: 20, windowSec: 3600 }, guess: { limit: 20, windowSec: 900 } };

const DAY_MS = 86_400_000;

/** Six decimal digits, uniform (a random 32-bit number below the largest multiple of a million). */
function sixDigits(): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < limit) return String(n! % 1_000_000).padStart(6, '0');
  }
}

const codeHashOf = (companyId: string, uid: string, email: string, code: string) => sha256Hex(`paypal-code:${companyId}:${uid}:${email}:${code}`);

/** The company's payout option whose name says `rail` (its id), if any: the payout preference that follows a rail. */
function preferenceOf(caller: Caller, rail: PayoutRail): string | null {
  const options = safeJson<Record<string, string>>(caller.company.payout_preference_options, {});
  const pattern = rail === 'paypal' ? /paypal/i : /stripe/i;
  return Object.entries(options).find(([, name]) => pattern.test(name))?.[0] ?? null;
}

/** GET /v1/ambassadors/{id}/payout_destinations/ - how the caller is paid, and when the next run is drafted. */
export async function payoutMethod(svc: ServiceContext, caller: Caller, now = new Date()): Promise<PayoutMethod> {
  const companyId = caller.company.id;
  const uid = caller.ambassador.uid;
  const today = now.toISOString().slice(0, 10);
  const [{ list, rail, claimed, inRun }, { custom, rules }] = await Promise.all([
    batch(svc.db, {
      inRun: row<{ amount_minor: number; status: 'draft' | 'approved' | 'sending'; created_at: string }>(pendingRunItemStatement(svc.db, companyId, uid)),
      list: rows<DestinationRow>(destinationsStatement(svc.db, companyId, uid)),
      rail: row<{ payout_rail: PayoutRail | null }>(payoutRailStatement(svc.db, companyId, uid)),
      claimed: row<{ claimed: number }>(dayClaimedStatement(svc.db, companyId, today)),
    }),
    ambassadorRules(svc.db, companyId, uid),
  ]);
  const schedule = custom.company.payouts.schedule;
  // Today's run already drafted: the next one is the next scheduled day after today.
  const nextRun = nextScheduledDay(schedule, claimed ? new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS) : now);
  const chosen = rail?.payout_rail ?? null;
  const ready = list.find((d) => d.rail === chosen && d.status === 'ready');
  return {
    payout_rail: chosen,
    destinations: list.map((d) => ({
      rail: d.rail, status: d.status, email_masked: d.paypal_email ? maskEmail(d.paypal_email) : null,
      code_expires_at: d.status === 'pending' ? d.code_expires_at : null,
    })),
    method: ready ? { rail: ready.rail, email_masked: ready.paypal_email ? maskEmail(ready.paypal_email) : null } : null,
    schedule: { every: schedule.every, next_run_on: nextRun },
    in_run: inRun ? { amount: inRun.amount_minor, status: inRun.status, created_at: inRun.created_at } : null,
    currency: caller.company.currency, minimum: rules.minimum, holding_days: rules.holdingDays,
  };
}

/**
 * PUT /v1/ambassadors/{id}/payout_destinations/paypal - a PayPal e-mail to prove: a new code is e-mailed to it
 * (in the ambassador's language) and the destination is pending until it is typed. The same e-mail already
 * proven changes nothing and sends nothing.
 */
export async function setPaypal(svc: ServiceContext, caller: Caller, input: z.output<typeof paypalDestinationSchema>): Promise<PayoutMethod> {
  const companyId = caller.company.id;
  const uid = caller.ambassador.uid;
  const current = (await destinationsStatement(svc.db, companyId, uid).all<DestinationRow>()).results.find((d) => d.rail === 'paypal');
  if (current?.status === 'ready' && current.paypal_email === input.email) return payoutMethod(svc, caller);
  await enforce(svc.db, [
    ...(await clientLimit(svc, 'paypal-code', PAYPAL_CODE_LIMITS.client)),
    { key: `paypal-code:send:${companyId}:${uid}`, ...PAYPAL_CODE_LIMITS.send },
  ]);
  const code = sixDigits();
  const now = isoNow();
  await pendingPaypalStatement(svc.db, companyId, uid, input.email, await codeHashOf(companyId, uid, input.email, code), isoIn(PAYPAL_CODE_TTL_MS), now).run();
  const lang = await emailLanguage(svc.db, companyId, caller.user.id);
  const { subject, text } = paypalCodeEmail(lang, { company: caller.company.name, firstName: caller.user.first_name, code, ttlMinutes: PAYPAL_CODE_TTL_MS / 60_000 });
  await outboxSender(svc.db, svc).send({ companyId, to: input.email, template: 'paypal_code', subject, text });
  return payoutMethod(svc, caller);
}

/**
 * POST /v1/ambassadors/{id}/payout_destinations/paypal/confirm - the code typed: the destination is ready and
 * the profile's PayPal e-mail follows; the account's owner hears of the change as of any payout detail. A wrong,
 * expired or spent code is a 409 saying which.
 */
export async function confirmPaypal(svc: ServiceContext, caller: Caller, input: z.output<typeof paypalConfirmSchema>): Promise<PayoutMethod> {
  const companyId = caller.company.id;
  const uid = caller.ambassador.uid;
  await enforce(svc.db, [
    ...(await clientLimit(svc, 'paypal-guess', PAYPAL_CODE_LIMITS.guess)),
    { key: `paypal-code:guess:${companyId}:${uid}`, ...PAYPAL_CODE_LIMITS.guess },
  ]);
  const now = isoNow();
  const { guess } = await batch(svc.db, { guess: row<{ code_hash: string; code_expires_at: string; paypal_email: string }>(countGuessStatement(svc.db, companyId, uid, now)) });
  if (!guess) {
    const paypal = (await destinationsStatement(svc.db, companyId, uid).all<DestinationRow>()).results.find((d) => d.rail === 'paypal');
    throw new ApiError('conflict', paypal?.status === 'pending' && paypal.code_hash ? 'payoutCodeSpent' : 'payoutCodeNone');
  }
  if (guess.code_expires_at <= now) throw new ApiError('conflict', 'payoutCodeExpired');
  const hash = await codeHashOf(companyId, uid, guess.paypal_email, input.code);
  if (hash !== guess.code_hash) throw new ApiError('conflict', 'payoutCodeWrong');
  const { ready } = await batch(svc.db, {
    ready: written(readyPaypalStatement(svc.db, companyId, uid, hash, now)),
    profile: write(profileFollowsPaypalStatement(svc.db, companyId, uid, guess.paypal_email, preferenceOf(caller, 'paypal'))),
  });
  // A code sent in between replaced this one.
  if (!ready) throw new ApiError('conflict', 'payoutCodeWrong');
  if (guess.paypal_email !== caller.ambassador.paypal_email) {
    await sendPayoutNotice(svc, caller.company, caller.user, 'changed', { paypal_email: guess.paypal_email });
  }
  return payoutMethod(svc, caller);
}

/** PUT /v1/ambassadors/{id}/payout_rail - the rail the caller is paid on, among their ready destinations. */
export async function chooseRail(svc: ServiceContext, caller: Caller, input: z.output<typeof payoutRailSchema>): Promise<PayoutMethod> {
  const { chosen } = await batch(svc.db, {
    chosen: written(chooseRailStatement(svc.db, caller.company.id, caller.ambassador.uid, input.rail, preferenceOf(caller, input.rail))),
  });
  if (!chosen) throw new ApiError('conflict', 'payoutDestinationNotReady');
  return payoutMethod(svc, caller);
}
