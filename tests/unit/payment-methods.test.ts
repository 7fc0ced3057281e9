import { describe, expect, it } from 'vitest';
import {
  PAYMENT_METHOD_CODES,
  STATUSES,
  isUnpaidCommission,
  statusChoices,
  paymentMethodLabel,
  paymentMethodSlug,
  shortProductName,
  statusLabel,
  statusTone,
} from '../../src/lib/payment-methods.ts';
import { statusKey, type StatusKind } from '../../src/lib/statuses.ts';

describe('payment methods (§3)', () => {
  it('maps codes 0 to 8 onto the label slugs in order', () => {
    expect(PAYMENT_METHOD_CODES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(PAYMENT_METHOD_CODES.map(paymentMethodSlug)).toEqual([
      'manual', 'paypal', 'dwolla', 'magento', 'tangocard', 'voucher', 'bank-to-bank', 'hyperwallet', 'portal-rewards',
    ]);
  });

  it('names each method for people', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((c) => paymentMethodLabel(c))).toEqual([
      'Manual', 'PayPal', 'Dwolla', 'Magento store credit', 'Gift card', 'Voucher', 'Direct bank deposit', 'Hyperwallet', 'Portal rewards',
    ]);
  });

  it('calls a missing or unknown method unpaid and reads numeric text', () => {
    expect(paymentMethodSlug(null)).toBe('unpaid');
    expect(paymentMethodSlug(42)).toBe('unpaid');
    expect(paymentMethodSlug('1')).toBe('paypal');
    expect(paymentMethodLabel(undefined)).toBe('Unpaid');
    expect(paymentMethodLabel(6, 'es')).toBe('Depósito bancario directo');
  });

  it('shows the two virtual prepaid card products under shorter names', () => {
    expect(shortProductName('Virtual Prepaid Mastercard® Card (USD)')).toBe('Virtual Prepaid MasterCard');
    expect(shortProductName('Virtual Prepaid Visa® Card')).toBe('Virtual Prepaid Visa');
    expect(shortProductName('Amazon.com Gift Card')).toBe('Amazon.com Gift Card');
  });
});

describe('statuses (§4)', () => {
  it('lists the statuses of each kind', () => {
    // under_review: held by a fraud rule until the company reviews it.
    expect(STATUSES.commission).toEqual(['pending', 'under_review', 'approved', 'paid', 'denied', 'zero']);
    expect(STATUSES.payout).toEqual(['pending', 'processing', 'paid', 'failed']);
    expect(STATUSES.activity).toEqual(['approved', 'denied', 'earn', 'expired', 'paid', 'pending', 'processing', 'redeemed', 'under_review']);
    expect(STATUSES.reward).toHaveLength(11);
    expect(STATUSES.redemption).toEqual(['processing', 'canceled', 'failed', 'completed', 'reversed_to_ledger', 'reversed_to_company']);
    expect(STATUSES.ledger).toEqual(['posted', 'consumed_partial', 'consumed_full', 'expired_partial', 'expired_full', 'consumed_reversed', 'revoked']);
  });

  it('has display text for every status', () => {
    for (const [kind, list] of Object.entries(STATUSES)) {
      for (const status of list) expect(statusKey(kind as StatusKind, status), `${kind}.${status}`).toBeDefined();
    }
  });

  it('shows reward statuses the way §4 describes them', () => {
    expect(statusLabel('reward', 'approved_held')).toBe('Pending approval');
    expect(statusLabel('reward', 'processing')).toBe('Pending issuing');
    expect(statusLabel('reward', 'fulfillment_failed')).toBe('Pending issuing');
    expect(statusLabel('reward', 'fulfilled')).toBe('Available to redeem');
    expect(statusLabel('reward', 'closed')).toBe('Fully redeemed');
  });

  it('treats approved commissions as unpaid', () => {
    expect(isUnpaidCommission('approved')).toBe(true);
    expect(isUnpaidCommission('paid')).toBe(false);
  });

  // The same approved commission read "Approved" on the dashboard and "Unpaid" in the tables.
  it('gives a commission one word whichever screen reports it', () => {
    for (const lang of ['en', 'fr', 'pl']) {
      for (const status of ['pending', 'approved', 'paid', 'denied']) {
        expect(statusLabel('commission', status, lang)).toBe(statusLabel('activity', status, lang));
      }
      expect(statusLabel('payout', 'paid', lang)).toBe(statusLabel('activity', 'paid', lang));
    }
    expect(statusLabel('commission', 'approved')).toBe('Approved');
    expect(statusLabel('commission', 'approved', 'fr')).toBe('Approuvé');
    expect(statusChoices('commission').find((c) => c.value === 'approved')).toEqual({ value: 'approved', label_key: 'status.activity.approved' });
  });

  it('translates status text and makes unknown statuses readable', () => {
    expect(statusLabel('redemption', 'completed', 'es')).toBe('Completado');
    expect(statusLabel('ledger', 'partially_refunded')).toBe('Partially refunded');
    expect(statusLabel('activity', null)).toBe('');
  });

  it('gives a tone for status badges', () => {
    expect(statusTone('reward', 'fulfilled')).toBe('success');
    expect(statusTone('reward', 'fraud')).toBe('danger');
    expect(statusTone('commission', 'pending')).toBe('warning');
    expect(statusTone('ledger', 'unknown')).toBe('neutral');
  });
});
