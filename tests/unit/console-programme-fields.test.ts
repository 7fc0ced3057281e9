import { describe, expect, it } from 'vitest';
import { bodyOf, codesOf, errorFor, moneyToMinor, percentToBps } from '../../src/ui/console-programme/fields';
import { CAMPAIGN_FIELDS, REWARD_FIELDS } from '../../src/ui/console-programme/specs';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe('console programme forms', () => {
  it('reads amounts as people type them, in the currency\'s minor units', () => {
    expect(moneyToMinor('15', 'USD')).toBe(1500);
    expect(moneyToMinor(' 12.5 ', 'USD')).toBe(1250);
    expect(moneyToMinor('12.345', 'USD')).toBe('12.345');
    expect(moneyToMinor('1500', 'JPY')).toBe(1500);
    expect(moneyToMinor('15.00', 'JPY')).toBe(15);
    expect(moneyToMinor('12,50', 'EUR', true)).toBe(1250);
    // A comma where the page writes decimals with a point is a thousands separator: refused, never read as $1.
    expect(moneyToMinor('1,000', 'USD')).toBe('1,000');
    expect(moneyToMinor('-5', 'USD')).toBe('-5');
  });

  it('reads a rate in percent as basis points', () => {
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('10')).toBe(1000);
    expect(percentToBps('12,5', true)).toBe(1250);
    expect(percentToBps('0.125')).toBe('0.125');
    expect(percentToBps('twelve')).toBe('twelve');
  });

  it('turns a posted campaign form into the API body, texts of other languages in translations', () => {
    const body = bodyOf(form({
      name: 'Autumn run', description: '', native_message: ' Run with me ', url: 'https://shop.test/autumn', allowed_hosts: 'a.test\nb.test, c.test',
      portal_logo: '', 'commission.type': 'fixed', 'commission.rate_bps': '10', 'commission.fixed_minor': '15', 'commission.loyalty_points': '25',
      'commission.recurring.mode': 'months', 'commission.recurring.months': '6', is_active: 'on',
      'translations.es.name': 'Carrera de otoño', 'translations.es.description': ' ', 'translations.fr.name': '',
    }), CAMPAIGN_FIELDS, { currency: 'USD', otherLanguages: ['es', 'fr'] }, { create: true });
    expect(body).toEqual({
      name: 'Autumn run', description: '', native_message: 'Run with me', url: 'https://shop.test/autumn', allowed_hosts: ['a.test', 'b.test', 'c.test'],
      portal_logo: null, is_active: true, is_hidden_dashboard: false,
      commission: { type: 'fixed', rate_bps: 1000, fixed_minor: 1500, is_monetary: false, loyalty_points: 25, recurring: { months: 6 } },
      translations: { es: { name: 'Carrera de otoño' } },
    });
  });

  it('sends what it cannot read as typed, so the API names the field', () => {
    const body = bodyOf(form({ name: 'x', 'commission.rate_bps': 'abc', 'commission.loyalty_points': '1.5', 'commission.recurring.mode': 'lifetime' }),
      CAMPAIGN_FIELDS, { currency: 'USD', otherLanguages: [] }, { create: false });
    expect(body.commission).toMatchObject({ rate_bps: 'abc', loyalty_points: '1.5', recurring: { months: null } });
    expect(body.translations).toEqual({});
  });

  it('leaves out an empty optional config value and nulls an empty stock', () => {
    const body = bodyOf(form({ name: 'Voucher', points: '150', stock: '', 'config.points_per_unit': '', 'config.field_kind': 'code' }),
      REWARD_FIELDS, { currency: 'USD', otherLanguages: [] }, { create: true });
    expect(body.stock).toBeNull();
    expect(body.config).toEqual({ field_kind: 'code' });
  });

  it('finds a field\'s error under its own path or below it', () => {
    expect(errorFor({ 'allowed_hosts.1': 'Bad host' }, 'allowed_hosts')).toBe('Bad host');
    expect(errorFor({ name: 'Required' }, 'name')).toBe('Required');
    expect(errorFor({ names: 'x' }, 'name')).toBeUndefined();
  });

  it('reads codes one per line with an optional PIN', () => {
    expect(codesOf('A-1\n\n B-2 , 4821 \r\nC-3;77')).toEqual({
      codes: [{ card_code: 'A-1' }, { card_code: 'B-2', card_pin: '4821' }, { card_code: 'C-3', card_pin: '77' }],
    });
  });
});
