// Revocation is immediate for pages (issue 17), in the real app: a page the browser opened a moment ago
// was served from the isolate's kept verification; after the operator deactivates the ambassador, the
// very next page (well within the kept verification's 10 s) shows that the session ended, and none of
// the person's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, logIn, newBrowser, stopAll } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const operator = (path: string) => fetch(`${baseUrl()}/v1/operator${path}`, {
  method: 'POST', headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' }, body: '{}',
});

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(async () => {
  await operator('/ambassadors/amb-ben/reactivate');
  await stopAll();
});

describe('a revoked session in the browser', () => {
  it('shows the session ended, not the dashboard, on the next page after the operator deactivates the person', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'localhost', 'ben@demo.test');
    await page.goto(`${baseUrl()}/app/stats`);
    expect(await page.textContent('body')).toContain('Ben');

    expect((await operator('/ambassadors/amb-ben/deactivate')).status).toBe(200);
    const res = await page.request.get(`${baseUrl()}/app`);
    const html = await res.text();
    expect(html).toContain('data-session-ended');
    expect(html).not.toContain('ben@demo.test');
    expect(html).not.toMatch(/>\s*Ben\b/);
    // The browser follows the page to the login form.
    await page.goto(`${baseUrl()}/app`);
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
