// The tax form on the account page in a real browser (docs/tax-forms.md): a malformed id is refused at its field
// and never typed back into the page; a W-9 is then on file, shown with the id masked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logIn, newBrowser, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

async function submit(page: Page, fields: Record<string, string>) {
  const form = page.locator('#tax form');
  await form.locator(`input[name="kind"][value="${fields.kind}"]`).check();
  for (const name of ['legal_name', 'country', 'address', 'tax_id', 'signed_name']) await form.locator(`input[name="${name}"]`).fill(fields[name] ?? '');
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/app/account'),
    form.locator('button[type="submit"]').click(),
  ]);
  await page.waitForLoadState('load');
}

describe('the tax form on the account page', () => {
  it('refuses a malformed id at its field, then keeps a W-9 on file with the id masked', async () => {
    const context = await browser.newContext(withContextDefaults({}));
    const page = await context.newPage();
    await logIn(page, 'localhost', 'ava@demo.test');
    await page.goto(`${baseUrl()}/app/account#tax`);
    await expect.poll(() => page.locator('[data-tax-form]').getAttribute('data-tax-form')).toBe('none');

    const w9 = { kind: 'w9', legal_name: 'Ava Artist', country: 'US', address: '1 Main St, Oakland, CA 94607', signed_name: 'Ava Artist' };
    await submit(page, { ...w9, tax_id: '12-345' });
    await expect.poll(() => page.locator('#tax-tax_id-error').textContent()).toContain('9 digits');
    expect(await page.locator('#tax input[name="tax_id"]').inputValue()).toBe('');
    expect(await page.locator('#tax input[name="legal_name"]').inputValue()).toBe('Ava Artist');

    await submit(page, { ...w9, tax_id: '123-45-6789' });
    await expect.poll(() => page.locator('#tax [role="status"]').textContent()).toContain('Your tax form is on file.');
    expect(await page.locator('[data-tax-form]').getAttribute('data-tax-form')).toBe('w9');
    expect(await page.locator('[data-tax-form]').textContent()).toContain('***-**-6789');
    const html = await page.content();
    expect(html).not.toContain('123-45-6789');
    expect(html).not.toContain('123456789');
    await context.close();
  });
});
