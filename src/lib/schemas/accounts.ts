import { z } from 'zod';
import { components } from './registry';

// What the ambassador API answers when a person signs in, registers or proves their e-mail (spec §7 auth
// area). Kept apart from ./auth.ts and ./passwords.ts, which the sign-in forms load: these schemas
// register themselves with the document's components when loaded.

const isoTime = z.string().describe('ISO 8601 UTC time');

export const accountAnswer = z.object({
  userid: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** POST /auth/ambassador/ and /auth/sso/ - a session: the token for `Authorization: Token`, the account. */
export const signedInAnswer = z
  .object({
    token: z.string().describe('`Authorization: Token <token>` for the ambassador API'),
    expires_at: isoTime,
    account: accountAnswer,
    ambassador_uid: z.string(),
    company_id: z.string(),
  })
  .register(components, { id: 'SignedIn' });
export type SignedIn = z.output<typeof signedInAnswer>;

/** POST /auth/session/ - a registration session for the register call's X-Client-Session-Id. */
export const registrationSessionAnswer = z
  .object({ client_session_uid: z.string(), expires_at: isoTime })
  .register(components, { id: 'RegistrationSession' });
export type RegistrationSession = z.output<typeof registrationSessionAnswer>;

/** POST /companies/{company}/register/ - the new account; a session too when the company logs new accounts in. */
export const registeredAnswer = z
  .object({
    detail: z.string(),
    account: accountAnswer,
    ambassador_uid: z.string(),
    company_id: z.string(),
    auto_login: z.boolean().describe('The company logs new accounts in: `token` and `expires_at` are set'),
    redirect: z.string().nullable().describe('Where the company sends a new ambassador (one of its hosts), or null'),
    token: z.string().optional(),
    expires_at: isoTime.optional(),
  })
  .register(components, { id: 'Registered' });
export type Registered = z.output<typeof registeredAnswer>;

/** A password set, reset or changed: the message to show. */
export const detailAnswer = z.object({ detail: z.string() }).register(components, { id: 'Detail' });
export type Detail = z.output<typeof detailAnswer>;

/** POST /auth/ambassador/forgot_password/ - the same answer whether or not the e-mail has an account. */
export const forgotPasswordAnswer = z
  .object({ detail: z.string(), is_email_sent: z.boolean() })
  .register(components, { id: 'ForgotPassword' });
export type ForgotPasswordAnswer = z.output<typeof forgotPasswordAnswer>;

/** POST /recaptcha - the bot check's verdict on a token. */
export const botCheckAnswer = z
  .object({
    score: z.number(),
    status: z.enum(['Ok', 'Error']),
    token: z.string(),
    isValid: z.boolean().describe('Status Ok and a score above 0.5'),
  })
  .register(components, { id: 'BotCheck' });
export type BotCheckAnswer = z.output<typeof botCheckAnswer>;

/** POST /companies/{company}/register/ as the reference shows it: the company's form decides the fields. */
export const registrationFields = z
  .record(z.string(), z.unknown())
  .describe('The registration form\'s fields by their form names (firstName, lastName, email, country, terms, ...), as the company\'s form settings ask for them');
