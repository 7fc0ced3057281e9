import { z } from 'zod';
import { meetsPasswordRules, PASSWORD_MAX_LENGTH } from '../password-rules.ts';

// Payloads of the password flows (spec §3 "Other payloads", §7). Messages are i18n keys: the API sends
// their English text with the key beside it (`error_codes`), so forms and API agree on every rule.

/** An e-mail address as typed (trimmed); "required" when blank, "invalidEmail" when malformed. */
export const emailInput = z
  .preprocess((v) => (v == null ? '' : v), z.string({ error: 'invalidField' }))
  .pipe(z.string().trim().min(1, 'required').max(254, 'invalidField').pipe(z.email({ error: 'invalidEmail' })));

/** A new password. Messages are i18n keys: "required", "passwordRequirements", "invalidField" (too long). */
export const passwordSchema = z
  .string({ error: 'required' })
  .min(1, 'required')
  .max(PASSWORD_MAX_LENGTH, 'invalidField')
  .refine(meetsPasswordRules, 'passwordRequirements');

/** New password plus its confirmation (reset, set and change password forms); a mismatch is reported on repeat_password. */
export const newPasswordSchema = z
  .object({
    password: passwordSchema,
    repeat_password: z.string({ error: 'required' }).min(1, 'required'),
  })
  .refine((v) => v.password === v.repeat_password, { message: 'passwordsDoNotMatch', path: ['repeat_password'] });

/** Codes are typed by hand too: case, spaces and dashes do not matter. */
export const codeInput = z
  .preprocess((v) => (v == null ? '' : v), z.string({ error: 'invalidField' }))
  .pipe(z.string().transform((v) => v.replace(/[\s-]/g, '').toUpperCase()).pipe(z.string().min(1, 'required').max(64, 'invalidField')));

const repeat = z.preprocess((v) => (v == null ? '' : v), z.string({ error: 'invalidField' }).min(1, 'required'));
const matches = { message: 'passwordsDoNotMatch', path: ['repeat_password'] };

/** POST /auth/ambassador/forgot_password/ */
export const forgotPasswordSchema = z.object({ email: emailInput });

/** POST /auth/ambassador/reset_password/?host= and /auth/ambassador/set_password/?host= */
export const resetPasswordSchema = z
  .object({ code: codeInput, email: emailInput, password: passwordSchema, repeat_password: repeat })
  .refine((v) => v.password === v.repeat_password, matches);

/** POST /users/{id}/password/ - the current password is required when the account has one (checked by the API). */
export const changePasswordSchema = z
  .object({
    password: passwordSchema,
    repeat_password: repeat,
    current_password: z.string({ error: 'invalidField' }).max(512, 'invalidField').optional().default(''),
  })
  .refine((v) => v.password === v.repeat_password, matches);

/** POST /auth/sso/?host= */
export const ssoSchema = z.object({ token: z.string({ error: 'required' }).trim().min(1, 'required').max(4096, 'invalidField') });

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type SsoInput = z.infer<typeof ssoSchema>;
// The bodies as sent (the services parse them).
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;
