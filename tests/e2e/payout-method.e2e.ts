// The payout method in a real Chromium: an ambassador enters a PayPal e-mail on /app/account, reads the
// 6-digit code from the e-mail (the dev outbox), types a wrong one first (refused in the page language), then
// the right one, and sees "PayPal (a•••@e•••.com)" as their method on the account page and on the dashboard;
// in English and in French; axe finds nothing on either page at 1280 and 390 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { fr } from '../../src/lib/i18n/fr';
import { axeViolations } from './axe';
import { baseUrl, newBrowser, sessionCookies, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const HOST = 'localhost';

async function contextFor(email: string, lang: 'en' | 'fr', width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext(withContextDefaults({ viewport: { width, height: 900 }, locale: lang === 'en' ? 'en-US' : 'fr-FR' }));
  await context.addCookies([{ name: 'language', value: lang, domain: HOST, path: '/', sameSite: 'Lax' }]);
  await context.addCookies(await sessionCookies(HOST, email));
  return context;
}

/** The code of the newest PayPal code e-mail to `to` (/v1/dev/outbox, DEV_OUTBOX=1 locally). */
async function codeSentTo(to: string): Promise<string> {
  const url = `${baseUrl()}/v1/dev/outbox/?${new URLSearchParams({ host: HOST, to, limit: '1' })}`;
  let code = '';
  await expect.poll(async () => {
    const rows = ((await (await fetch(url)).json()) as { results: { template: string; body_text: string }[] }).results;
    code = rows[0]?.template === 'paypal_code' ? /\b(\d{6})\b/.exec(rows[0].body_text)?.[1] ?? '' : '';
    return code;
  }, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  return code;
}

/** Submits the form holding `button` and waits for the page that answers it (a 303 back, or the section again). */
async function submit(page: Page, button: ReturnType<Page['locator']>) {
  await Promise.all([page.waitForLoadState('load'), page.waitForNavigation(), button.click()]);
}

const CASES = [
  { lang: 'en' as const, texts: en, email: 'ava@demo.test', paypal: 'ava.e2e.pay@example.com', masked: 'a•••@e•••.com' },
  { lang: 'fr' as const, texts: { ...en, ...fr }, email: 'ben@demo.test', paypal: 'ben.e2e.pay@example.com', masked: 'b•••@e•••.com' },
];

describe.each(CASES)('a PayPal payout method confirmed by a code ($lang)', ({ lang, texts, email, paypal, masked }) => {
  it('is confirmed with the e-mailed code and shown as the method on the account page and the dashboard', async () => {
    const context = await contextFor(email, lang);
    const page = await context.newPage();
    await page.goto(`${baseUrl(HOST)}/app/account#payment`);
    const method = page.locator('[data-paypal-method]');
    await method.getByLabel(texts['payoutMethod.paypalEmail']).fill(paypal);
    await submit(page, method.getByRole('button', { name: texts['payoutMethod.sendCode'] }));
    await expect.poll(() => page.locator('[data-paypal-pending]').textContent()).toBe(texts['payoutMethod.paypalPending'].replace('{email}', masked));
    expect(await page.locator('#payment [role="status"]').first().textContent()).toBe(texts['payoutMethod.codeSent']);
    expect(await axeViolations(page, `${lang} account, code asked`)).toEqual([]);

    const code = await codeSentTo(paypal);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const codeField = page.getByLabel(`${texts['payoutMethod.code']} *`);
    await codeField.fill(wrong);
    await submit(page, page.getByRole('button', { name: texts['payoutMethod.confirm'], exact: true }));
    expect(await page.locator('#payout_code-error').textContent()).toBe(texts.payoutCodeWrong);
    expect(await page.locator('#payout_code').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel(`${texts['payoutMethod.code']} *`).fill(code);
    await submit(page, page.getByRole('button', { name: texts['payoutMethod.confirm'], exact: true }));
    const label = texts['payoutMethod.paypal'].replace('{email}', masked);
    expect(await page.locator('[data-payout-method]').textContent()).toBe(texts['payoutMethod.current'].replace('{method}', label));
    expect(await page.locator('[data-paypal-confirmed]').textContent()).toBe(texts['payoutMethod.paypalConfirmed'].replace('{email}', masked));
    expect(await page.locator('[data-paypal-pending]').count()).toBe(0);

    await page.goto(`${baseUrl(HOST)}/app`);
    const plan = page.locator('[data-payout-plan]');
    expect(await plan.getAttribute('data-method')).toBe('paypal');
    expect(await plan.textContent()).toContain(texts['payoutPlan.method'].replace('{method}', label));
    await context.close();
  });

  it('has nothing axe finds on the account page and the dashboard at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await contextFor(email, lang, width);
      const page = await context.newPage();
      await page.goto(`${baseUrl(HOST)}/app/account#payment`);
      expect(await page.locator('[data-payout-methods]').count()).toBe(1);
      expect(await axeViolations(page, `${lang} account ${width}`)).toEqual([]);
      await page.goto(`${baseUrl(HOST)}/app`);
      expect(await page.locator('[data-payout-plan]').count()).toBe(1);
      expect(await axeViolations(page, `${lang} dashboard ${width}`)).toEqual([]);
      await context.close();
    }
  });
});

describe('a payout\'s journey', () => {
  it('reads on the payout\'s own page, step by step, with nothing axe finds', async () => {
    const context = await contextFor('ava@demo.test', 'en', 390);
    const page = await context.newPage();
    await page.goto(`${baseUrl(HOST)}/app/payouts/po-501`);
    const journey = page.locator('[data-payout-journey]');
    expect(await journey.locator('h2').textContent()).toBe(en['journey.title']);
    const steps = await journey.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-step')));
    expect(steps.at(-1)).toBe('paid');
    expect(await journey.locator('[data-step="paid"]').textContent()).toMatch(new RegExp(`^${en['journey.paid'].replace('{date}', '.+')}$`));
    expect(await axeViolations(page, 'journey 390')).toEqual([]);
    await context.close();
  });
});
