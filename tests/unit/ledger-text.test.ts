import { describe, expect, it } from 'vitest';
import { ledgerText } from '../../src/lib/ledger-text';

describe('ledger entry texts in the page language', () => {
  it.each([
    ['Referral: Theo Dubois', 'Theo Dubois', 'es', 'Referido: Theo Dubois'],
    ['Welcome bonus', null, 'de', 'Willkommensbonus'],
    ['Task completed: Join our Strava club', null, 'es', 'Tarea completada: Join our Strava club'],
    ['Referral reward', 'Pat Buyer', 'fr', 'Récompense de parrainage'],
    ['Referral: Theo Dubois', 'Theo Dubois', 'en', 'Referral: Theo Dubois'],
    // A redemption's hold: the portal's words in the page language, the reward as the company named it.
    ['Redeemed: Trail Crew cap', null, 'fr', 'Échangé : Trail Crew cap'],
    ['Redeemed: Trail Crew cap', null, 'es', 'Canjeado: Trail Crew cap'],
    ['Redeemed: Trail Crew cap', null, 'en', 'Redeemed: Trail Crew cap'],
    // A company's own text stays as written.
    ['Photo contest prize (60 days)', null, 'es', 'Photo contest prize (60 days)'],
    ['Referral: someone', null, 'es', 'Referral: someone'],
  ])('%s (%s, %s)', (description, name, lang, expected) => {
    expect(ledgerText(description, name, lang)).toBe(expected);
  });
});
