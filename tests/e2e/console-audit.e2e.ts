// The audit log in a real Chromium: an owner approves a commission (the operator API with their console
// session's token, as the console's pages call it) and finds it at /console/audit under their own name with
// the commission's status before and after; the chain check says it is intact; an entry edited directly in
// the portal's local D1 then makes the check name that entry. axe finds nothing at 1280 and 390 px. A
// reviewer is refused the page and its export.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, stopAll, withContextDefaults, localD1 } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The seed's local demo key of Demo Co (README). */
const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

async function operatorCall(auth: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/v1/operator${path}`, {
    method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function pendingCommission(): Promise<string> {
  const made = await operatorCall(`Bearer ${DEMO_KEY}`, 'POST', '/events', {
    campaign_uid: 'cmp-demo-main', transaction_uid: `audit-e2e-${Date.now()}`, revenue: '80.00', short_code: 'ava-demo', event_type: 'first',
    customer: { email: `audit-buyer-${Date.now()}@example.com`, first_name: 'Pat', last_name: 'Buyer' },
  });
  expect(made.status).toBe(201);
  return made.body.commission.uid as string;
}

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: any[] }> } }).axe;
    return (await run.run(document, { runOnly: { type: 'tag', values: tags }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })).violations;
  }, WCAG);
  return violations.flatMap((v: any) => v.nodes.map((n: any) => `[${v.id}] ${n.target.join(' > ')}: ${v.help}`));
}

async function withContext(cookie: Parameters<BrowserContext['addCookies']>[0][number], width: number, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({ viewport: { width, height: 900 }, locale: 'en-US', bypassCSP: true }));
  try {
    await context.addCookies([cookie]);
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

async function checkChain(page: Page) {
  await Promise.all([page.waitForURL(/check=1/), page.locator('form[data-audit-check] button').click()]);
  return page.locator('[data-audit-verdict]');
}

describe('console audit log', () => {
  it('shows an owner\'s approval under their name, a sound chain, then the entry edited in the database', async () => {
    const owner = await newStaffMember('localhost', 'owner', 'Audrey Auditor');
    const uid = await pendingCommission();
    const approved = await operatorCall(`Staff ${owner.token}`, 'POST', `/commissions/${uid}/approve`, {});
    expect(approved.status).toBe(200);

    await withContext(owner.cookie, 1280, async (page) => {
      await page.goto(`${baseUrl()}/console/audit`);
      expect(await page.locator('h1').textContent()).toBe(en['console.menu.audit']);
      const entry = page.locator('[data-audit-action="approveCommission"]', { hasText: uid });
      await entry.waitFor();
      expect(await entry.locator('[data-audit-who]').textContent()).toContain('Audrey Auditor');
      expect(await entry.locator('[data-audit-who]').textContent()).toContain(owner.email);
      const status = entry.locator('[data-audit-field="commission.status"]');
      expect(await status.locator('.audit-was').textContent()).toBe('pending');
      expect(await status.locator('.audit-now').textContent()).toBe('approved');
      const seq = Number(await entry.getAttribute('data-audit-entry'));

      // The filter by who keeps it; another action's filter does not.
      await page.locator('input[name="actor"]').fill('Audrey');
      await Promise.all([page.waitForURL(/actor=Audrey/), page.locator('form[data-audit-filters] button[type="submit"]').click()]);
      expect(await page.locator(`[data-audit-entry="${seq}"]`).count()).toBe(1);
      expect(await page.locator('[data-audit-entry]').evaluateAll((els) => els.every((el) => el.textContent!.includes('Audrey Auditor')))).toBe(true);

      // The export link downloads the filtered entries.
      const csv = await page.evaluate(async (href) => (await fetch(href)).text(), (await page.locator('[data-audit-export]').getAttribute('href'))!);
      expect(csv.split('\r\n')[0]).toMatch(/^seq,at,actor_kind/);
      expect(csv).toContain(uid);

      const verdict = await checkChain(page);
      expect(await verdict.getAttribute('data-audit-verdict')).toBe('ok');
      expect(await verdict.textContent()).toMatch(/The chain is intact: \d+ entr(y|ies) checked\./);
      expect(await axe(page)).toEqual([]);

      // Someone with the database rewrites what the approval did.
      localD1(`UPDATE audit_log SET after_json = replace(after_json, '"approved"', '"denied"') WHERE company_id = 'demo' AND seq = ${seq}`);
      await page.goto(`${baseUrl()}/console/audit`);
      const broken = await checkChain(page);
      expect(await broken.getAttribute('data-audit-verdict')).toBe('edited');
      expect(await broken.textContent()).toContain(en['console.audit.broken.edited'].replace('{seq}', String(seq)));
      await Promise.all([page.waitForURL(new RegExp(`before=${seq + 1}`)), page.locator('[data-audit-show-broken]').click()]);
      expect(await page.locator(`[data-audit-entry="${seq}"]`).getAttribute('class')).toContain('audit-broken');
    });

    // The same page at a phone's width, chain check shown.
    await withContext(owner.cookie, 390, async (page) => {
      await page.goto(`${baseUrl()}/console/audit?check=1`);
      await page.locator('[data-audit-verdict]').waitFor();
      expect(await axe(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });

  it('shows Acme\'s admin Acme\'s log in Spanish, without Demo Co\'s entries', async () => {
    const admin = await newStaffMember('acme.localhost', 'admin', 'Alba Admin');
    const made = await fetch(`${baseUrl('acme.localhost')}/v1/operator/webhooks/endpoints`, {
      method: 'POST', headers: { authorization: `Staff ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.com/acme-audit', event_types: ['commission.created'] }),
    });
    expect(made.status).toBe(201);
    const context = await browser.newContext(withContextDefaults({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' }));
    try {
      await context.addCookies([admin.cookie]);
      const page = await context.newPage();
      await page.goto(`${baseUrl('acme.localhost')}/console/audit`);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.audit']);
      const entry = page.locator('[data-audit-action="createWebhookEndpoint"]').first();
      expect(await entry.locator('[data-audit-who]').textContent()).toContain('Alba Admin');
      expect(await entry.locator('[data-audit-field="secret"] .audit-now').textContent()).toBe('[redacted]');
      expect(await page.content()).not.toContain('demo.test');
      await Promise.all([page.waitForURL(/check=1/), page.locator('form[data-audit-check] button').click()]);
      expect(await page.locator('[data-audit-verdict]').getAttribute('data-audit-verdict')).toBe('ok');
      expect(await page.locator('[data-audit-verdict]').textContent()).toMatch(/La cadena está intacta/);
    } finally {
      await context.close();
    }
  });

  it('refuses a reviewer the page and the export', async () => {
    const reviewer = await newStaffMember('localhost', 'reviewer');
    await withContext(reviewer.cookie, 1280, async (page) => {
      const res = await page.goto(`${baseUrl()}/console/audit`);
      expect(res!.status()).toBe(403);
      expect(await page.locator('[data-console-denied]').count()).toBe(1);
      expect(await page.locator('[data-audit-entry]').count()).toBe(0);
      const exported = await page.goto(`${baseUrl()}/console/audit/export`);
      expect(exported!.url()).toMatch(/\/console\/audit$/);
    });
    expect((await operatorCall(`Staff ${reviewer.token}`, 'GET', '/audit')).status).toBe(403);
  });
});
