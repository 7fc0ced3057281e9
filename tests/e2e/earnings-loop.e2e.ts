// The referral loop as a company and its ambassador live it, on both demo tenants: the store reports a
// purchase with the demo operator key, the ambassador sees the referral and the pending commission, the
// company approves it, the holding period passes, the company pays it, and the ambassador sees the
// payout, the "when will I get paid" panel and the stats change.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/lib/format';
import { ROOT, baseUrl, logIn, newBrowser, operatorCall, portalInfo, stopAll } from './harness';

const run = promisify(execFile);
let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const TENANTS = [
  { host: 'localhost', email: 'ava@demo.test', uid: 'amb-ava', campaign: 'cmp-demo-main', key: 'opk_demo_local_only_demo_7f3a9c2e51b84d06' },
  { host: 'acme.localhost', email: 'alex@acme.test', uid: 'amb-alex', campaign: 'cmp-acme-trail', key: 'opk_demo_local_only_acme_2b8e4f1a97c35d60' },
] as const;

/** The holding period passes: the commission's date moves 60 days back in the portal's local D1. */
async function backdate(commissionUid: string) {
  const sql = `UPDATE commissions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-60 days') WHERE uid = '${commissionUid.replace(/'/g, '')}'`;
  await run('npx', ['--no', 'wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', portalInfo().stateDir, '--command', sql], { cwd: ROOT });
}

// textContent: figures other than the key ones sit in the dashboard's closed "All figures" disclosure.
const tile = async (page: Page, key: string) => ((await page.locator(`[data-tile="${key}"] .value`).first().textContent()) ?? '').trim();

describe.each(TENANTS)('the earnings loop on $host', ({ host, email, uid, campaign, key }) => {
  it('turns a reported purchase into a referral, a commission, a payout and new figures', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, host, email);
    await page.goto(`${baseUrl(host)}/app?campaign=all`);
    const before = { pending: await tile(page, 'awaiting_approval'), paid: await tile(page, 'paid_out') };
    await page.goto(`${baseUrl(host)}/app/stats?range=30&interval=day&campaign=all`);
    const referralsBefore = Number((await tile(page, 'referrals')).replace(/\D/g, ''));

    // The store reports a purchase made through the ambassador's link.
    const stamp = `${Date.now()}-${host}`;
    const buyer = { email: `buyer-${stamp}@example.test`, first_name: 'Quinn', last_name: `Buyer${stamp.slice(-5)}` };
    const event = await operatorCall(host, key, '/events', {
      campaign_uid: campaign, transaction_uid: `e2e-${stamp}`, revenue: '250.00', customer: buyer, referrer_email: email, event_type: 'first',
    });
    expect(event.status).toBe(201);
    expect(event.body.commission.status).toBe('pending');
    const commission = event.body.commission.uid as string;

    // The ambassador sees the referral and the pending commission.
    await page.goto(`${baseUrl(host)}/app?campaign=all`);
    expect(await tile(page, 'awaiting_approval')).not.toBe(before.pending);
    await page.goto(`${baseUrl(host)}${host === 'acme.localhost' ? '/app/transactions' : '/app/activity-portal'}`);
    expect(await page.locator('[data-table="activity"]').innerText()).toContain(buyer.last_name);
    await page.goto(`${baseUrl(host)}/app/stats?range=30&interval=day&campaign=all`);
    expect(Number((await tile(page, 'referrals')).replace(/\D/g, ''))).toBe(referralsBefore + 1);

    // The company approves it; approving twice is refused with the status named.
    expect((await operatorCall(host, key, `/commissions/${commission}/approve`, {})).status).toBe(200);
    const twice = await operatorCall(host, key, `/commissions/${commission}/approve`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.params?.status).toBe('approved');

    // After the holding period it is ready for the next payout; the company pays.
    await backdate(commission);
    await page.goto(`${baseUrl(host)}/app?campaign=all`);
    expect(await page.locator('[data-next-payout]').getAttribute('data-state')).toBe('ready');
    const payout = await operatorCall(host, key, '/payouts', { ambassador_uid: uid, method: 1 });
    expect(payout.status).toBe(201);

    // The ambassador sees the payout: paid so far grows, the panel shows today's payout, nothing is ready.
    await page.goto(`${baseUrl(host)}/app?campaign=all`);
    expect(await tile(page, 'paid_out')).not.toBe(before.paid);
    const panel = page.locator('[data-next-payout]');
    expect(await panel.getAttribute('data-state')).not.toBe('ready');
    const today = formatLongDate(new Date().toISOString(), { lang: host === 'acme.localhost' ? 'es' : 'en' });
    expect(await panel.locator('[data-last-payout]').innerText()).toContain(today);
    await context.close();
  }, 120_000);
});
