import { z } from 'zod';

/** Login payload of spec §3: email, password. Messages are i18n keys. */
export const loginSchema = z.object({
  email: z.string({ error: 'required' }).trim().min(1, 'required').max(254, 'invalidEmail')
    .pipe(z.email({ error: 'invalidEmail' })),
  password: z.string({ error: 'required' }).min(1, 'required').max(512, 'invalidField'),
});
export type LoginInput = z.input<typeof loginSchema>;
