// The console's e-mails, integrations and webhooks screens in a real Chromium: an e-mail previewed in two
// languages and sent as a test to the staff member's own address (read back from the dev outbox); the Stripe
// secret saved and shown masked only; a signed Stripe test event listed with what it became; a webhook endpoint
// created with its secret shown once, and a delivery resent; a session whose second factor is older than 10
// minutes (aged in the portal's D1) sent to /console/step-up and back; Acme in Spanish; axe at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { codeOf, newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, stopAll, withContextDefaults, localD1 } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DEMO_KEY = 'opk_demo_local_only_demo_7f3a9c2e51b84d06';

let browser: Browser;
// Staff of this file's own (a console sign-in's code checks are limited per client, so each is made once).
let demoOwner: Member;
let demoAdmin: Member;
let acmeOwner: Member;
let acmeViewer: Member;
beforeAll(async () => {
  browser = await newBrowser();
  demoOwner = await newStaffMember('localhost', 'owner');
  demoAdmin = await newStaffMember('localhost', 'admin');
  acmeOwner = await newStaffMember('acme.localhost', 'owner');
  acmeViewer = await newStaffMember('acme.localhost', 'viewer');
}, 180_000);
afterAll(stopAll);

type Member = Awaited<ReturnType<typeof newStaffMember>>;

async function withConsole(member: Member, options: { locale?: string; width?: number }, work: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({
    viewport: { width: options.width ?? 1280, height: 900 }, locale: options.locale, bypassCSP: true,
  }));
  try {
    await context.addCookies([member.cookie]);
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The newest e-mail to `to` in the company's dev outbox (/v1/dev/outbox, DEV_OUTBOX=1 locally). */
async function latestEmail(host: string, to: string) {
  let rows: { template: string; subject: string; body_text: string }[] = [];
  await expect.poll(async () => {
    const res = await fetch(`${baseUrl()}/v1/dev/outbox/?${new URLSearchParams({ host, to, limit: '1' })}`);
    rows = ((await res.json()) as { results: typeof rows }).results;
    return rows.length;
  }, { timeout: 15_000 }).toBe(1);
  return rows[0]!;
}

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? `{${k}}`);

async function submit(page: Page, form: string) {
  await Promise.all([page.waitForNavigation(), page.locator(`${form} button[type="submit"]`).first().click()]);
}

async function axe(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    return (await run.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
  }, WCAG);
  return violations.flatMap((v) => v.nodes.map((n) => `${label} [${v.id}] ${n.target.join(' > ')}: ${n.failureSummary ?? ''}`));
}

describe('console e-mails', () => {
  it('previews an e-mail in English and Spanish with the company as sender, and a test lands in the owner\'s outbox', async () => {
    const owner = demoOwner;
    await withConsole(owner, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/emails?kind=reset_password&lang=en`);
      const subject = fill(en.emailResetSubject, { company: 'Demo Co' });
      expect(await page.locator('[data-email-subject]').textContent()).toBe(subject);
      expect(await page.locator('[data-email-from]').textContent()).toBe('Demo Co');
      // The frame shows the same e-mail, escaped, with no script allowed.
      expect(await page.locator('iframe[data-email-preview]').getAttribute('sandbox')).toBe('');
      const frame = page.frameLocator('iframe[data-email-preview]');
      expect(await frame.locator('pre').textContent()).toContain('/reset-password?');
      expect(await frame.locator('dd').nth(1).textContent()).toBe(subject);

      await Promise.all([page.waitForNavigation(), page.locator('[data-email-lang="es"]').click()]);
      const spanish = fill(es.emailResetSubject, { company: 'Demo Co' });
      expect(spanish).not.toBe(subject);
      expect(await page.locator('[data-email-subject]').textContent()).toBe(spanish);
      expect(await frame.locator('html').getAttribute('lang')).toBe('es');

      await submit(page, 'form[data-email-test]');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.comms.testSent']);
      const mail = await latestEmail('localhost', owner.email);
      expect(mail.template).toBe('test_reset_password');
      expect(mail.subject).toBe(spanish);
    });
  });

  it('a viewer previews but has no test button; Acme\'s page is in Spanish with Acme as sender', async () => {
    const viewer = acmeViewer;
    await withConsole(viewer, { locale: 'es-ES' }, async (page) => {
      const res = await page.goto(`${baseUrl('acme.localhost')}/console/emails`);
      expect(res!.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.emails']);
      expect(await page.locator('[data-email-from]').textContent()).toMatch(/Acme/);
      expect(await page.locator('form[data-email-test]').count()).toBe(0);
      // Its menu has no integrations or webhooks, and the pages say the role does not open them.
      expect(await page.locator('[data-console-menu="integrations"]').count()).toBe(0);
      const denied = await page.goto(`${baseUrl('acme.localhost')}/console/integrations`);
      expect(denied!.status()).toBe(403);
      expect(await page.locator('[data-console-denied]').count()).toBe(1);
    });
    // The API refuses the viewer too, over HTTP.
    const api = await fetch(`${baseUrl('acme.localhost')}/v1/operator/integrations/stripe`, { headers: { authorization: `Staff ${viewer.token}` } });
    expect(api.status).toBe(403);
  });
});

describe('console integrations', () => {
  it('saves the Stripe secret, shows it masked only, and lists a signed test event as credited with its commission', async () => {
    const admin = demoAdmin;
    const secret = `whsec_e2eConsole${Date.now().toString(36)}Wxyz`;
    await withConsole(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/integrations`);
      await page.locator('input[name="webhook_secret"]').fill(secret);
      await submit(page, '[data-integration="stripe"] form');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.comms.stripeSaved']);
      expect(await page.locator('[data-integration="stripe"] [data-secret-state]').textContent()).toContain('••••Wxyz');
      expect(await page.content()).not.toContain(secret);

      const event = {
        id: `evt_console_${Date.now().toString(36)}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
        data: { object: {
          id: `cs_console_${Date.now().toString(36)}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete',
          amount_total: 10000, currency: 'usd', payment_intent: `pi_console_${Date.now().toString(36)}`, customer: `cus_console_${Date.now().toString(36)}`,
          customer_details: { email: `buyer-${Date.now().toString(36)}@example.com`, name: 'Casey Customer' }, metadata: { mbsy: 'ava-demo' }, discounts: [],
        } },
      };
      const payload = JSON.stringify(event);
      const signature = await new Stripe('sk_test_unused').webhooks.generateTestHeaderStringAsync({ payload, secret });
      const hook = await fetch(`${baseUrl()}/v1/hooks/stripe/demo`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      expect(((await hook.json()) as { result: string }).result).toBe('created');

      await page.reload();
      const row = page.locator(`table[data-deliveries="stripe"] tr[data-event-id="${event.id}"]`);
      expect(await row.getAttribute('data-delivery-outcome')).toBe('credited');
      expect(await row.textContent()).toContain(en['console.comms.outcome.credited']);
      expect(await row.locator('td').last().textContent()).toMatch(/^\$[\d.,]+ to amb-ava$/);
    });
  });

  it('shows the store script\'s snippet and changes its window: a bad value refused in the page language, a good one served in /t.js', async () => {
    await withConsole(demoOwner, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/integrations`);
      expect(await page.locator('[data-script-snippet]').inputValue()).toBe(`<script src="${baseUrl()}/t.js" async></script>`);
      await page.locator('input[name="window_days"]').fill('0');
      await submit(page, 'form[data-script-window]');
      expect(await page.locator('#window_days-error').textContent()).toBe(en['console.comms.windowInvalid']);
      await page.locator('input[name="window_days"]').fill('45');
      await submit(page, 'form[data-script-window]');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.comms.windowSaved']);
      expect(await page.locator('input[name="window_days"]').inputValue()).toBe('45');
      // The portal serves the script with the new window baked in (its ETag names the window's days).
      await expect.poll(async () => (await fetch(`${baseUrl()}/t.js`)).headers.get('etag'), { timeout: 15_000 }).toMatch(/-45"$/);
    });
  });

  it('a session whose second factor is older than 10 minutes goes to /console/step-up, then saves', async () => {
    // The last test of demoAdmin's session: it is aged here for good.
    const admin = demoAdmin;
    localD1(`UPDATE staff_sessions SET second_factor_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-11 minutes')
         WHERE company_id = 'demo' AND staff_uid = (SELECT uid FROM staff_accounts WHERE company_id = 'demo' AND email = '${admin.email}')`);
    await withConsole(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/integrations`);
      await page.locator('input[name="shop_domain"]').fill('console-e2e.myshopify.com');
      await page.locator('input[name="client_secret"]').fill('shpss_console_e2e_secret');
      await submit(page, '[data-integration="shopify"] form');
      expect(new URL(page.url()).pathname).toBe('/console/step-up');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/console/integrations');
      // Nothing was saved by the refused attempt.
      const before = (await (await fetch(`${baseUrl()}/v1/operator/integrations/shopify`, { headers: { authorization: `Bearer ${DEMO_KEY}` } })).json()) as { shop_domain?: string | null };
      expect(before.shop_domain).not.toBe('console-e2e.myshopify.com');
      // The next step's code (this step's was spent enrolling).
      await page.locator('input[name="code"]').fill(codeOf(admin.secret, 1));
      await submit(page, 'form[data-console-step-up]');
      expect(new URL(page.url()).pathname).toBe('/console/integrations');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.stepUpDone']);
      await page.locator('input[name="client_secret"]').fill('shpss_console_e2e_secret');
      await page.locator('input[name="shop_domain"]').fill('console-e2e.myshopify.com');
      await submit(page, '[data-integration="shopify"] form');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.comms.shopifySaved']);
      expect(await page.locator('[data-integration="shopify"] [data-secret-state]').textContent()).toContain('••••cret');
    });
  });
});

describe('console webhooks', () => {
  it('creates an endpoint whose secret is shown once, lists a delivery with its answer, and resends it', async () => {
    const owner = demoOwner;
    const url = `https://hooks.example.com/console-${Date.now().toString(36)}`;
    await withConsole(owner, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/webhooks`);
      await page.locator('[data-webhook-create] input[name="url"]').fill(url);
      await page.locator('[data-webhook-create] input[value="commission.created"]').check();
      await submit(page, '[data-webhook-create] form');
      const secret = await page.locator('[data-secret-value]').inputValue();
      expect(secret).toMatch(/^whsec_/);
      const id = await page.locator(`[data-webhook-endpoint]:has-text("${url}")`).getAttribute('data-webhook-endpoint');
      // Shown once: the page read again does not have it.
      await page.goto(`${baseUrl()}/console/webhooks`);
      expect(await page.content()).not.toContain(secret);

      // A commission makes a commission.created delivery to it.
      const made = await fetch(`${baseUrl()}/v1/operator/events`, {
        method: 'POST', headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ campaign_uid: 'cmp-demo-main', transaction_uid: `tx-console-${Date.now().toString(36)}`, revenue: '100.00', short_code: 'ava-demo', event_type: 'first', customer: { email: `pat-${Date.now().toString(36)}@example.com` } }),
      });
      expect(made.status).toBe(201);
      const rows = page.locator(`[data-webhook-deliveries="${id}"] tr[data-webhook-delivery]`);
      await expect.poll(async () => {
        await page.goto(`${baseUrl()}/console/webhooks?endpoint=${id}`);
        return rows.count();
      }, { timeout: 20_000 }).toBeGreaterThan(0);
      const before = await rows.count();
      await Promise.all([page.waitForNavigation(), rows.first().locator('[data-webhook-resend]').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.comms.deliveryResent']);
      expect(await rows.count()).toBe(before + 1);
      expect(await rows.first().textContent()).toContain(en['console.comms.replayOf']);
      // The deliveries' table, with its answers and Resend buttons, passes axe at both widths.
      expect(await axe(page, 'webhook deliveries (1280px)')).toEqual([]);
      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axe(page, 'webhook deliveries (390px)')).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Disable, then delete after the confirmation.
      await Promise.all([page.waitForNavigation(), page.locator(`[data-webhook-endpoint="${id}"] button:has-text("${en['console.comms.disable']}")`).click()]);
      expect(await page.locator(`[data-webhook-endpoint="${id}"] [data-webhook-enabled]`).getAttribute('data-webhook-enabled')).toBe('false');
      await page.goto(`${baseUrl()}/console/webhooks?delete=${id}`);
      await submit(page, '[data-webhook-confirm-delete] form');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.comms.endpointDeleted']);
      expect(await page.locator(`[data-webhook-endpoint="${id}"]`).count()).toBe(0);
    });
  });
});

describe('axe on the comms screens', () => {
  for (const width of [1280, 390]) {
    it(`Demo (en) and Acme (es) at ${width} px: no WCAG 2.2 A/AA violation`, async () => {
      const found: string[] = [];
      for (const [host, locale] of [['localhost', 'en-US'], ['acme.localhost', 'es-ES']] as const) {
        const owner = host === 'localhost' ? demoOwner : acmeOwner;
        await withConsole(owner, { locale, width }, async (page) => {
          for (const p of ['/console/emails', '/console/integrations', '/console/webhooks']) {
            await page.goto(`${baseUrl(host)}${p}`);
            expect(new URL(page.url()).pathname).toBe(p);
            if (host === 'acme.localhost') expect(await page.locator('html').getAttribute('lang')).toBe('es');
            found.push(...(await axe(page, `${host}${p} (${width}px)`)));
          }
          // The secret shown once, and an endpoint with its deliveries' table, are states of their own.
          await page.goto(`${baseUrl(host)}/console/webhooks`);
          await page.locator('[data-webhook-create] input[name="url"]').fill(`https://hooks.example.com/axe-${width}`);
          await page.locator('[data-webhook-create] input[value="payout.created"]').check();
          await submit(page, '[data-webhook-create] form');
          found.push(...(await axe(page, `${host}/console/webhooks secret (${width}px)`)));
          const id = await page.locator('[data-webhook-endpoint]').first().getAttribute('data-webhook-endpoint');
          await page.goto(`${baseUrl(host)}/console/webhooks?edit=${id}`);
          found.push(...(await axe(page, `${host}/console/webhooks edit (${width}px)`)));
          await page.goto(`${baseUrl(host)}/console/webhooks?delete=${id}`);
          found.push(...(await axe(page, `${host}/console/webhooks delete (${width}px)`)));
        });
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
