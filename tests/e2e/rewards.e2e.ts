// The rewards screens in a real browser: legacy /app/rewards on demo (gift cards, without JavaScript:
// plain forms and post/redirect/get) and /app/rewards/v3 on acme (vault items, Spanish). A redemption
// lowers the balance on the page once, shows its code and lands in the lists; the refusals of spec §5
// show their messages; no page scrolls sideways on a 390 px phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format';
import { t } from '../../src/lib/i18n';
import { baseUrl, newBrowser, stopAll, logIn, operatorCall } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** "13,50 €" or "13 €" (Spanish) in cents. */
const euroCents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
const tileValue = (page: Page, key: string) => page.locator(`[data-rewards-balance] [data-tile="${key}"] .value`).innerText();

async function noSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * Clicks a redeem button, says Yes to its confirmation (the dialog, or without JavaScript the
 * confirmation step the post answers with) and waits for the page the confirmed post answers with (a
 * refusal: no redirect); its status.
 */
async function submit(page: Page, button: ReturnType<Page['locator']>) {
  const yes = await confirmYes(page, () => button.click());
  const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), yes.click()]);
  return response?.status();
}

/** Does `press` (a redeem button's click) and answers with the Yes of the confirmation it brings up. */
async function confirmYes(page: Page, press: () => Promise<void>) {
  if (await page.locator('html.js').count()) {
    await press();
    const yes = page.locator('[data-confirm-dialog] [data-confirm-yes]');
    await yes.waitFor();
    return yes;
  }
  const [step] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), press()]);
  expect(step?.status()).toBe(200);
  return page.locator('[data-spend-confirm] [data-confirm-yes]');
}

describe('/app/rewards (legacy) on demo, without JavaScript', () => {
  it('redeems "20% off your next order": the balance drops by 300 once, the code shows, the redemption is listed', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      const res = await page.goto(`${baseUrl('localhost')}/app/rewards`);
      expect(res?.status()).toBe(200);
      const before = digits(await tileValue(page, 'points_available'));
      const listed = await page.locator('[data-redemptions] tbody tr').count();
      // What expires when: the first lots that lapse, each with an amount and a date.
      expect(await page.locator('[data-expiring] li').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-expiring] li').first().innerText()).toMatch(/points[\s\S]*expires on \w+ \d{1,2}, \d{4}/);

      const voucher = page.locator('[data-reward="rwd-demo-voucher"]');
      expect(await voucher.locator('[data-cost]').innerText()).toBe('300 points');
      await Promise.all([page.waitForURL(/\?redeem=rwd-demo-voucher#redeem$/), voucher.locator('a[data-redeem-link]').click()]);
      const view = page.locator('[data-redeem-view="rwd-demo-voucher"]');
      expect(await view.locator('h2').innerText()).toBe('Redeem 20% off your next order');
      expect(await view.locator('[data-fact="points"]').innerText()).toBe('300 points');
      expect(await view.locator('[data-disclaimer]').innerText()).toContain('Valid for 90 days.');

      // A double click sends the same rendered form twice, and its confirmation too: one redemption.
      const yes = await confirmYes(page, () => view.locator('button[data-redeem-submit]').dblclick());
      await Promise.all([page.waitForURL(/\/app\/rewards\?redeemed=\d+#redemption$/), yes.dblclick()]);
      const id = new URL(page.url()).searchParams.get('redeemed')!;
      expect(await page.locator('[data-redeem-success]').innerText()).toBe(
        'Your redemption has been submitted. You will receive a confirmation e-mail within a few minutes.',
      );
      const detail = page.locator(`[data-redemption="${id}"]`);
      expect(await detail.locator('[data-field="card_code"]').innerText()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(await detail.locator('[data-field="card_name"]').innerText()).toBe('20% off your next order');
      expect(digits(await tileValue(page, 'points_available'))).toBe(before - 300);
      expect(await page.locator('[data-redemptions] tbody tr').count()).toBe(listed + 1);
      const row = page.locator(`[data-redemption-row="${id}"]`);
      expect(await row.innerText()).toContain('20% off your next order');
      expect(await row.locator('[data-amount]').innerText()).toBe('300 points');

      // The list's link opens the same detail.
      await page.goto(`${baseUrl('localhost')}/app/rewards`);
      await Promise.all([page.waitForURL(new RegExp(`\\?redemption=${id}#redemption$`)), row.locator('a[data-redemption-link]').click()]);
      expect(await page.locator(`[data-redemption="${id}"] [data-field="card_code"]`).innerText()).toMatch(/^[A-Z0-9-]{14}$/);
      expect(await page.locator('[data-redeem-success]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the Target card (range): above the maximum and beyond the balance are refused with their messages, nothing spent', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/rewards?redeem=rwd-demo-target#redeem`);
      const before = await tileValue(page, 'points_available');
      const view = page.locator('[data-redeem-view="rwd-demo-target"]');
      expect(await view.locator('[data-fact="points"]').innerText()).toBe('500–10,000 points');
      const amount = view.locator('input[name="amount"]');
      expect(await amount.getAttribute('min')).toBe('500');
      expect(await amount.getAttribute('max')).toBe('10000');
      expect(await page.locator('label[for="redeem-amount"]').innerText()).toBe('Custom amount');

      await amount.fill('9999999');
      expect(await submit(page, view.locator('button[data-redeem-submit]'))).toBe(400);
      const error = page.locator('[data-amount-error]');
      expect(await error.innerText()).toBe('The maximum is 10,000 points. Enter a smaller amount.');
      const input = page.locator('[data-redeem-view="rwd-demo-target"] input[name="amount"]');
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await input.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
      expect(await input.inputValue()).toBe('9999999');

      await input.fill('10000');
      expect(await submit(page, page.locator('[data-redeem-view="rwd-demo-target"] button[data-redeem-submit]'))).toBe(400);
      // What it costs and what the balance is, in the company's points.
      expect(await page.locator('[data-redeem-error]').innerText()).toMatch(/^Not enough funds: this costs 10,000 points and your balance is [\d,]+ points\./);
      expect(await page.locator('[data-redeem-error]').getAttribute('role')).toBe('alert');
      expect(await page.locator('[data-amount-error]').count()).toBe(0);
      expect(await tileValue(page, 'points_available')).toBe(before);

      // An out-of-stock reward has no Redeem button.
      const bassPro = page.locator('[data-reward="rwd-demo-basspro"]');
      expect(await bassPro.locator('[data-out-of-stock]').innerText()).toBe('Out of stock');
      expect(await bassPro.locator('a[data-redeem-link]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a fixed-price card the balance cannot cover is marked, its Redeem button is disabled, the server still refuses it and nothing is spent', async () => {
    // A gift card costing more than the balance offered Redeem, and only the refusal said why.
    const created = await operatorCall('localhost', DEMO_KEY, '/rewards',
      { name: 'Weekend cabin', type: 'custom', points: 900_000, config: { field_kind: 'quantity' } },
      { headers: { 'idempotency-key': `cabin-${Date.now()}` } });
    expect(created.status).toBe(201);
    const uid = created.body.reward.uid as string;
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    try {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/rewards`);
      const before = await tileValue(page, 'points_available');
      const card = page.locator(`[data-reward="${uid}"]`);
      expect(await card.locator('[data-cost]').innerText()).toBe('900,000 points');
      expect(await card.locator('[data-not-covered]').innerText()).toBe('Your balance does not cover this');
      expect(await card.locator('a[data-redeem-link]').count()).toBe(0);
      // A card the balance covers keeps its link.
      expect(await page.locator('[data-reward="rwd-demo-voucher"] a[data-redeem-link]').count()).toBe(1);

      // Opened by its address (an old link): it says what it costs against the balance, and Redeem is disabled.
      await page.goto(`${baseUrl('localhost')}/app/rewards?redeem=${uid}#redeem`);
      const view = page.locator(`[data-redeem-view="${uid}"]`);
      expect(await view.locator('[data-not-covered]').innerText()).toBe(
        `Not enough funds: this costs 900,000 points and your balance is ${before}. Choose something your balance covers.`,
      );
      const button = view.locator('button[data-redeem-submit]');
      expect(await button.isDisabled()).toBe(true);
      // Sent anyway (a crafted post): refused with both amounts, nothing spent.
      await button.evaluate((b) => { (b as HTMLButtonElement).disabled = false; });
      expect(await submit(page, button)).toBe(400);
      expect(await page.locator('[data-redeem-error]').innerText()).toMatch(
        /^Not enough funds: this costs 900,000 points and your balance is [\d,]+ points\. Choose something your balance covers\.$/,
      );
      expect(await tileValue(page, 'points_available')).toBe(before);
    } finally {
      await context.close();
      await operatorCall('localhost', DEMO_KEY, `/rewards/${uid}`, {}, { method: 'DELETE' });
    }
  });

  it('a range card whose minimum the balance cannot cover is marked in the page language', async () => {
    const created = await operatorCall('localhost', DEMO_KEY, '/rewards',
      { name: 'Travel credit', type: 'custom', value_kind: 'range', min_amount: 800_000, max_amount: 900_000, config: { field_kind: 'balance', points_per_unit: 100 } },
      { headers: { 'idempotency-key': `travel-${Date.now()}` } });
    expect(created.status).toBe(201);
    const uid = created.body.reward.uid as string;
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    try {
      await context.addCookies([{ name: 'language', value: 'fr', domain: 'localhost', path: '/' }]);
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/app/rewards`);
      const card = page.locator(`[data-reward="${uid}"]`);
      expect(await card.locator('[data-not-covered]').innerText()).toBe(t('fr', 'rewards.notEnoughBalance'));
      expect(await card.locator('a[data-redeem-link]').count()).toBe(0);
    } finally {
      await context.close();
      await operatorCall('localhost', DEMO_KEY, `/rewards/${uid}`, {}, { method: 'DELETE' });
    }
  });

  it('fits a 390 px phone: no sideways scroll on the list, the redeem view or a detail', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      for (const path of ['/app/rewards', '/app/rewards?redeem=rwd-demo-target#redeem', '/app/rewards?redemption=701#redemption']) {
        expect((await page.goto(`${baseUrl('localhost')}${path}`))?.status()).toBe(200);
        await noSidewaysScroll(page);
      }
      // The "Expiring soon" boxes read alike in French, the longest of the demo's dates: each lot's date under
      // its amount, never some on one line and some on two.
      await page.context().addCookies([{ name: 'language', value: 'fr', url: baseUrl('localhost') }]);
      await page.goto(`${baseUrl('localhost')}/app/rewards`);
      const lots = await page.locator('[data-expiring-lot]').evaluateAll((items) => items.map((li) => {
        const [amount, date] = [...li.children].map((c) => c.getBoundingClientRect());
        return { dateBelow: date!.top >= amount!.bottom - 1, sameLeft: Math.abs(date!.left - amount!.left) < 1 };
      }));
      expect(lots.length).toBeGreaterThan(1);
      expect(lots).toEqual(lots.map(() => ({ dateBelow: true, sameLeft: true })));
    } finally {
      await context.close();
    }
  });
});

describe('/app/rewards/v3 (admin3) on acme, in Spanish', () => {
  it('redeems the €10 variant of the Acme Outdoor gift card: the balance drops by 10 €, the code and the lots show', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await logIn(page, 'acme.localhost', 'alex@acme.test');
      // The legacy address leads to the admin3 screen.
      await page.goto(`${baseUrl('acme.localhost')}/app/rewards`);
      expect(new URL(page.url()).pathname).toBe('/app/rewards/v3');
      const before = euroCents(await tileValue(page, 'balance_available'));
      expect(await page.locator('[data-rewards-balance] h2').innerText()).toBe('Tu saldo');
      expect(await page.locator('[data-reward-ledger] tbody tr').count()).toBeGreaterThan(0);

      const item = page.locator('[data-vault-item="vlt-acme-giftcard"]');
      expect(await item.locator('legend').innerText()).toBe('Elige una opción');
      expect(await item.locator('input[value="vv-acme-giftcard-25"]').isDisabled()).toBe(true);
      expect(await item.locator('[data-variant="vv-acme-giftcard-10"] .price').innerText()).toBe(formatMoney(1000, 'EUR', 'es'));
      await item.locator('[data-variant="vv-acme-giftcard-10"]').click();
      const yes = await confirmYes(page, () => item.locator('button[data-redeem-submit]').click());
      expect(await page.locator('[data-confirm-dialog]').innerText()).toContain('¿Canjear «Tarjeta regalo Acme Outdoor»?');
      await Promise.all([page.waitForURL(/\/app\/rewards\/v3\?redeemed=\d+#redemption$/), yes.click()]);
      const id = new URL(page.url()).searchParams.get('redeemed')!;

      expect(await page.locator('[data-redeem-success]').innerText()).toBe(
        'Tu canje se ha enviado. Recibirás un correo electrónico de confirmación en unos minutos.',
      );
      expect(await tileValue(page, 'balance_available')).toBe(formatMoney(before - 1000, 'EUR', 'es'));
      const detail = page.locator(`[data-redemption="${id}"]`);
      expect(await detail.locator('[data-field="payment_vault_name"]').innerText()).toBe('Tarjeta regalo Acme Outdoor');
      expect(await detail.locator('[data-field="variant_name"]').innerText()).toBe('€10');
      expect(await detail.locator('[data-field="requested_amount"]').innerText()).toBe(formatMoney(1000, 'EUR', 'es'));
      expect(await detail.locator('[data-field="status"]').innerText()).toBe('Completado');
      expect((await detail.locator('[data-field="card_code"]').innerText()).length).toBeGreaterThan(3);
      const lots = detail.locator('[data-redemption-items] tbody tr');
      expect(await lots.count()).toBeGreaterThan(0);
      expect(await detail.locator('[data-redemption-items] thead').innerText()).toMatch(/Ganancia[\s\S]*Usado/);
      expect(await page.locator(`[data-redemptions] [data-redemption-row="${id}"]`).count()).toBe(1);

      // Not a word of English on the page (the tenant's own content aside).
      const text = await page.locator('main#content').innerText();
      for (const english of ['Your balance', 'Redeem', 'Choose an option', 'Rewards ledger', 'Redemptions', 'Amount', 'Status', 'Expires', 'points']) {
        expect(text).not.toContain(english);
      }
    } finally {
      await context.close();
    }
  });

  it('an unaffordable variant is marked and cannot be chosen, the server still refuses it in Spanish and nothing is spent; the ledger pages', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await logIn(page, 'acme.localhost', 'alex@acme.test');
      await page.goto(`${baseUrl('acme.localhost')}/app/rewards/v3`);
      const before = await tileValue(page, 'balance_available');
      const item = page.locator('[data-vault-item="vlt-acme-giftcard"]');
      // The 50 € option was selectable with a 19 € balance.
      const fifty = item.locator('input[value="vv-acme-giftcard-50"]');
      expect(await fifty.isDisabled()).toBe(true);
      expect(await item.locator('[data-variant="vv-acme-giftcard-50"] [data-not-covered]').innerText()).toContain('Tu saldo no alcanza');
      // Sent anyway (an old page, a crafted post): refused with both amounts, nothing spent.
      await fifty.evaluate((input) => {
        (input as HTMLInputElement).disabled = false;
        (input as HTMLInputElement).checked = true;
        // With no variant the balance covers, the Redeem button is disabled too.
        input.closest('form')!.querySelector<HTMLButtonElement>('button[data-redeem-submit]')!.disabled = false;
      });
      expect(await submit(page, item.locator('button[data-redeem-submit]'))).toBe(400);
      const again = page.locator('[data-vault-item="vlt-acme-giftcard"]');
      expect(await again.locator('[data-redeem-error]').innerText()).toMatch(/^Fondos insuficientes: cuesta 50\s€ y tu saldo es de [\d,]+\s€\./);
      expect(await tileValue(page, 'balance_available')).toBe(before);

      const next = page.locator('[data-pager="ledger_page"] a[data-page-next]');
      await Promise.all([page.waitForURL(/ledger_page=2#ledger$/), next.click()]);
      expect(await page.locator('[data-reward-ledger] tbody tr').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-pager="ledger_page"] .page-of').innerText()).toMatch(/^Página 2 de \d+$/);
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone: no sideways scroll on the page or a detail', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await logIn(page, 'acme.localhost', 'alex@acme.test');
      for (const path of ['/app/rewards/v3', '/app/rewards/v3?redemption=803#redemption']) {
        expect((await page.goto(`${baseUrl('acme.localhost')}${path}`))?.status()).toBe(200);
        await noSidewaysScroll(page);
      }
      // The ledger's phone card: what and how much side by side on its first line, the date and the
      // status on the next, then the labelled campaign, redeemed part and expiry, instead of seven labelled lines.
      await page.goto(`${baseUrl('acme.localhost')}/app/rewards/v3`);
      const cards = await page.locator('[data-reward-ledger] tbody tr').evaluateAll((rows) => rows.map((row) => {
        const box = (i: number) => (row.children[i] as HTMLElement).getBoundingClientRect();
        const [date, what, , amount, status] = [0, 1, 2, 3, 4].map(box);
        const label = (i: number) => getComputedStyle(row.children[i]!, '::before');
        return {
          firstLine: Math.abs(what!.top - amount!.top) < 2 && amount!.left > what!.right,
          secondLine: Math.abs(date!.top - status!.top) < 2 && date!.top >= what!.bottom - 1 && status!.left > date!.right,
          hiddenLabels: [0, 1, 3, 4].every((i) => label(i).position === 'absolute' && label(i).width === '1px'),
          shownLabels: [5, 6].every((i) => label(i).position !== 'absolute' && label(i).content.length > 2),
        };
      }));
      expect(cards.length).toBeGreaterThan(5);
      expect(cards).toEqual(cards.map(() => ({ firstLine: true, secondLine: true, hiddenLabels: true, shownLabels: true })));
    } finally {
      await context.close();
    }
  });
});

describe('without loyalty_access', () => {
  it('says rewards are not available, in the page language, instead of the screen', async () => {
    const context = await browser.newContext();
    try {
      for (const [host, email, path] of [
        ['localhost', 'ben@demo.test', '/app/rewards'],
        ['acme.localhost', 'sam@acme.test', '/app/rewards/v3'],
      ] as const) {
        const page = await context.newPage();
        await logIn(page, host, email);
        expect((await page.goto(`${baseUrl(host)}${path}`))?.status()).toBe(200);
        // Sam reads the portal in the language of his profile.
        const lang = await page.evaluate(() => document.documentElement.lang);
        expect(await page.locator('[data-no-loyalty] p').first().innerText()).toBe(t(lang, 'loyaltyAccessRequired'));
        if (host === 'localhost') expect(lang).toBe('en');
        else expect(lang).not.toBe('en');
        expect(await page.locator('[data-catalogue], [data-vault], [data-rewards-balance]').count()).toBe(0);
        await page.close();
        await context.clearCookies();
      }
    } finally {
      await context.close();
    }
  });
});
