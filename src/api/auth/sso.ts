import type { SignedIn } from '../../lib/schemas/accounts';
import { z } from 'zod';
import type { MessageKey } from '../../lib/i18n';
import { ssoSchema, type SsoInput } from '../../lib/schemas/passwords';
import { companyFor } from './codes';
import { sessionAnswer } from './login';
import { confirmEmail, markSsoTokenUsed } from './queries';
import { sendPayoutNotice } from './payout-notice';
import { findAmbassadorByUser, findUserByEmail } from './user-queries';
import { hmacKey } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';

// Single sign-on: a company's own site signs an ambassador in with a short-lived, single-use token
//   base64url(JSON {email, exp, jti, company}) "." base64url(HMAC-SHA256(sso_secret, first part))
// exp is in Unix seconds and may be at most 10 minutes ahead; jti is recorded so a token works once.

export const SSO_MAX_LIFETIME_SEC = 600;

const payloadSchema = z.object({
  email: z.string().trim().min(1).max(254),
  exp: z.number().int().positive(),
  jti: z.string().min(8).max(128).regex(/^[\w.:-]+$/),
  company: z.string().min(1).max(64),
});
export type SsoPayload = z.infer<typeof payloadSchema>;

const enc = new TextEncoder();

export function base64url(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? enc.encode(bytes) : bytes;
  return btoa(String.fromCharCode(...data)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
    return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** What a company's server does (also used by tests): sign a payload with the company's secret. */
export async function signSsoToken(payload: SsoPayload, secret: string): Promise<string> {
  const body = base64url(JSON.stringify(payload));
  const sig = await crypto.subtle.sign('HMAC', await hmacKey(secret), enc.encode(body));
  return `${body}.${base64url(new Uint8Array(sig))}`;
}

const refuse = (key: MessageKey) => new ApiError('bad_request', key);

/** Checks a token for a company; returns the payload or throws the reason in words. */
export async function verifySsoToken(token: string, companyId: string, secret: string | null, nowSec = Math.floor(Date.now() / 1000)) {
  const parts = token.split('.');
  const bodyBytes = parts.length === 2 ? unbase64url(parts[0]!) : null;
  const sig = parts.length === 2 ? unbase64url(parts[1]!) : null;
  if (!bodyBytes || !sig) throw refuse('ssoInvalid');
  let payload: SsoPayload;
  try {
    payload = payloadSchema.parse(JSON.parse(new TextDecoder().decode(bodyBytes)));
  } catch {
    throw refuse('ssoInvalid');
  }
  if (payload.company !== companyId) throw refuse('ssoForeign');
  if (!secret) throw refuse('ssoDisabled');
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), sig, enc.encode(parts[0]!));
  if (!ok) throw refuse('ssoInvalid');
  if (payload.exp <= nowSec) throw refuse('ssoExpired');
  if (payload.exp > nowSec + SSO_MAX_LIFETIME_SEC) throw refuse('ssoInvalid');
  return payload;
}

/** POST /auth/sso/?host= - exchanges a company-signed token for a session (the same answer as log in). */
export async function signInWithSso(svc: ServiceContext, host: string | null, input: SsoInput): Promise<SignedIn> {
  const company = await companyFor(svc, host);
  const { token } = parseWith(ssoSchema, input);
  const payload = await verifySsoToken(token, company.id, company.sso_secret);
  const fresh = await markSsoTokenUsed(svc.db, company.id, payload.jti, new Date(payload.exp * 1000).toISOString(), new Date().toISOString());
  if (!fresh) throw refuse('ssoUsed');
  const user = await findUserByEmail(svc.db, company.id, payload.email);
  const ambassador = user ? await findAmbassadorByUser(svc.db, company.id, user.id) : null;
  if (!user || !ambassador) throw refuse('ssoNoAccount');
  // The company's own sign-on vouches for the address, as an e-mailed code does.
  const cleared = await confirmEmail(svc.db, company.id, user.id);
  if (cleared) await sendPayoutNotice(svc, company, user, 'cleared', cleared);
  return sessionAnswer(svc.db, company, user, ambassador.uid);
}
