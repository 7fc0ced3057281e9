import { z } from 'zod';
import { components } from './registry';

// Stripe Connect as the ambassador sees it (docs/payouts.md#stripe-connect): their connected account, whether
// Stripe lets it receive payouts yet, and whether it is how they are paid.

export const stripeConnectSchema = z.strictObject({
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'invalidField').optional()
    .describe('ISO 3166-1 alpha-2 country of the connected account (only when it is made; default: the profile\'s country when it is a code, else the company\'s Stripe country)'),
});

export const stripeDestination = z.object({
  available: z.boolean().describe('Whether the company pays through Stripe Connect'),
  status: z.enum(['none', 'pending', 'ready']).describe('`none`: not connected; `pending`: connected, Stripe needs more before it can receive payouts; `ready`: it can'),
  chosen: z.boolean().describe('Whether payouts go to this connected account (the ambassador\'s chosen rail is Stripe)'),
  onboarding_url: z.string().nullable().describe('Stripe\'s onboarding page to open now (a POST while not ready; it expires within minutes), else null'),
}).strict().register(components, { id: 'StripeDestination' });
export const stripeDestinationAnswer = z.object({ stripe: stripeDestination }).strict().register(components, { id: 'StripeDestinationAnswer' });

export type StripeConnectInput = z.output<typeof stripeConnectSchema>;
export type StripeDestinationAnswer = z.output<typeof stripeDestinationAnswer>;
