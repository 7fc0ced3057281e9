// /console/tax in a real Chromium (docs/tax-forms.md, docs/console/tax.md): the year's summary with taxpayer ids
// masked, the filing export for an owner and not for a viewer, the self-billing settings, and the ambassador
// downloading the invoice of her payout from the payout's page; both tenants at desktop and phone width, axe
// finding nothing, Acme in Spanish.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { axeViolations } from './axe';
import { consoleSession, newStaffMember } from './console-session';
import { baseUrl, logIn, newBrowser, operatorCall, stopAll, withContextDefaults } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const SELF_BILLING_OFF = { enabled: false, legal_name: '', address: '', vat_id: '', invoice_prefix: 'SB-' };

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

type Cookie = { name: string; value: string; domain: string; path: string };

// The seed owner signs in once for the file: each sign-in spends a TOTP step.
let owner: ReturnType<typeof consoleSession> | null = null;
const demoOwner = () => (owner ??= consoleSession('localhost', 'owner@demo.test'));

async function inConsole(cookie: Cookie, options: { locale?: string; width?: number }, work: (page: Page) => Promise<void>) {
  const width = options.width ?? 1280;
  const context: BrowserContext = await browser.newContext(withContextDefaults({ locale: options.locale ?? 'en-US', viewport: { width, height: 900 } }));
  try {
    await context.addCookies([{ ...cookie, secure: true, httpOnly: true, sameSite: 'Lax' as const }]);
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Ben signs a W-9 through the ambassador API (`Authorization: Token`), as an integration would. */
async function benSignsW9() {
  const login = await fetch(`${baseUrl()}/v1/auth/ambassador/?host=localhost`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ben@demo.test', password: 'Password1!' }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl()}/v1/ambassadors/amb-ben/tax_form/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify({ kind: 'w9', legal_name: 'Ben Builder', country: 'US', address: '2 Elm St, Austin, TX 78701', tax_id: '987-65-4321', signed_name: 'Ben Builder' }),
  });
  expect(res.status).toBe(201);
}

describe('/console/tax', () => {
  it('fits both tenants at desktop and phone width with nothing for axe to find, Acme in Spanish', async () => {
    const tenants = [
      { host: 'localhost', email: 'owner@demo.test', locale: 'en-US', title: en['console.menu.tax'], export: en['console.tax.export'] },
      { host: 'acme.localhost', email: 'admin@acme.test', locale: 'es-ES', title: es['console.menu.tax'], export: es['console.tax.export'] },
    ];
    for (const tenant of tenants) {
      const { cookie } = tenant.host === 'localhost' ? await demoOwner() : await consoleSession(tenant.host, tenant.email);
      for (const width of [1280, 390]) {
        await inConsole(cookie, { locale: tenant.locale, width }, async (page) => {
          await page.goto(`${baseUrl(tenant.host)}/console/tax`);
          expect(await page.locator('h1').textContent()).toBe(tenant.title);
          expect(await page.locator('[data-console-menu="tax"]').getAttribute('aria-current')).toBe('page');
          await page.locator('[data-tax-summary], [data-tax-empty]').first().waitFor();
          expect(await page.locator('[data-tax-export]').textContent()).toBe(tenant.export);
          expect(await page.locator('[data-self-billing-form]').count()).toBe(1);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await axeViolations(page, `tax ${tenant.host} ${width}`)).toEqual([]);
        });
      }
    }
  });

  it('shows the ids masked to every role, and only an owner takes the filing export with the id in full', async () => {
    await benSignsW9();
    const viewer = await newStaffMember('localhost', 'viewer', 'Vic Viewer');
    await inConsole(viewer.cookie, {}, async (page) => {
      await page.goto(`${baseUrl()}/console/tax`);
      const ben = page.locator('[data-tax-row="amb-ben"]');
      expect(await ben.locator('[data-tax-id]').textContent()).toBe('***-**-4321');
      expect(await page.content()).not.toContain('987654321');
      expect(await page.locator('[data-tax-export]').count()).toBe(0);
      expect(await page.locator('[data-self-billing-form]').count()).toBe(0);
      const refused = await page.request.get(`${baseUrl()}/console/tax/export?year=${new Date().getUTCFullYear()}`, { maxRedirects: 0 });
      expect(refused.status()).toBe(303);
      expect(refused.headers()['content-type'] ?? '').not.toContain('text/csv');
    });
    const { cookie } = await demoOwner();
    await inConsole(cookie, {}, async (page) => {
      await page.goto(`${baseUrl()}/console/tax`);
      const href = await page.locator('[data-tax-export]').getAttribute('href');
      const csv = await page.request.get(`${baseUrl()}${href}`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()['content-type']).toContain('text/csv');
      const row = (await csv.text()).split('\r\n').find((line) => line.startsWith('amb-ben,'));
      expect(row).toContain('987654321');
    });
  });

  it('an owner switches self-billing on; Ava downloads her payout\'s invoice, a PDF, and the console lists it', async () => {
    const { cookie } = await demoOwner();
    try {
      await inConsole(cookie, {}, async (page) => {
        await page.goto(`${baseUrl()}/console/tax`);
        const form = page.locator('[data-self-billing-form]');
        await form.locator('input[name="enabled"]').check();
        await form.locator('input[name="legal_name"]').fill('Demo Co GmbH');
        await form.locator('textarea[name="address"]').fill('Hauptstraße 1, 10115 Berlin, Germany');
        await form.locator('input[name="vat_id"]').fill('DE123456789');
        await form.locator('input[name="invoice_prefix"]').fill('DC-');
        await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
        await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.tax.saved']);
      });

      const context = await browser.newContext(withContextDefaults({ acceptDownloads: true }));
      try {
        const page = await context.newPage();
        await logIn(page, 'localhost', 'ava@demo.test');
        // The account page's tax section asks for her VAT id now that the company uses self-billing.
        await page.goto(`${baseUrl()}/app/account#tax`);
        const vat = page.locator('form[data-vat-form]');
        await vat.locator('input[name="vat_id"]').fill('fr 123 456 789 01');
        await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/app/account'),
          vat.locator('button[type="submit"]').click(),
        ]);
        await page.waitForLoadState('load');
        await expect.poll(() => page.locator('#tax [role="status"]').textContent()).toBe(en.vatIdSaved);
        expect(await page.locator('form[data-vat-form] input[name="vat_id"]').inputValue()).toBe('FR12345678901');
        await page.goto(`${baseUrl()}/app/payouts/po-501`);
        const link = page.locator('[data-invoice-link]');
        expect(await link.textContent()).toBe(en.invoiceLink);
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toMatch(/^invoice-DC-\d{6}\.pdf$/);
        const bytes = readFileSync((await download.path())!);
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // A payout not paid yet has no invoice to offer.
        await page.goto(`${baseUrl()}/app/payouts/po-503`);
        await page.locator('[data-payout-detail]').waitFor();
        expect(await page.locator('[data-invoice-link]').count()).toBe(0);
      } finally {
        await context.close();
      }

      await inConsole(cookie, {}, async (page) => {
        await page.goto(`${baseUrl()}/console/payouts`);
        const href = await page.locator('[data-invoice-link="po-501"]').getAttribute('href');
        const pdf = await page.request.get(`${baseUrl()}${href}`);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      });
    } finally {
      // The other browser tests see the demo company as the seed has it.
      expect((await operatorCall('localhost', DEMO_KEY, '/tax/self-billing', SELF_BILLING_OFF, { method: 'PUT' })).status).toBe(200);
    }
  });
});
