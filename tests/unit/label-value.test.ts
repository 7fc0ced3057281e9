// "Label: value" in the reader's language (not "Taille: 0,4 ko" and "Robustesse du mot de passe: –"
// on French pages, where a colon is set apart from the word before it).
import { describe, expect, it } from 'vitest';
import { colonFor, labelColon, labelValue } from '../../src/lib/label-value';
import { formatPoints } from '../../src/lib/points';
import { filterText } from '../../src/ui/table/table-filter-markup';
import { tableLabels } from '../../src/ui/table/table-labels';
import { messageFromError } from '../../src/lib/errors';

describe('label and value', () => {
  it('sets a French colon apart with a no-break space, and no other language\'s', () => {
    expect(labelValue('fr', 'Taille', '0,4 ko')).toBe('Taille\u00a0: 0,4 ko');
    expect(labelValue('fr-CA', 'Taille', '0,4 ko')).toBe('Taille\u00a0: 0,4 ko');
    for (const lang of ['en', 'es', 'es-MX', 'de', 'it', 'nl', 'pl', 'pt', null, undefined]) {
      expect(labelValue(lang, 'Size', '15.5 kB')).toBe('Size: 15.5 kB');
    }
    expect(colonFor('francais')).toBe(': ');
  });

  it('writes a label and its colon for markup that places the value itself', () => {
    expect(labelColon('fr', 'Langue')).toBe('Langue\u00a0:');
    expect(labelColon('en', 'Language')).toBe('Language:');
  });

  it('reads so wherever code joins a label to its value', () => {
    // One of the company's own points.
    expect(formatPoints(1, 'Acme Coins', 'fr')).toBe('Acme Coins\u00a0: 1');
    expect(formatPoints(1, 'Acme Coins', 'es')).toBe('Acme Coins: 1');
    // A table's filter chip.
    const column = { key: 'status', label: 'Statut', type: 'CHOICE', sortable: true, choices: [{ value: 'paid', label: 'Payée' }] };
    expect(filterText({ column: 'status', op: 'in', value: 'paid', negated: false }, column, tableLabels('fr', null))).toMatch(/^Statut\u00a0: .+ Payée$/);
    expect(filterText({ column: 'status', op: 'in', value: 'paid', negated: false }, { ...column, label: 'Status' }, tableLabels('en', null))).toMatch(/^Status: .+ Payée$/);
    // An API error's fields.
    expect(messageFromError({ status: 400, body: JSON.stringify({ nickname: 'trop long' }), requestMade: true }, 'fr')).toBe('nickname\u00a0: trop long');
  });
});
