import { describe, expect, it } from 'vitest';
import { ledgerText } from '../../src/lib/ledger-text';

describe('ledger entry texts in the page language', () => {
  it.each([
    ['Referral: Theo Dubois', 'Theo Dubois', 'es', 'Referido: Theo Dubois'],
    ['Welcome bonus', null, 'de', 'Willkommensbonus'],
    ['Task completed: Join our Strava club', null, 'es', 'Tarea completada: Join our Strava club'],
    ['Referral reward', 'Pat Buyer', 'fr', 'Récompense de parrainage'],
    ['Referral: Theo Dubois', 'Theo Dubois', 'en', 'Referral: Theo Dubois'],
    // A company's own text stays as written.
    ['Photo contest prize (60 days)', null, 'es', 'Photo contest prize (60 days)'],
    ['Referral: someone', null, 'es', 'Referral: someone'],
  ])('%s (%s, %s)', (description, name, lang, expected) => {
    expect(ledgerText(description, name, lang)).toBe(expected);
  });
});
