// Languages in a real browser (spec §9): the browser's language before the company default,
// the language menu of the logged-out pages (every language plus "system"), <html lang>, a regional
// catalogue (es-MX) on acme, and the profile's stored choice.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** Opens the language menu and picks `code`; resolves once the page came back. */
async function choose(page: Page, code: string) {
  await page.locator('[data-language-menu] summary').click();
  const option = page.locator(`[data-language-menu] button[data-language="${code}"]`);
  await expect.poll(() => option.isVisible()).toBe(true);
  await Promise.all([page.waitForNavigation(), option.click()]);
}

describe('languages', () => {
  it('a French browser on the English-default demo portal reads French, then switches to German from the menu', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl('localhost')}/login`);
      expect(await htmlLang(page)).toBe('fr');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Connectez-vous à votre compte');
      expect(await page.locator('label[for]').first().textContent()).toContain('E-mail');

      // The menu offers every language (each named in itself) and "system".
      await page.locator('[data-language-menu] summary').click();
      const codes = await page.locator('[data-language-menu] button[data-language]').evaluateAll((els) => els.map((el) => el.getAttribute('data-language')));
      expect(codes).toEqual(['en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'de', 'es-419', 'es-MX', 'fr-CA', 'system']);
      expect(await page.locator('[data-language-menu] button[data-language="de"]').textContent()).toContain('Deutsch');
      expect(await page.locator('[data-language-menu] button[data-language="de"]').getAttribute('lang')).toBe('de');
      await page.locator('[data-language-menu] summary').click();

      await choose(page, 'de');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await htmlLang(page)).toBe('de');
      expect(await page.locator('[data-language-menu] summary').textContent()).toContain('Deutsch');
      expect(await page.locator('[data-language-menu] button[data-language="de"]').getAttribute('aria-current')).toBe('true');

      // The choice is kept: another logged-out page is German too.
      await page.goto(`${baseUrl('localhost')}/forgot-password`);
      expect(await htmlLang(page)).toBe('de');
    } finally {
      await context.close();
    }
  });

  it('the menu works by keyboard alone', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl('localhost')}/login`);
      await page.locator('[data-language-menu] summary').focus();
      await page.keyboard.press('Enter');
      const italian = page.locator('[data-language-menu] button[data-language="it"]');
      await expect.poll(() => italian.isVisible()).toBe(true);
      await italian.focus();
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      expect(await htmlLang(page)).toBe('it');
    } finally {
      await context.close();
    }
  });

  it('on acme (Spanish default) an English browser reads English, and an es-MX choice shows the Mexican wording', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl('acme.localhost')}/forgot-password`);
      expect(await htmlLang(page)).toBe('en');

      await choose(page, 'es');
      expect(await htmlLang(page)).toBe('es');
      expect(await page.locator('main').textContent()).toContain('Introduce tu correo electrónico');

      await choose(page, 'es-MX');
      expect(await htmlLang(page)).toBe('es-MX');
      const text = await page.locator('main').textContent();
      expect(text).toContain('Ingresa tu correo electrónico');
      expect(text).not.toContain('Introduce tu correo');
    } finally {
      await context.close();
    }
  });

  it('a browser in an unsupported language gets the company default', async () => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl('acme.localhost')}/login`);
      expect(await htmlLang(page)).toBe('es');
      await page.goto(`${baseUrl('localhost')}/login`);
      expect(await htmlLang(page)).toBe('en');
    } finally {
      await context.close();
    }
  });

  it('"system" follows the browser, over a choice made before', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl('acme.localhost')}/login`);
      expect(await htmlLang(page)).toBe('de');
      await choose(page, 'pl');
      expect(await htmlLang(page)).toBe('pl');
      await choose(page, 'system');
      expect(await htmlLang(page)).toBe('de');
      expect(await page.locator('[data-language-menu] button[data-language="system"]').getAttribute('aria-current')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('the profile stores every language and "system"; the page follows the stored choice', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl('acme.localhost')}/login`);
      await page.locator('input[name="email"]').fill('alex@acme.test');
      await page.locator('input[name="password"]').fill('Password1!');
      await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-login-form] button[type="submit"]').click()]);
      // alex's profile says es: the stored choice wins over the English browser.
      expect(await htmlLang(page)).toBe('es');

      await page.goto(`${baseUrl('acme.localhost')}/app/account`);
      const options = await page.locator('#language-select option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
      expect(options).toEqual(['en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'de', 'es-419', 'es-MX', 'fr-CA', 'system']);
      for (const code of ['es-MX', 'fr-CA', 'system']) {
        await page.locator('#language-select').selectOption(code);
        await Promise.all([page.waitForNavigation(), page.locator('#language button[type="submit"]').click()]);
        expect(await htmlLang(page), code).toBe(code === 'system' ? 'en' : code);
        expect(await page.locator('#language-select').inputValue(), code).toBe(code);
      }
      // Back to Spanish for the other tests.
      await page.locator('#language-select').selectOption('es');
      await Promise.all([page.waitForNavigation(), page.locator('#language button[type="submit"]').click()]);
      expect(await htmlLang(page)).toBe('es');
    } finally {
      await context.close();
    }
  });
});
