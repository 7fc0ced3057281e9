// Stripe Connect in a browser (docs/payouts.md#stripe-connect): the test portal's STRIPE_API_URL is the local Stripe
// stand-in (tests/e2e/harness.ts); the company stores its Stripe key, the seed's nocampaign@demo.test (whom no other
// file pays) presses "Connect with Stripe" on her account page, finishes the stand-in's onboarding page, comes back to
// the portal and sees her payouts going to Stripe. (Runs on the Stripe
// rail are driven by tests/worker/payout-stripe.test.ts.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { newStaffMember } from './console-session';
import { baseUrl, logIn, newBrowser, portalInfo, stopAll, withContextDefaults } from './harness';

const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';
const STRIPE_KEY = 'sk_test_e2eDemoPlatformKey012345';

let browser: Browser;

const operator = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl('localhost')}/v1/operator${path}`, {
    method, headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('json')) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, body: JSON.parse(text) as any };
};

beforeAll(async () => {
  browser = await newBrowser();
  const put = await operator('PUT', '/integrations/stripe', { webhook_secret: 'whsec_e2eDemoSecret0123456789', secret_key: STRIPE_KEY });
  expect(put.status).toBe(200);
});
afterAll(stopAll);

describe('connecting with Stripe', () => {
  it('takes an ambassador through Stripe\'s onboarding and back to her account page, paid through Stripe from then on', async () => {
    const context = await browser.newContext(withContextDefaults({}));
    const page = await context.newPage();
    await logIn(page, 'localhost', 'nocampaign@demo.test');
    await page.goto(`${baseUrl('localhost')}/app/account#payout`);
    const section = page.locator('section#payout');
    expect(await section.getAttribute('data-stripe-status')).toBe('none');
    await Promise.all([page.waitForURL(`${portalInfo().stripeUrl}/**`), section.getByRole('button', { name: 'Connect with Stripe' }).click()]);
    await Promise.all([
      page.waitForURL((url) => url.origin === new URL(baseUrl('localhost')).origin && url.pathname === '/app/account'),
      page.getByRole('button', { name: 'Finish onboarding' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('stripe')).toBe('return');
    expect(await section.getAttribute('data-stripe-status')).toBe('ready');
    expect(await section.innerText()).toContain('Your payouts go to your Stripe account.');
    expect(await section.getByRole('button').count()).toBe(0);
    expect(await axeViolations(page, 'account page after Stripe')).toEqual([]);
    await context.close();
  });
});

describe('the console\'s Stripe form', () => {
  it('stores the payout key and the Connect signing secret, and shows the key only masked', async () => {
    const owner = await newStaffMember('acme.localhost', 'owner');
    const context = await browser.newContext(withContextDefaults({ locale: 'es-ES' }));
    await context.addCookies([owner.cookie]);
    const page = await context.newPage();
    await page.goto(`${baseUrl('acme.localhost')}/console/integrations`);
    const form = page.locator('[data-integration="stripe"] form');
    const key = `sk_test_e2eConsoleKey${Date.now().toString(36)}Zq42`;
    await form.locator('input[name="webhook_secret"]').fill('whsec_e2eAcmeConsoleSecret0123');
    await form.locator('input[name="secret_key"]').fill(key);
    await form.locator('input[name="connect_webhook_secret"]').fill('whsec_e2eAcmeConnectSecret0123');
    await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
    expect(await page.locator('[data-stripe-key]').textContent()).toBe('sk_test_…Zq42');
    expect(await page.locator('[data-stripe-connect-secret]').textContent()).toBe('Configurado');
    expect(await page.content()).not.toContain(key);
    expect(await axeViolations(page, 'console integrations with Stripe Connect')).toEqual([]);
    await context.close();
  });
});
