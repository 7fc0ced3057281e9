// The console's review inbox in a real Chromium: a fraud hold made through the operator API (a customer with a
// disposable address) shows its rule and evidence and is approved from the inbox by a reviewer, then seen
// approved through the operator API; two pending commissions are ticked (one with the keyboard) and approved
// together; a bulk approval with a hold among them is refused as a whole and a bulk denial takes them; a viewer sees the inbox without a button and the API refuses their approval, through the page and
// over HTTP; Acme's inbox reads in Spanish and a redemption is marked fulfilled there; axe finds nothing at
// 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, operatorCall, stopAll, withContextDefaults } from './harness';

const KEYS = { demo: 'opk_demo_local_only_demo_7f3a9c2e51b84d06', acme: 'opk_demo_local_only_acme_2b8e4f1a97c35d60' };
const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Member = Awaited<ReturnType<typeof newStaffMember>>;
let browser: Browser;
let reviewer: Member;
let viewer: Member;
let acmeReviewer: Member;
beforeAll(async () => {
  browser = await newBrowser();
  reviewer = await newStaffMember('localhost', 'reviewer', 'Rita Reviewer');
  viewer = await newStaffMember('localhost', 'viewer', 'Vic Viewer');
  acmeReviewer = await newStaffMember('acme.localhost', 'reviewer', 'Rosa Revisora');
}, 180_000);
afterAll(stopAll);

async function withContext(member: Member, options: { locale?: string; width?: number }, work: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({ viewport: { width: options.width ?? 1280, height: 900 }, locale: options.locale ?? 'en-US' }));
  try {
    await context.addCookies([member.cookie]);
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

let n = 0;
/** A Demo Co conversion through the operator API: held (a disposable customer address) or pending. */
async function conversion(held: boolean) {
  const stamp = `${Date.now().toString(36)}-${++n}`;
  const res = await operatorCall('localhost', KEYS.demo, '/events', {
    campaign_uid: 'cmp-demo-main', transaction_uid: `review-e2e-${stamp}`, revenue: '80.00', short_code: 'ava-demo', event_type: 'first',
    customer: { email: held ? `held-${stamp}@mailinator.com` : `buyer-${stamp}@example.com`, first_name: 'Pat', last_name: 'Buyer' },
  });
  expect(res.status).toBe(201);
  expect(res.body.commission.held_reason).toBe(held ? 'disposable_email' : null);
  return res.body.commission as { uid: string; held_at: string | null };
}

/** The company's commissions as its key reads them (GET /v1/operator/commissions?...). */
async function commissions(query: string, key = KEYS.demo, host = 'localhost') {
  const res = await fetch(`${baseUrl(host)}/v1/operator/commissions?${query}`, { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as { results: { uid: string; status: string; held_reason: string | null; customer_email: string; ambassador: { name: string } }[] }).results;
}

const item = (page: Page, key: string) => page.locator(`[data-review-key-of="${key}"]`);

async function axe(page: Page, label: string): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, {
      runOnly: { type: 'tag', values: tags }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'],
    })).violations;
  }, WCAG) as { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
  return violations.flatMap((v) => v.nodes.map((node) => `${label} [${v.id}] ${node.target.join(' > ')}: ${node.failureSummary ?? ''}`));
}

describe('the review inbox', () => {
  it('a reviewer sees a fraud hold with its rule and evidence, approves it, and the operator API sees it approved', async () => {
    const held = await conversion(true);
    const listed = (await commissions('held=true')).find((c) => c.uid === held.uid)!;
    await withContext(reviewer, {}, async (page) => {
      await page.goto(`${baseUrl()}/console/review?kind=held`);
      expect(await page.locator('h1').textContent()).toBe(en['console.menu.review']);
      const row = item(page, `c:${held.uid}`);
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('[data-review-rule="disposable_email"] dd').textContent()).toBe(en['console.review.rule.disposable_email']);
      expect(await row.locator('[data-review-evidence] dd').textContent()).toContain(listed.customer_email);
      // How long it has waited, in the page language, from when it was held.
      expect(await row.locator('[data-review-waited]').getAttribute('datetime')).toBe(held.held_at);
      expect(await row.locator('[data-review-waited]').textContent()).toMatch(/^(now|this minute|\d+ (seconds?|minutes?) ago|1 minute ago)$/);
      // The button reads "Approve" and its name says which commission.
      const approve = row.getByRole('button', { name: new RegExp(`^Approve the commission of .+ for ${listed.ambassador.name}$`) });
      expect(await approve.textContent()).toBe(en['console.review.approve']);
      await Promise.all([page.waitForNavigation(), approve.click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.review.approved']);
      expect(await item(page, `c:${held.uid}`).count()).toBe(0);
    });
    const after = (await commissions('status=approved')).find((c) => c.uid === held.uid);
    expect(after).toMatchObject({ status: 'approved', held_reason: null });
  }, 120_000);

  it('a reviewer ticks two pending commissions (one with the keyboard) and approves them together', async () => {
    const first = await conversion(false);
    const second = await conversion(false);
    await withContext(reviewer, {}, async (page) => {
      // Newest first: the two new commissions lead the list.
      await page.goto(`${baseUrl()}/console/review?kind=pending&order=newest`);
      const keys = await page.locator('[data-review-item]').evaluateAll((els) => els.slice(0, 2).map((el) => el.getAttribute('data-review-key-of')));
      expect(keys).toEqual([`c:${second.uid}`, `c:${first.uid}`]);
      // The shortcuts are listed on the page; ? opens the list.
      await page.keyboard.press('?');
      expect(await page.locator('[data-review-shortcuts]').getAttribute('open')).not.toBeNull();
      // j moves to the first item, x ticks it; typing in a field is never taken (the select keeps its keys).
      await page.keyboard.press('j');
      await page.keyboard.press('x');
      expect(await item(page, `c:${second.uid}`).locator('[data-review-select]').isChecked()).toBe(true);
      await item(page, `c:${first.uid}`).locator('[data-review-select]').check();
      await Promise.all([page.waitForNavigation(), page.locator('[data-review-bulk-approve]').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.review.bulkApproved']);
      // Nothing ticked: said so, nothing changes.
      await Promise.all([page.waitForNavigation(), page.locator('[data-review-bulk-approve]').click()]);
      expect(await page.locator('[data-console-error]').textContent()).toBe(en['console.review.noneSelected']);
      expect(await axe(page, '/console/review with an error')).toEqual([]);
    });
    const approved = (await commissions('status=approved')).map((c) => c.uid);
    expect(approved).toEqual(expect.arrayContaining([first.uid, second.uid]));
  }, 120_000);

  it('a bulk approval with a fraud hold among the ticked is refused as a whole and says why; a bulk denial takes both', async () => {
    const pending = await conversion(false);
    const held = await conversion(true);
    await withContext(reviewer, {}, async (page) => {
      await page.goto(`${baseUrl()}/console/review?order=newest`);
      for (const uid of [held.uid, pending.uid]) await item(page, `c:${uid}`).locator('[data-review-select]').check();
      await Promise.all([page.waitForNavigation(), page.locator('[data-review-bulk-approve]').click()]);
      expect(await page.locator('[data-console-error]').textContent()).toBe(en['console.review.heldAlone']);
      // Nothing changed, and the ticks are kept for the next try.
      expect(await item(page, `c:${pending.uid}`).locator('[data-review-select]').isChecked()).toBe(true);
      expect(await item(page, `c:${held.uid}`).locator('[data-review-select]').isChecked()).toBe(true);
      expect((await commissions('held=false&status=pending')).some((c) => c.uid === pending.uid)).toBe(true);
      await Promise.all([page.waitForNavigation(), page.locator('[data-review-bulk-deny]').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.review.bulkDenied']);
    });
    const denied = await commissions('status=denied');
    expect(denied.find((c) => c.uid === pending.uid)?.status).toBe('denied');
    expect(denied.find((c) => c.uid === held.uid)).toMatchObject({ status: 'denied', held_reason: 'disposable_email' });
  }, 120_000);

  it('a viewer reads the inbox without a button, and the API refuses their approval', async () => {
    const pending = await conversion(false);
    await withContext(viewer, {}, async (page) => {
      await page.goto(`${baseUrl()}/console/review`);
      await page.locator('[data-review-readonly]').waitFor();
      expect(await item(page, `c:${pending.uid}`).count()).toBe(1);
      expect(await page.locator('main button').count()).toBe(1); // the filters' Show, nothing else
      expect(await page.locator('[data-review-select], [data-review-bulk]').count()).toBe(0);
      // A hand-made post of the approve form: the API refuses, the page says why in its language.
      const posted = await page.request.post(`${baseUrl()}/console/review`, {
        form: { action: 'approve', uid: pending.uid }, headers: { origin: baseUrl() }, maxRedirects: 0,
      });
      expect(posted.status()).toBe(403);
      expect(await posted.text()).toContain(en.roleRequired);
    });
    const refused = await fetch(`${baseUrl()}/v1/operator/commissions/${pending.uid}/approve`, {
      method: 'POST', headers: { authorization: `Staff ${viewer.token}`, 'content-type': 'application/json' }, body: '{}',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('roleRequired');
    expect((await commissions('status=pending')).find((c) => c.uid === pending.uid)?.status).toBe('pending');
  }, 120_000);

  it("Acme's inbox reads in Spanish, and a reviewer marks a redemption fulfilled", async () => {
    await withContext(acmeReviewer, { locale: 'es-ES' }, async (page) => {
      await page.goto(`${baseUrl('acme.localhost')}/console/review`);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.review']);
      expect(await page.locator('html').getAttribute('lang')).toMatch(/^es/);
      // The seed's Acme redemption waiting for the company (802), with how long in Spanish.
      const row = item(page, 'r:802');
      expect(await row.locator('.review-kind').textContent()).toBe(es['console.review.item.redemption']);
      const since = (await row.locator('[data-review-waited]').getAttribute('datetime'))!;
      const days = Math.floor((Date.now() - Date.parse(since)) / 86_400_000);
      // The seed made it a day ago.
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThan(7);
      expect(await row.locator('[data-review-waited]').textContent()).toBe(new Intl.RelativeTimeFormat('es', { numeric: 'auto' }).format(-days, 'day'));
      const complete = row.getByRole('button', { name: /^Marcar como entregado: el canje de .+ de .+$/ });
      expect(await complete.textContent()).toBe(es['console.review.complete']);
      await Promise.all([page.waitForNavigation(), complete.click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(es['console.review.completed']);
      expect(await item(page, 'r:802').count()).toBe(0);
    });
    const res = await fetch(`${baseUrl('acme.localhost')}/v1/operator/redemptions?status=completed`, { headers: { authorization: `Bearer ${KEYS.acme}` } });
    expect(((await res.json()) as { results: { id: number }[] }).results.map((r) => r.id)).toContain(802);
  }, 120_000);

  it('axe finds nothing on the inbox at 1280 and 390 px, with buttons (reviewer, Acme in Spanish) and without (viewer)', async () => {
    await conversion(true);
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await withContext(reviewer, { width }, async (page) => {
        await page.goto(`${baseUrl()}/console/review`);
        expect(await page.locator('[data-review-item]').count()).toBeGreaterThan(0);
        await page.locator('[data-review-shortcuts] summary').click();
        found.push(...(await axe(page, `demo reviewer ${width} px`)));
      });
      await withContext(viewer, { width }, async (page) => {
        await page.goto(`${baseUrl()}/console/review`);
        found.push(...(await axe(page, `demo viewer ${width} px`)));
      });
      await withContext(acmeReviewer, { width, locale: 'es-ES' }, async (page) => {
        await page.goto(`${baseUrl('acme.localhost')}/console/review`);
        found.push(...(await axe(page, `acme reviewer es ${width} px`)));
      });
    }
    expect(found).toEqual([]);
  }, 180_000);
});
