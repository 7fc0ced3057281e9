import { describe, expect, it } from 'vitest';
import { t } from '../../src/lib/i18n';
import { ledgerText } from '../../src/lib/ledger-text';
import { recordText, shareLinkWord, systemText } from '../../src/lib/system-text';

// What the portal writes on a record is kept as data (a message key, with the reference it names) and read in
// the reader's language; rows from before, in English words, read the same. A company's or an ambassador's
// own words stay as they were written.

describe('the portal\'s own texts on records', () => {
  it('reads a Stripe checkout, a Shopify order and a Stripe invoice in the reader\'s language, as stored now and as stored before', () => {
    for (const stored of [recordText('records.stripeCheckout', 'cs_test_a1'), 'stripe checkout cs_test_a1']) {
      expect(systemText(stored, 'fr')).toBe('Paiement Stripe cs_test_a1');
      expect(systemText(stored, 'pl')).toBe('Płatność Stripe cs_test_a1');
      expect(systemText(stored, 'en')).toBe('Stripe checkout cs_test_a1');
    }
    expect(systemText('shopify order 1795', 'de')).toBe('Shopify-Bestellung 1795');
    expect(systemText(recordText('records.shopifyOrder', '1795'), 'es')).toBe('Pedido de Shopify 1795');
    expect(systemText('stripe invoice in_9', 'pl')).toBe('Faktura Stripe in_9');
  });

  it('reads the seed\'s texts (first purchase, expiry, gift card, vault) in the reader\'s language, keys and English alike', () => {
    expect(['records.firstPurchase', 'First purchase'].map((v) => systemText(v, 'fr'))).toEqual(['Premier achat', 'Premier achat']);
    expect(systemText('Not redeemed in time', 'pl')).toBe('Niewykorzystane na czas');
    expect(systemText('records.giftCard', 'pl')).toBe('Karta podarunkowa');
    expect(systemText('Rewards vault', 'fr')).toBe('Coffre à récompenses');
  });

  it('reads a refund, a clawback and an expiry the portal wrote in the reader\'s language, and a returned redemption on the ledger', () => {
    expect(systemText('records.refundClawback', 'pl')).toBe('Zwrot (odebranie prowizji)');
    expect(systemText('Refund (clawback)', 'fr')).toBe('Remboursement (reprise)');
    expect(systemText('records.refund', 'de')).toBe('Erstattung');
    expect(ledgerText('Expired: not redeemed in time', null, 'pl')).toBe('Wygasło: niewykorzystane na czas');
    expect(ledgerText('Returned: Carte cadeau Amazon.com', null, 'fr')).toBe('Restitué\u00a0: Carte cadeau Amazon.com');
  });

  it('leaves a company\'s own words as written, a bare prefix too', () => {
    expect(systemText('Bono del equipo', 'fr')).toBe('Bono del equipo');
    expect(systemText('stripe checkout ', 'fr')).toBe('stripe checkout ');
    expect(systemText('Stripe checkout cs_1', 'fr')).toBe('Stripe checkout cs_1');
  });

  it('reads a share link\'s suggested source or medium in the reader\'s language, whichever language picked it', () => {
    expect(shareLinkWord('personal website', 'fr')).toBe('site web personnel');
    expect(shareLinkWord('site web personnel', 'pl')).toBe('strona osobista');
    expect(shareLinkWord('article', 'de')).toBe(t('de', 'sharing.medium.article'));
    expect(shareLinkWord('instagram', 'fr')).toBe('instagram');
  });
});

describe('counts by the language\'s plural rules', () => {
  const counts = (lang: string, key: 'counts.clicks' | 'counts.referrals') => [0, 1, 2, 5, 11, 22].map((count) => t(lang, key, { count }));

  it('Polish: one, few and many forms', () => {
    expect(counts('pl', 'counts.clicks')).toEqual(['0 kliknięć', '1 kliknięcie', '2 kliknięcia', '5 kliknięć', '11 kliknięć', '22 kliknięcia']);
    expect(counts('pl', 'counts.referrals')).toEqual(['0 poleceń', '1 polecenie', '2 polecenia', '5 poleceń', '11 poleceń', '22 polecenia']);
  });

  it('French: 0 and 1 are singular', () => {
    expect(counts('fr', 'counts.clicks')).toEqual(['0 clic', '1 clic', '2 clics', '5 clics', '11 clics', '22 clics']);
  });

  it('German: nouns keep their capital', () => {
    expect(counts('de', 'counts.clicks')).toEqual(['0 Klicks', '1 Klick', '2 Klicks', '5 Klicks', '11 Klicks', '22 Klicks']);
    expect(counts('de', 'counts.referrals')[1]).toBe('1 Empfehlung');
  });
});
