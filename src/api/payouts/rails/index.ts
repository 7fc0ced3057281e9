import { stripeRail } from './stripe';
import type { Rail, RailName } from './types';

// The rails that pay by themselves, by name (docs/payouts.md). The run core hands a run's items to its rail.
// MINIMAL (the Stripe Connect branch): the run core's own registry replaces this file; keep its one line below.

export const rails: Partial<Record<RailName, Rail>> = {
  stripe: stripeRail,
};
