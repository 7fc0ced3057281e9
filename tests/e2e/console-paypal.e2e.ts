// The PayPal card of /console/integrations in a real Chromium: an admin connects the company's PayPal app (the
// secret sealed, never on the page again, the client id masked), a wrong webhook id is refused with its field
// named, the card passes axe at 1280 and 390 px, and the app is disconnected; Acme's card speaks Spanish.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { axeViolations } from './axe';
import { newStaffMember } from './console-session';
import { baseUrl, newBrowser, stopAll, withContextDefaults } from './harness';

let browser: Browser;
let demoAdmin: Member;
let acmeOwner: Member;
type Member = Awaited<ReturnType<typeof newStaffMember>>;

beforeAll(async () => {
  browser = await newBrowser();
  demoAdmin = await newStaffMember('localhost', 'admin');
  acmeOwner = await newStaffMember('acme.localhost', 'owner');
}, 180_000);
afterAll(stopAll);

async function withConsole(member: Member, options: { locale?: string; width?: number; host?: string }, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({ viewport: { width: options.width ?? 1280, height: 900 }, locale: options.locale }));
  try {
    await context.addCookies([member.cookie]);
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

const submit = (page: Page, form: string) => Promise.all([page.waitForNavigation(), page.locator(`${form} button[type="submit"]`).click()]);

describe('the PayPal card of /console/integrations', () => {
  it('connects the PayPal app with its secret never shown again, refuses a wrong field by name, and disconnects it', async () => {
    const secret = `EeE2eSecret${Date.now().toString(36)}Never`;
    await withConsole(demoAdmin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/integrations`);
      const card = page.locator('[data-integration="paypal"]');
      expect(await card.locator('[data-paypal-state]').textContent()).toBe(en['console.paypal.notConnected']);
      expect(await card.locator('[data-paypal-webhook-url]').textContent()).toBe(`${baseUrl()}/v1/hooks/paypal/demo`);

      await page.locator('#paypal_client_id').fill('AaE2eClient0001');
      await page.locator('#paypal_client_secret').fill(secret);
      await page.locator('#paypal_webhook_id').fill('not a webhook id!');
      await submit(page, '[data-paypal-form]');
      expect(await page.locator('#paypal_webhook_id').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#paypal_client_id').inputValue()).toBe('AaE2eClient0001');
      expect(await page.content()).not.toContain(secret);

      await page.locator('#paypal_client_secret').fill(secret);
      await page.locator('#paypal_webhook_id').fill('WHE2E0001');
      await page.locator('#paypal_mode').selectOption('sandbox');
      await submit(page, '[data-paypal-form]');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.paypal.saved']);
      const state = await card.locator('[data-paypal-state]').textContent();
      expect(state).toContain('AaE2…0001');
      expect(state).toContain(en['console.paypal.modeSandbox']);
      expect(await page.content()).not.toContain(secret);
      expect(await axeViolations(page, 'paypal 1280')).toEqual([]);
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page, 'paypal 390')).toEqual([]);

      await submit(page, '[data-paypal-remove]');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.paypal.removed']);
      expect(await card.locator('[data-paypal-state]').textContent()).toBe(en['console.paypal.notConnected']);
    });
  });

  it('speaks the company\'s language: Acme\'s card in Spanish', async () => {
    await withConsole(acmeOwner, { locale: 'es-ES' }, async (page) => {
      await page.goto(`${baseUrl('acme.localhost')}/console/integrations`);
      expect(await page.locator('#int-paypal').textContent()).toBe(es['console.paypal.title']);
      expect(await page.locator('[data-integration="paypal"] [data-paypal-state]').textContent()).toBe(es['console.paypal.notConnected']);
    });
  });
});
