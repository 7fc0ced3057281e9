// The console's ambassadors screens in a real Chromium: an admin searches the list and finds a seeded
// ambassador, opens the profile and sees their commissions in the timeline, deactivates and reactivates,
// adjusts points with a reason (seen in the ledger through the operator API), checks an import file (a dry
// run: nothing written) and then imports it, and downloads the filtered list as CSV. Acme's viewer sees the
// screens in Spanish without any action form, and the API refuses the viewer's write. axe finds nothing at
// 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, stopAll, withContextDefaults } from './harness';

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

type Member = Awaited<ReturnType<typeof newStaffMember>>;

async function asMember(member: Member, options: { locale?: string; width?: number }, work: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({
    viewport: { width: options.width ?? 1280, height: 900 }, ...(options.locale ? { locale: options.locale } : {}), acceptDownloads: true,
  }));
  try {
    await context.addCookies([member.cookie]);
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The operator API as the member calls it (Authorization: Staff), the way the console's pages do. */
async function api(host: string, member: Member, method: string, p: string, body?: unknown) {
  const res = await fetch(`${baseUrl(host)}/v1/operator${p}`, {
    method, headers: { authorization: `Staff ${member.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function submit(page: Page, button: ReturnType<Page['locator']>) {
  await Promise.all([page.waitForNavigation(), button.click()]);
}

async function axe(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: any[] }> } }).axe;
    return (await run.run(document, { runOnly: { type: 'tag', values: tags }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })).violations;
  }, WCAG);
  return violations.flatMap((v: any) => v.nodes.map((n: any) => `${label} [${v.id}] ${n.target.join(' > ')}: ${v.help}`));
}

describe('console ambassadors', () => {
  let admin: Member;
  beforeAll(async () => {
    admin = await newStaffMember('localhost', 'admin');
  }, 120_000);

  it('search finds a seeded ambassador, and the profile\'s timeline shows their commissions', async () => {
    await asMember(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors`);
      expect(await page.locator('h1').textContent()).toBe(en['console.menu.ambassadors']);
      await page.locator('input[name="q"]').fill('Brightwater');
      await submit(page, page.locator('[data-ambassadors-search]'));
      expect(await page.locator('[data-ambassadors-list] tbody tr').count()).toBe(1);
      expect(await page.locator('tr[data-ambassador="amb-ben"]').count()).toBe(1);

      await page.locator('input[name="q"]').fill('ava@demo');
      await submit(page, page.locator('[data-ambassadors-search]'));
      await submit(page, page.locator('tr[data-ambassador="amb-ava"] a'));
      expect(new URL(page.url()).pathname).toBe('/console/ambassadors/amb-ava');
      const timeline = await api('localhost', admin, 'GET', '/ambassadors/amb-ava/timeline?limit=50');
      const commissions = timeline.body.results.filter((i: { kind: string }) => i.kind === 'commission');
      expect(commissions.length).toBeGreaterThan(0);
      const shown = await page.locator('[data-ambassador-timeline] tr[data-kind="commission"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-uid')));
      expect(shown).toEqual(commissions.map((c: { uid: string }) => c.uid));
      expect(await page.locator('[data-ambassador-timeline] tr[data-kind="commission"] th').first().textContent()).toBe(en['console.ambassadors.kind.commission']);
      // Only the commissions, on asking.
      await page.locator('select[name="kind"]').selectOption('commission');
      await submit(page, page.locator('[data-timeline-filter] button[type="submit"]'));
      const all = (await api('localhost', admin, 'GET', '/ambassadors/amb-ava/timeline?kind=commission&limit=50')).body.results as { uid: string }[];
      expect(all.length).toBeGreaterThan(commissions.length);
      const rows = await page.locator('[data-ambassador-timeline] tbody tr').evaluateAll((list) => list.map((r) => [r.getAttribute('data-kind'), r.getAttribute('data-uid')]));
      expect(rows).toEqual(all.map((c) => ['commission', c.uid]));
    });
  }, 120_000);

  it('deactivates and reactivates an ambassador', async () => {
    await asMember(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors/amb-nocampaign`);
      expect(await page.locator('[data-ambassador-toggle]').textContent()).toBe(en['console.ambassadors.deactivate']);
      await submit(page, page.locator('[data-ambassador-toggle]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.deactivated']);
      expect(await page.locator('[data-ambassador-status]').getAttribute('data-ambassador-status')).toBe('inactive');
      expect((await api('localhost', admin, 'GET', '/ambassadors/amb-nocampaign')).body.ambassador.active).toBe(false);
      await submit(page, page.locator('[data-ambassador-toggle]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.reactivated']);
      expect((await api('localhost', admin, 'GET', '/ambassadors/amb-nocampaign')).body.ambassador.active).toBe(true);
    });
  }, 120_000);

  it('moves an ambassador to a group and out of it, and adds them to a campaign and removes them', async () => {
    await asMember(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors/amb-nocampaign`);
      const groups = (await api('localhost', admin, 'GET', '/groups')).body.results as { uid: string; name: string }[];
      await page.locator('select[name="group"]').selectOption(groups[0]!.uid);
      await submit(page, page.locator('form:has(select[name="group"]) button[type="submit"]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.moved']);
      expect(await page.locator('[data-ambassador-group]').textContent()).toBe(groups[0]!.name);
      expect((await api('localhost', admin, 'GET', '/ambassadors/amb-nocampaign')).body.ambassador.group.uid).toBe(groups[0]!.uid);
      await page.locator('select[name="group"]').selectOption('');
      await submit(page, page.locator('form:has(select[name="group"]) button[type="submit"]'));
      expect((await api('localhost', admin, 'GET', '/ambassadors/amb-nocampaign')).body.ambassador.group).toBeNull();

      await page.locator('select#join-campaign').selectOption('cmp-demo-main');
      await submit(page, page.locator('form:has(select#join-campaign) button[type="submit"]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.joinedCampaign']);
      expect(await page.locator('[data-ambassador-campaign="cmp-demo-main"]').count()).toBe(1);
      await submit(page, page.locator('[data-ambassador-campaign="cmp-demo-main"] button[type="submit"]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.leftCampaign']);
      expect((await api('localhost', admin, 'GET', '/ambassadors/amb-nocampaign')).body.ambassador.campaigns).toEqual([]);
    });
  }, 120_000);

  it('adjusts points with a reason, refusing a bad amount in words, and the entry is in the ledger', async () => {
    await asMember(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors/amb-ben`);
      const form = page.locator('[data-ambassador-points-form]');
      await form.locator('input[name="points_amount"]').fill('1.5');
      await form.locator('input[name="points_reason"]').fill('Meetup bonus');
      await submit(page, form.locator('button[type="submit"]'));
      expect(await page.locator('[data-console-error]').textContent()).toBe(en['console.ambassadors.pointsInvalid']);
      expect(await page.locator('#points_amount-error').textContent()).toBe(en['console.ambassadors.pointsInvalid']);
      expect(await page.locator('input[name="points_reason"]').inputValue()).toBe('Meetup bonus');
      const reason = `Meetup bonus ${Date.now()}`;
      await page.locator('[data-ambassador-points-form] input[name="points_amount"]').fill('40');
      await page.locator('[data-ambassador-points-form] input[name="points_reason"]').fill(reason);
      await submit(page, page.locator('[data-ambassador-points-form] button[type="submit"]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.pointsAdjusted']);
      const ledger = await api('localhost', admin, 'GET', '/ambassadors/amb-ben/loyalty');
      expect(ledger.body.entries.filter((e: { description: string }) => e.description === reason))
        .toEqual([expect.objectContaining({ kind: 'points', amount: 40, entry_type: 'adjust' })]);
      expect(await page.locator(`[data-ambassador-timeline] tr[data-kind="points"]`).first().textContent()).toContain(reason);
    });
  }, 120_000);

  it('finance adjusts cash with a reason (a bad amount said in words) and does nothing else', async () => {
    const finance = await newStaffMember('localhost', 'finance');
    await asMember(finance, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors/amb-ben`);
      expect(await page.locator('[data-ambassador-points-form]').count()).toBe(0);
      expect(await page.locator('[data-ambassador-toggle]').count()).toBe(0);
      const form = page.locator('[data-ambassador-cash-form]');
      await form.locator('input[name="cash_amount"]').fill('1.234');
      await form.locator('input[name="cash_reason"]').fill('Goodwill');
      await submit(page, form.locator('button[type="submit"]'));
      expect(await page.locator('#cash_amount-error').textContent()).toBe(en['console.ambassadors.amountInvalid']);
      const reason = `Goodwill ${Date.now()}`;
      await page.locator('[data-ambassador-cash-form] input[name="cash_amount"]').fill('12.50');
      await page.locator('[data-ambassador-cash-form] input[name="cash_reason"]').fill(reason);
      await submit(page, page.locator('[data-ambassador-cash-form] button[type="submit"]'));
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.ambassadors.cashAdjusted']);
      const ledger = await api('localhost', finance, 'GET', '/ambassadors/amb-ben/loyalty');
      expect(ledger.body.entries.filter((e: { description: string }) => e.description === reason))
        .toEqual([expect.objectContaining({ kind: 'cash', amount: 1250, entry_type: 'adjust' })]);
    });
    // The API refuses finance the actions the page does not offer them.
    expect((await api('localhost', finance, 'POST', '/ambassadors/amb-ben/deactivate', {})).status).toBe(403);
  }, 120_000);

  it('checks an import file without writing, then imports it', async () => {
    const email = `imported-${Date.now()}@example.com`;
    const csv = `email,first_name,last_name\r\n${email},Ima,Ported\r\nben@demo.test,Ben,Again\r\nnot-an-email,Bad,Row\r\n`;
    await asMember(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors/import`);
      await page.locator('input[name="file"]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await submit(page, page.locator('[data-import-check] button[type="submit"]'));
      expect(await page.locator('[data-import-report] tr[data-row="2"]').getAttribute('data-status')).toBe('created');
      expect(await page.locator('[data-import-report] tr[data-row="2"] td').nth(1).textContent()).toBe(en['console.ambassadors.rowWouldCreate']);
      expect(await page.locator('[data-import-report] tr[data-row="3"]').getAttribute('data-status')).toBe('skipped');
      expect(await page.locator('[data-import-report] tr[data-row="4"]').getAttribute('data-status')).toBe('error');
      // The dry run wrote nothing.
      expect((await api('localhost', admin, 'GET', `/ambassadors?q=${encodeURIComponent(email)}`)).body.count).toBe(0);
      await submit(page, page.locator('[data-import-run] button[type="submit"]'));
      expect(await page.locator('[data-import-report] tr[data-row="2"] td').nth(1).textContent()).toBe(en['console.ambassadors.rowCreated']);
      const found = await api('localhost', admin, 'GET', `/ambassadors?q=${encodeURIComponent(email)}`);
      expect(found.body.count).toBe(1);
      expect(found.body.results[0]).toMatchObject({ email, first_name: 'Ima', last_name: 'Ported' });
    });
  }, 120_000);

  it('downloads the filtered list as CSV', async () => {
    await asMember(admin, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/ambassadors?q=brightwater`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-ambassadors-export]').click()]);
      expect(download.suggestedFilename()).toMatch(/^ambassadors-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe('email,first_name,last_name,group,campaigns,language,uid,active,has_password,created_at');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['ben@demo.test']);
    });
  }, 120_000);

  it('Acme\'s viewer reads in Spanish, sees no action form, and the API refuses their write', async () => {
    const viewer = await newStaffMember('acme.localhost', 'viewer');
    await asMember(viewer, { locale: 'es-ES' }, async (page) => {
      await page.goto(`${baseUrl('acme.localhost')}/console/ambassadors`);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.ambassadors']);
      expect(await page.locator('[data-ambassadors-search]').textContent()).toBe(es['console.ambassadors.searchButton']);
      expect(await page.locator('[data-ambassadors-import]').count()).toBe(0);
      // Only Acme's own ambassadors.
      const listed = await page.locator('[data-ambassadors-list] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ambassador')));
      expect(listed).toContain('amb-alex');
      expect(listed).not.toContain('amb-ava');
      await page.goto(`${baseUrl('acme.localhost')}/console/ambassadors/amb-alex`);
      expect(await page.locator('#timeline').textContent()).toBe(es['console.ambassadors.timeline']);
      expect(await page.locator('main form[method="post"]').count()).toBe(0);
      // Demo's ambassador is nothing here.
      const other = await page.goto(`${baseUrl('acme.localhost')}/console/ambassadors/amb-ava`);
      expect(other?.status()).toBe(404);
    });
    const refused = await api('acme.localhost', viewer, 'POST', '/ambassadors/amb-alex/deactivate', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('roleRequired');
    expect((await api('acme.localhost', viewer, 'GET', '/ambassadors/amb-alex')).body.ambassador.active).toBe(true);
  }, 120_000);

  it('has no axe violation at 1280 and 390 px', async () => {
    const viewer = await newStaffMember('acme.localhost', 'viewer');
    const lines: string[] = [];
    for (const width of [1280, 390]) {
      await asMember(admin, { locale: 'en-US', width }, async (page) => {
        for (const p of ['/console/ambassadors', '/console/ambassadors?q=zzz-nobody', '/console/ambassadors/amb-ava', '/console/ambassadors/import']) {
          const res = await page.goto(`${baseUrl()}${p}`);
          expect(res?.status(), p).toBeLessThan(400);
          lines.push(...(await axe(page, `${p} @${width}`)));
        }
        // The import's report of a dry run, and the profile with a refused adjustment.
        await page.goto(`${baseUrl()}/console/ambassadors/import`);
        await page.locator('input[name="file"]').setInputFiles({ name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from('email,first_name,last_name\r\nnew-axe@example.com,A,B\r\nbad,,\r\n') });
        await submit(page, page.locator('[data-import-check] button[type="submit"]'));
        lines.push(...(await axe(page, `import report @${width}`)));
        await page.goto(`${baseUrl()}/console/ambassadors/amb-ava`);
        const pointsForm = page.locator('[data-ambassador-points-form]');
        await pointsForm.evaluate((f) => { (f as HTMLFormElement).noValidate = true; });
        await submit(page, pointsForm.locator('button[type="submit"]'));
        expect(await page.locator('#points_amount-error').count()).toBe(1);
        lines.push(...(await axe(page, `profile refused @${width}`)));
      });
      await asMember(viewer, { locale: 'es-ES', width }, async (page) => {
        for (const p of ['/console/ambassadors', '/console/ambassadors/amb-alex']) {
          await page.goto(`${baseUrl('acme.localhost')}${p}`);
          lines.push(...(await axe(page, `acme ${p} @${width}`)));
        }
      });
    }
    expect(lines).toEqual([]);
  }, 180_000);
});
