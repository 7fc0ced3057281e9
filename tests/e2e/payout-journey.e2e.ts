// Money that leaves, in a real Chromium, through PayPal (the local stand-in speaking PayPal's Payouts API, its
// webhooks pushed to Demo Co's hook as PayPal's are): Ava confirms her PayPal e-mail with the code she is sent,
// a finance member drafts a PayPal run in the console, an admin approves it, finance sends it, and Ava's payout
// page says it was paid. Then PayPal fails her next payment: the run says why, the amount is payable to her
// again, she is told by e-mail, and her payout page says why and that the money is back.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP } from '../../scripts/standins/paypal.mjs';
import { en } from '../../src/lib/i18n/en';
import { axeViolations } from './axe';
import { newStaffMember } from './console-session';
import { baseUrl, localD1, newBrowser, operatorCall, portalInfo, sessionCookies, stopAll, withContextDefaults } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const HOST = 'localhost';
const AVA_PAYPAL = `ava.journey.${Date.now()}@example.com`;

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
  // The company connects its PayPal app (the stand-in knows DEFAULT_APP and its webhook WHLOCAL0001).
  const put = await operatorCall(HOST, DEMO_KEY, '/integrations/paypal', {
    client_id: DEFAULT_APP.client_id, client_secret: DEFAULT_APP.client_secret, mode: 'sandbox', webhook_id: 'WHLOCAL0001',
  }, { method: 'PUT' });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  // The demo company was not connected to PayPal before this file (console-paypal.e2e connects it from scratch).
  await operatorCall(HOST, DEMO_KEY, '/integrations/paypal', undefined, { method: 'DELETE' });
  await stopAll();
});

async function asAva(work: (page: Page) => Promise<void>) {
  const context: BrowserContext = await browser.newContext(withContextDefaults({ viewport: { width: 1280, height: 900 } }));
  try {
    await context.addCookies(await sessionCookies(HOST, 'ava@demo.test'));
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

async function inConsole(cookie: { name: string; value: string; domain: string; path: string }, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({ viewport: { width: 1280, height: 900 } }));
  try {
    await context.addCookies([{ ...cookie, secure: true, httpOnly: true, sameSite: 'Lax' as const }]);
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The newest e-mail of `template` to `to` in the dev outbox. */
async function mailTo(to: string, template: string): Promise<{ subject: string; body_text: string }> {
  const url = `${baseUrl()}/v1/dev/outbox/?${new URLSearchParams({ host: HOST, to, limit: '5' })}`;
  let found: { template: string; subject: string; body_text: string } | undefined;
  await expect.poll(async () => {
    const rows = ((await (await fetch(url)).json()) as { results: { template: string; subject: string; body_text: string }[] }).results;
    found = rows.find((r) => r.template === template);
    return Boolean(found);
  }, { timeout: 15_000 }).toBe(true);
  return found!;
}

async function submit(page: Page, button: ReturnType<Page['locator']>) {
  await Promise.all([page.waitForNavigation(), button.click()]);
}

let sales = 0;
/** A sale of Ava's through the company key, approved, and dated past the holding period (the D1 row's date). */
async function avaEarns(): Promise<number> {
  const sale = await operatorCall(HOST, DEMO_KEY, '/events', {
    campaign_uid: 'cmp-demo-main', transaction_uid: `e2e-journey-${Date.now()}-${++sales}`, revenue: '180.00',
    customer: { email: `journey-${Date.now()}-${sales}@example.com`, first_name: 'Jo', last_name: 'Buyer' }, short_code: 'ava-demo', event_type: 'first',
  });
  expect(sale.status).toBe(201);
  const uid = sale.body.commission.uid as string;
  expect((await operatorCall(HOST, DEMO_KEY, `/commissions/${uid}/approve`, {})).status).toBe(200);
  localD1(`UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-60 days') WHERE uid = '${uid.replace(/'/g, '')}'`);
  return sale.body.commission.amount as number;
}

async function avaPayable(): Promise<number> {
  const list = await operatorCall(HOST, DEMO_KEY, '/payouts/payable', undefined, { method: 'GET' });
  return (list.body.results as { ambassador_uid: string; payable: number }[]).find((r) => r.ambassador_uid === 'amb-ava')?.payable ?? 0;
}

/** Finance drafts a PayPal run in the console, an admin approves it, finance sends it; the run's uid. */
async function payRunOnPayPal(): Promise<string> {
  const finance = await newStaffMember(HOST, 'finance', 'Petra Payer');
  const admin = await newStaffMember(HOST, 'admin', 'Arno Approver');
  let runUid = '';
  await inConsole(finance.cookie, async (page) => {
    await page.goto(`${baseUrl(HOST)}/console/payouts`);
    await page.locator('[data-draft-rail]').selectOption('paypal');
    await submit(page, page.locator('[data-draft-run]'));
    await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runDrafted']);
    runUid = (await page.locator('[data-runs] tbody tr').first().getAttribute('data-run'))!;
    expect(await page.locator(`[data-runs] tr[data-run="${runUid}"] [data-run-rail]`).getAttribute('data-run-rail')).toBe('paypal');
    // Finance cannot approve its own draft: no approve button for them, and the API refuses it.
    const own = await fetch(`${baseUrl(HOST)}/v1/operator/payout-runs/${runUid}/approve`, {
      method: 'POST', headers: { authorization: `Staff ${finance.token}`, 'content-type': 'application/json' }, body: '{}',
    });
    expect(own.status).toBe(409);
  });
  await inConsole(admin.cookie, async (page) => {
    await page.goto(`${baseUrl(HOST)}/console/payouts?run=${runUid}`);
    await submit(page, page.locator('[data-approve-run]'));
  });
  await inConsole(finance.cookie, async (page) => {
    await page.goto(`${baseUrl(HOST)}/console/payouts?run=${runUid}`);
    await submit(page, page.locator('[data-send-run]'));
    await expect.poll(() => page.locator('[data-console-notice]').textContent()).toBe(en['console.payouts.runSent']);
  });
  return runUid;
}

/** Ava's item of a run, once PayPal's webhooks settled it. */
async function avaItemSettled(runUid: string) {
  let item: { status: string; payout_uid: string | null; failure: string | null; amount: number } | undefined;
  await expect.poll(async () => {
    const run = await operatorCall(HOST, DEMO_KEY, `/payout-runs/${runUid}`, undefined, { method: 'GET' });
    item = run.body.items.find((i: { ambassador_uid: string }) => i.ambassador_uid === 'amb-ava');
    return item?.status;
  }, { timeout: 20_000 }).toMatch(/^(paid|failed)$/);
  return item!;
}

describe('a payout through PayPal, from the ambassador\'s method to her payout page', () => {
  it('Ava confirms her PayPal e-mail, finance and an approver pay a PayPal run, and Ava sees it paid', async () => {
    await asAva(async (page) => {
      await page.goto(`${baseUrl(HOST)}/app/account#payment`);
      const method = page.locator('[data-paypal-method]');
      await method.getByLabel(en['payoutMethod.paypalEmail']).fill(AVA_PAYPAL);
      await submit(page, method.getByRole('button', { name: en['payoutMethod.sendCode'] }));
      const code = /\b(\d{6})\b/.exec((await mailTo(AVA_PAYPAL, 'paypal_code')).body_text)![1];
      await page.getByLabel(`${en['payoutMethod.code']} *`).fill(code);
      await submit(page, page.getByRole('button', { name: en['payoutMethod.confirm'], exact: true }));
      // Paid through PayPal from now on, whatever she chose before.
      const rails = page.locator('form[data-payout-rail]');
      if (await rails.count()) {
        await rails.locator('input[name="rail"][value="paypal"]').check();
        await submit(page, rails.getByRole('button', { name: en['payoutMethod.railSave'] }));
      }
      expect(await page.locator('[data-payout-method]').getAttribute('data-payout-method')).toBe('paypal');
    });
    await avaEarns();
    const payable = await avaPayable();
    expect(payable).toBeGreaterThan(0);

    const runUid = await payRunOnPayPal();
    const item = await avaItemSettled(runUid);
    expect(item).toMatchObject({ status: 'paid', amount: payable });
    expect(await avaPayable()).toBe(0);

    await asAva(async (page) => {
      await page.goto(`${baseUrl(HOST)}/app/payouts/${item.payout_uid}`);
      const journey = page.locator('[data-payout-journey]');
      const steps = await journey.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-step')));
      expect(steps).toEqual(['scheduled', 'sent', 'paid']);
      expect(await axeViolations(page, 'payout paid through PayPal')).toEqual([]);
    });
  });

  it('a payment PayPal fails comes back to Ava\'s balance, and she is told why', async () => {
    const control = await fetch(`${portalInfo().paypalUrl}/__control`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ receivers: { [AVA_PAYPAL]: 'FAILED' } }),
    });
    expect(control.ok).toBe(true);
    await avaEarns();
    const payable = await avaPayable();
    expect(payable).toBeGreaterThan(0);

    const runUid = await payRunOnPayPal();
    const item = await avaItemSettled(runUid);
    expect(item).toMatchObject({ status: 'failed', failure: 'failed', amount: payable });
    // The correcting entry: the amount is payable to her again, at once.
    expect(await avaPayable()).toBe(payable);
    const mail = await mailTo('ava@demo.test', 'payout_failed');
    expect(mail.body_text).toContain(en['payoutFailure.failed']);

    await asAva(async (page) => {
      await page.goto(`${baseUrl(HOST)}/app/payouts/${item.payout_uid}`);
      const failed = page.locator('[data-payout-journey] [data-step="failed"]');
      expect(await failed.getAttribute('data-reason')).toBe('failed');
      expect(Number(await failed.locator('[data-returned]').getAttribute('data-returned'))).toBe(payable);
      expect(await axeViolations(page, 'payout failed through PayPal')).toEqual([]);
    });
  });
});
