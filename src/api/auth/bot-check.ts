import type { BotCheckAnswer } from '../../lib/schemas/accounts';
import { z } from 'zod';
import { clientLimit, enforce, RECAPTCHA_LIMITS } from '../core/rate-limit';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';

// The score-based bot check (spec §5, §7, §9): a token from the provider's browser script is verified
// on the server; it passes only with status "Ok" and a score above 0.5. Production calls reCAPTCHA's
// verify endpoint with RECAPTCHA_SECRET; tests and local runs set BOT_CHECK_STUB to use the stub.

export const BOT_SCORE_THRESHOLD = 0.5;

export interface BotCheckVerdict {
  score: number;
  status: 'Ok' | 'Error';
  /**
   * The provider could not be asked (no secret configured, network error, provider error): the token was
   * not judged. A check that guards an existing account (login) must then fall back to slowing attempts
   * down, never refuse the owner because of our own outage.
   */
  unavailable?: true;
}

export interface BotCheck {
  /** False when there is no provider to ask (no secret): every verdict would be `unavailable`. */
  readonly available: boolean;
  verify(token: string, action?: string, remoteIp?: string): Promise<BotCheckVerdict>;
}

export const passesBotCheck = (v: BotCheckVerdict) => v.status === 'Ok' && v.score > BOT_SCORE_THRESHOLD;

const VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** reCAPTCHA v3: a token is Ok when the provider accepts it and, if we named an action, it matches. */
export function recaptchaBotCheck(secret: string, fetchImpl: typeof fetch = fetch): BotCheck {
  return {
    available: true,
    async verify(token, action, remoteIp) {
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await fetchImpl(VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
        if (!res.ok) return { score: 0, status: 'Error', unavailable: true };
        const data = (await res.json()) as { success?: boolean; score?: number; action?: string };
        const ok = data.success === true && (!action || !data.action || data.action === action);
        return { score: typeof data.score === 'number' ? data.score : 0, status: ok ? 'Ok' : 'Error' };
      } catch (err) {
        console.error('bot-check: verify failed', err);
        return { score: 0, status: 'Error', unavailable: true };
      }
    },
  };
}

/** Stub: token "pass" scores 0.9, "fail" 0.1, anything else is an error. */
export function stubBotCheck(): BotCheck {
  return {
    available: true,
    async verify(token) {
      if (token === 'pass') return { score: 0.9, status: 'Ok' };
      if (token === 'fail') return { score: 0.1, status: 'Ok' };
      return { score: 0, status: 'Error' };
    },
  };
}

/**
 * The stub when BOT_CHECK_STUB is set, else the provider. Without a secret every verdict is a failure
 * marked `unavailable`: registration fails closed, the login guard slows down instead.
 */
export function botCheckFor(env: Env): BotCheck {
  if (env.BOT_CHECK_STUB) return stubBotCheck();
  if (env.RECAPTCHA_SECRET) return recaptchaBotCheck(env.RECAPTCHA_SECRET);
  return { available: false, verify: async () => ({ score: 0, status: 'Error', unavailable: true }) };
}

export const botCheckSchema = z.object({
  token: z.string({ error: 'required' }).trim().min(1, 'required').max(4096, 'invalidField'),
  action: z.string({ error: 'invalidField' }).trim().max(100, 'invalidField').optional(),
});
export type BotCheckInput = z.infer<typeof botCheckSchema>;

/** POST /recaptcha - verifies a bot-check token: {score, status, token, isValid}. */
export async function verifyBotCheck(svc: ServiceContext, input: BotCheckInput): Promise<BotCheckAnswer> {
  await enforce(svc.db, await clientLimit(svc, 'recaptcha', RECAPTCHA_LIMITS.client));
  const { token, action } = parseWith(botCheckSchema, input);
  const verdict = await botCheckFor(svc.env).verify(token, action, svc.clientIp ?? undefined);
  return { score: verdict.score, status: verdict.status, token, isValid: passesBotCheck(verdict) };
}
