import { z } from 'zod';

/** Login payload of spec §3: email, password. */
export const loginSchema = z.object({
  email: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(254)
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.').max(512),
});
export type LoginInput = z.infer<typeof loginSchema>;
