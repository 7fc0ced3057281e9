// What a new user walked into: a deactivated ambassador saw a normal dashboard offering to
// copy and share links that answer "link not found"; a company made with the operator CLI showed its
// name nowhere, a generic logo and a white blob in the sidebar.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, baseUrl, logIn, newBrowser, stopAll } from './harness';

const ADMIN_KEY = /^ADMIN_API_KEY=(.+)$/m.exec(readFileSync(path.join(ROOT, '.dev.vars.example'), 'utf8'))![1]!.trim();

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

describe('a deactivated ambassador', () => {
  it('sees that the account is deactivated, the way back, and no link to copy or share', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, 'localhost', 'gone@demo.test');
    const banner = page.locator('[data-deactivated-banner]');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toMatch(/deactivated/i);
    expect(await banner.locator('a[href="/app/account#status"]').count()).toBe(1);
    expect(await page.locator('[data-links-paused]').isVisible()).toBe(true);
    expect(await page.locator('[data-referral-link] button, [data-share-code] button').count()).toBe(0);
    await page.goto(`${baseUrl()}/app/sharing`);
    expect(await page.locator('[data-deactivated-banner]').isVisible()).toBe(true);
    expect(await page.locator('tr[data-share-link] a[data-link]').count()).toBe(0);
    await context.close();
  });

  it('is not shown to an active ambassador', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'localhost', 'ava@demo.test');
    expect(await page.locator('[data-deactivated-banner]').count()).toBe(0);
    expect(await page.locator('[data-referral-link] button').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('a company made by the operator without logos', () => {
  it('shows its name with an initial mark in its colour, never a generic logo', async () => {
    const id = `fresh${Date.now().toString(36)}`;
    const host = `${id}.localhost`;
    const made = await fetch(`${baseUrl()}/v1/operator/companies`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, name: 'Zephyr Bikes', hosts: [host], customization: { theme: { button_color: '#0b7285' } } }),
    });
    expect(made.status).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl(host)}/login`);
    expect(await page.title()).toContain('Zephyr Bikes');
    const mark = page.locator('[data-brand-mark]');
    expect(await mark.textContent()).toContain('Zephyr Bikes');
    expect(await mark.locator('.brand-initial').textContent()).toBe('Z');
    expect(await page.locator('img[src="/default-logo.svg"]').count()).toBe(0);
    // The branded "link not found" page too.
    const missing = await (await fetch(`${baseUrl(host)}/r/nope-nope`)).text();
    expect(missing).toContain('data-brand-mark');
    expect(missing).toContain('Zephyr Bikes');
    await context.close();
  });
});
