import { z } from 'zod';

/** Login payload of spec §3: email, password. Messages are i18n keys. */
export const loginSchema = z.object({
  email: z.string({ error: 'required' }).trim().min(1, 'required').max(254, 'invalidEmail')
    .pipe(z.email({ error: 'invalidEmail' })),
  password: z.string({ error: 'required' }).min(1, 'required').max(512, 'invalidField'),
  /** The bot check's token: asked for only after many failed logins to this account (the API says `loginChallengeRequired`). */
  recaptchaToken: z.string({ error: 'invalidField' }).trim().max(4096, 'invalidField').optional(),
});
export type LoginInput = z.input<typeof loginSchema>;
