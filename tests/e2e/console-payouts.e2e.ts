// /console/payouts in a real Chromium: finance sees who can be paid and records a payout made with the
// company's provider, which the operator API then shows; a viewer sees no form and the API refuses them; a run on
// the external rail, an item confirmed failed and the money back, a retry of only what failed; Acme's screen in
// Spanish; axe at desktop and phone width.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { axeViolations } from './axe';
import { consoleSession, newStaffMember } from './console-session';
import { baseUrl, newBrowser, operatorCall, stopAll, withContextDefaults, localD1 } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

async function inConsole(host: string, cookie: { name: string; value: string; domain: string; path: string }, options: { locale?: string; width?: number }, work: (page: Page) => Promise<void>) {
  const width = options.width ?? 1280;
  const context: BrowserContext = await browser.newContext(withContextDefaults({ locale: options.locale ?? 'en-US', viewport: { width, height: 900 } }));
  try {
    await context.addCookies([{ ...cookie, secure: true, httpOnly: true, sameSite: 'Lax' as const }]);
    const page = await context.newPage();
    await work(page);
  } finally {
    await context.close();
  }
}

let sales = 0;
/**
 * Makes Ava ready to be paid whatever the files before this one paid: a sale through the company key,
 * approved, and dated past the holding period (the one thing the API cannot do, done in her D1 row).
 */
async function readyToPay() {
  const sale = await operatorCall('localhost', DEMO_KEY, '/events', {
    campaign_uid: 'cmp-demo-main', transaction_uid: `e2e-payouts-${Date.now()}-${++sales}`, revenue: '250.00',
    customer: { email: `payouts-${Date.now()}-${sales}@example.com`, first_name: 'Pat', last_name: 'Buyer' }, short_code: 'ava-demo', event_type: 'first',
  });
  expect(sale.status).toBe(201);
  const uid = sale.body.commission.uid as string;
  expect((await operatorCall('localhost', DEMO_KEY, `/commissions/${uid}/approve`, {})).status).toBe(200);
  localD1(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-60 days') WHERE uid = '${uid.replace(/'/g, '')}'`);
}

describe('/console/payouts', () => {
  it('finance records the payout of a ready ambassador, and the operator API shows it', async () => {
    await readyToPay();
    const finance = await newStaffMember('localhost', 'finance', 'Fiona Finance');
    await inConsole('localhost', finance.cookie, {}, async (page) => {
      await page.goto(`${baseUrl('localhost')}/console/payouts`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(en['console.payouts.title']);
      const ready = page.locator('[data-payable] tr', { has: page.locator('form.console-pay') }).first();
      const uid = await ready.getAttribute('data-ambassador');
      expect(uid).toBeTruthy();
      const reference = `E2E-${Date.now()}`;
      await ready.locator('input[name="transaction_id"]').fill(reference);
      await Promise.all([page.waitForNavigation(), ready.getByRole('button', { name: en['console.payouts.record'] }).click()]);
      await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.recorded']);
      // The ambassador has nothing payable any more, and the payout is in the history with its reference.
      expect(await page.locator(`[data-payable] tr[data-ambassador="${uid}"] form.console-pay`).count()).toBe(0);
      await expect.poll(() => page.locator('[data-payouts]').textContent()).toContain(reference);
      const listed = await operatorCall('localhost', DEMO_KEY, `/payouts?ambassador_uid=${uid}`, undefined, { method: 'GET' });
      expect(listed.body.results[0]).toMatchObject({ ambassador_uid: uid, transaction_id: reference, status: 'paid' });
    });
  });

  it('a viewer sees who can be paid but no form, and the API refuses their payout', async () => {
    const viewer = await newStaffMember('localhost', 'viewer', 'Vera Viewer');
    await inConsole('localhost', viewer.cookie, {}, async (page) => {
      await page.goto(`${baseUrl('localhost')}/console/payouts`);
      await page.locator('[data-payable], [data-payable-empty]').first().waitFor();
      expect(await page.locator('form.console-pay').count()).toBe(0);
      expect(await page.textContent('main')).toContain(en['console.payouts.readOnly']);
    });
    const refused = await fetch(`${baseUrl('localhost')}/v1/operator/payouts`, {
      method: 'POST', headers: { authorization: `Staff ${viewer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ambassador_uid: 'amb-ava', method: 1 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('roleRequired');
  });

  it('finance drafts a payout run, the same member cannot approve it, another can, and sending pays each item', async () => {
    await readyToPay();
    const finance = await newStaffMember('localhost', 'finance', 'Fred Finance');
    const admin = await newStaffMember('localhost', 'admin', 'Ada Admin');
    let runUid = '';
    await inConsole('localhost', finance.cookie, {}, async (page) => {
      await page.goto(`${baseUrl('localhost')}/console/payouts`);
      await Promise.all([page.waitForNavigation(), page.locator('[data-draft-run]').click()]);
      await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runDrafted']);
      runUid = (await page.locator('[data-runs] tbody tr').first().getAttribute('data-run'))!;
      expect(await page.locator('[data-runs] tbody tr').first().getAttribute('data-run-status')).toBe('draft');
      expect(await page.locator('[data-run-items] tr[data-item-status="included"]').count()).toBeGreaterThan(0);
      const csv = await page.request.get(`${baseUrl('localhost')}${await page.locator('[data-export-run="wise"]').getAttribute('href')}`);
      expect(csv.status()).toBe(200);
      expect((await csv.text()).split('\r\n')[0]).toBe('name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency');
      await Promise.all([page.waitForNavigation(), page.locator('[data-approve-run]').click()]);
      await expect.poll(() => page.locator('[data-console-error]').textContent()).toBe(en.payoutRunSameApprover);
    });
    await inConsole('localhost', admin.cookie, {}, async (page) => {
      await page.goto(`${baseUrl('localhost')}/console/payouts?run=${runUid}`);
      await Promise.all([page.waitForNavigation(), page.locator('[data-approve-run]').click()]);
      await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runApproved']);
    });
    await inConsole('localhost', finance.cookie, {}, async (page) => {
      await page.goto(`${baseUrl('localhost')}/console/payouts?run=${runUid}`);
      const included = await page.locator('[data-run-items] tr[data-item-status="included"]').count();
      await Promise.all([page.waitForNavigation(), page.locator('[data-send-run]').click()]);
      await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runSent']);
      expect(await page.locator(`[data-runs] tr[data-run="${runUid}"]`).getAttribute('data-run-status')).toBe('paid');
      expect(await page.locator('[data-run-items] tr[data-item-status="paid"]').count()).toBe(included);
      expect(await page.locator('[data-send-run]').count()).toBe(0);
    });
  });

  it('a run on the external rail: items sent, one confirmed failed gives its amount back, and Retry drafts only what failed', async () => {
    // The company's own system listens to payout.requested: the external rail is offered.
    const hook = await operatorCall('localhost', DEMO_KEY, '/webhooks/endpoints', { url: 'https://hooks.example.com/e2e-payouts', event_types: ['payout.requested'] });
    expect(hook.status).toBe(201);
    try {
      await readyToPay();
      const finance = await newStaffMember('localhost', 'finance', 'Fay Finance');
      const admin = await newStaffMember('localhost', 'admin', 'Abe Admin');
      let runUid = '';
      await inConsole('localhost', finance.cookie, {}, async (page) => {
        await page.goto(`${baseUrl('localhost')}/console/payouts`);
        await page.locator('[data-draft-rail]').selectOption('external');
        await Promise.all([page.waitForNavigation(), page.locator('[data-draft-run]').click()]);
        await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runDrafted']);
        runUid = (await page.locator('[data-runs] tbody tr').first().getAttribute('data-run'))!;
        expect(await page.locator(`[data-runs] tr[data-run="${runUid}"] [data-run-rail]`).getAttribute('data-run-rail')).toBe('external');
      });
      await inConsole('localhost', admin.cookie, {}, async (page) => {
        await page.goto(`${baseUrl('localhost')}/console/payouts?run=${runUid}`);
        await Promise.all([page.waitForNavigation(), page.locator('[data-approve-run]').click()]);
      });
      let amount = 0;
      await inConsole('localhost', finance.cookie, {}, async (page) => {
        await page.goto(`${baseUrl('localhost')}/console/payouts?run=${runUid}`);
        await Promise.all([page.waitForNavigation(), page.locator('[data-send-run]').click()]);
        await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runSent']);
        expect(await page.locator('[data-run-items] tr[data-run-item="amb-ava"]').getAttribute('data-item-status')).toBe('sent');
        const run = await operatorCall('localhost', DEMO_KEY, `/payout-runs/${runUid}`, undefined, { method: 'GET' });
        amount = run.body.items.find((i: { ambassador_uid: string }) => i.ambassador_uid === 'amb-ava').amount;
        // The others are paid by the company's system; Ava's payment comes back.
        for (const i of run.body.items.filter((x: { status: string; ambassador_uid: string }) => x.status === 'sent' && x.ambassador_uid !== 'amb-ava')) {
          expect((await operatorCall('localhost', DEMO_KEY, `/payout-runs/${runUid}/items/${i.ambassador_uid}/confirm`, { status: 'paid' })).status).toBe(200);
        }
        await page.reload();
        const form = page.locator('[data-confirm-item="amb-ava"]');
        await form.locator('select[name="status"]').selectOption('failed');
        await form.locator('select[name="reason"]').selectOption('returned');
        await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: en['console.payouts.confirm'] }).click()]);
        await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.itemConfirmed']);
        const ava = page.locator('[data-run-items] tr[data-run-item="amb-ava"]');
        expect(await ava.getAttribute('data-item-status')).toBe('failed');
        expect(await ava.locator('[data-item-failure]').textContent()).toBe(en['console.payouts.failure.returned']);
        expect(await page.locator('[data-payable] tr[data-ambassador="amb-ava"] form.console-pay').count()).toBe(1);
        expect(await axeViolations(page, 'payouts external run')).toEqual([]);
        await Promise.all([page.waitForNavigation(), page.locator('[data-retry-run]').click()]);
        await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runRetried']);
        const retry = await page.locator('[data-runs] tbody tr').first().getAttribute('data-run');
        expect(retry).not.toBe(runUid);
        const drafted = await operatorCall('localhost', DEMO_KEY, `/payout-runs/${retry}`, undefined, { method: 'GET' });
        expect(drafted.body.run).toMatchObject({ rail: 'external', status: 'draft' });
        expect(drafted.body.items).toEqual([expect.objectContaining({ ambassador_uid: 'amb-ava', status: 'included', amount })]);
      });
    } finally {
      await operatorCall('localhost', DEMO_KEY, `/webhooks/endpoints/${hook.body.id}`, undefined, { method: 'DELETE' });
    }
  });

  it('Acme\'s screen is in Spanish, and axe finds nothing at desktop and phone width', async () => {
    const { cookie } = await consoleSession('acme.localhost', 'admin@acme.test');
    for (const width of [1280, 390]) {
      await inConsole('acme.localhost', cookie, { locale: 'es-ES', width }, async (page) => {
        await page.goto(`${baseUrl('acme.localhost')}/console/payouts`);
        expect(await page.locator('h1').textContent()).toBe(es['console.payouts.title']);
        expect(await axeViolations(page, `payouts ${width}`)).toEqual([]);
      });
    }
  });
});
