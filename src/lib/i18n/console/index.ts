import * as ambassadors from './ambassadors.ts';
import * as audit from './audit.ts';
import * as branding from './branding.ts';
import * as comms from './comms.ts';
import * as payouts from './payouts.ts';
import * as paypal from './paypal.ts';
import * as payoutSchedule from './payout-schedule.ts';
import * as programme from './programme.ts';
import * as review from './review.ts';
import * as stripe from './stripe.ts';
import * as team from './team.ts';
import * as tax from './tax.ts';

// The console screens' texts, one file per screen group (so each screen's words live beside each other),
// spread into the language catalogues (../en.ts, ../de.ts, ...) under the console's own keys.

export const consoleEn = { ...review.en, ...ambassadors.en, ...programme.en, ...branding.en, ...comms.en, ...team.en, ...payouts.en, ...audit.en, ...paypal.en, ...tax.en, ...payoutSchedule.en, ...stripe.en } as const;
export const consoleDe = { ...review.de, ...ambassadors.de, ...programme.de, ...branding.de, ...comms.de, ...team.de, ...payouts.de, ...audit.de, ...paypal.de, ...tax.de, ...payoutSchedule.de, ...stripe.de };
export const consoleEs = { ...review.es, ...ambassadors.es, ...programme.es, ...branding.es, ...comms.es, ...team.es, ...payouts.es, ...audit.es, ...paypal.es, ...tax.es, ...payoutSchedule.es, ...stripe.es };
export const consoleFr = { ...review.fr, ...ambassadors.fr, ...programme.fr, ...branding.fr, ...comms.fr, ...team.fr, ...payouts.fr, ...audit.fr, ...paypal.fr, ...tax.fr, ...payoutSchedule.fr, ...stripe.fr };
export const consoleIt = { ...review.it, ...ambassadors.it, ...programme.it, ...branding.it, ...comms.it, ...team.it, ...payouts.it, ...audit.it, ...paypal.it, ...tax.it, ...payoutSchedule.it, ...stripe.it };
export const consoleNl = { ...review.nl, ...ambassadors.nl, ...programme.nl, ...branding.nl, ...comms.nl, ...team.nl, ...payouts.nl, ...audit.nl, ...paypal.nl, ...tax.nl, ...payoutSchedule.nl, ...stripe.nl };
export const consolePl = { ...review.pl, ...ambassadors.pl, ...programme.pl, ...branding.pl, ...comms.pl, ...team.pl, ...payouts.pl, ...audit.pl, ...paypal.pl, ...tax.pl, ...payoutSchedule.pl, ...stripe.pl };
export const consolePt = { ...review.pt, ...ambassadors.pt, ...programme.pt, ...branding.pt, ...comms.pt, ...team.pt, ...payouts.pt, ...audit.pt, ...paypal.pt, ...tax.pt, ...payoutSchedule.pt, ...stripe.pt };
export const consoleEs419 = { ...review.es419, ...ambassadors.es419, ...programme.es419, ...branding.es419, ...comms.es419, ...team.es419, ...payouts.es419, ...audit.es419, ...paypal.es419, ...tax.es419, ...payoutSchedule.es419, ...stripe.es419 };
export const consoleEsMX = { ...review.esMX, ...ambassadors.esMX, ...programme.esMX, ...branding.esMX, ...comms.esMX, ...team.esMX, ...payouts.esMX, ...audit.esMX, ...paypal.esMX, ...tax.esMX, ...payoutSchedule.esMX, ...stripe.esMX };
export const consoleFrCA = { ...review.frCA, ...ambassadors.frCA, ...programme.frCA, ...branding.frCA, ...comms.frCA, ...team.frCA, ...payouts.frCA, ...audit.frCA, ...paypal.frCA, ...tax.frCA, ...payoutSchedule.frCA, ...stripe.frCA };
