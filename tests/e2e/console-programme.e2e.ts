// The console's campaigns and rewards screens in a real Chromium: an admin creates a campaign with its
// commission rule and texts in two languages (a bad landing URL and rate refused first, next to their fields),
// edits it and finds it listed and read back by the operator API; creates a badge (and deletes one through the
// confirmation step), a reward with codes that the ambassador's rewards page then offers, and a vault item with
// a variant and its code; a viewer sees the same screens read only and the API refuses their edit (403
// roleRequired); Acme's console speaks Spanish, its API errors included; axe finds nothing at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { es } from '../../src/lib/i18n/es';
import { newStaffMember } from './console-session';
import { ROOT, baseUrl, newBrowser, sessionCookies, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

type Cookie = Awaited<ReturnType<typeof newStaffMember>>['cookie'];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

async function withConsole(cookie: Cookie | null, options: { locale?: string; viewport?: { width: number; height: number } }, work: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(withContextDefaults({ viewport: DESKTOP, ...options }));
  try {
    if (cookie) await context.addCookies([cookie]);
    await work(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Submits the form the button is in and waits for the answer page. */
async function submit(page: Page, form: string, button: string) {
  await Promise.all([page.waitForLoadState('load'), page.waitForNavigation(), page.locator(`${form} button[type="submit"]`, { hasText: button }).click()]);
}

/** A staff call of the operator API over HTTP, as the console's own token. */
async function operator(host: string, token: string, method: string, apiPath: string, body?: unknown) {
  const res = await fetch(`${baseUrl(host)}/v1/operator${apiPath}`, {
    method, headers: { authorization: `Staff ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}

const AXE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
async function axe(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })).violations;
  }, WCAG) as { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
  return violations.flatMap((v) => v.nodes.map((n) => `${label} [${v.id}] ${n.target.map(String).join(' > ')}: ${n.failureSummary ?? v.help}`));
}

let campaignUid = '';

/**
 * One staff member per host and role for the whole file: each new member costs a sign-in of the company's owner
 * with a TOTP code (one per 30 s, and a few per client in 5 minutes), so members are made once and kept.
 */
const members = new Map<string, ReturnType<typeof newStaffMember>>();
function member(host: string, role: 'admin' | 'viewer' | 'finance') {
  const key = `${host} ${role}`;
  if (!members.has(key)) members.set(key, newStaffMember(host, role));
  return members.get(key)!;
}

describe('console campaigns', () => {
  it('an admin creates a campaign with a commission rule and texts in English and Spanish, edits it, and finds it listed and in the API', async () => {
    const admin = await member('localhost', 'admin');
    const name = `Autumn trail run ${run}`;
    await withConsole(admin.cookie, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/campaigns`);
      expect(await page.locator('h1').textContent()).toBe(en['console.menu.campaigns']);
      const form = 'form[data-programme-form="campaign-new"]';
      // Refused first: a landing URL that is not one and a rate that is not a number, each said under its field; what was typed stays.
      await page.locator(`${form} [name="name"]`).fill(name);
      // Other languages fold away until opened.
      expect(await page.locator(`${form} [name="translations.es.name"]`).isVisible()).toBe(false);
      await page.locator(`${form} [data-texts-details="es"] > summary`).click();
      await page.locator(`${form} [name="translations.es.name"]`).fill(`Carrera de otoño ${run}`);
      await page.locator(`${form} [name="url"]`).fill('not a link');
      await page.locator(`${form} [name="commission.rate_bps"]`).fill('twelve');
      await submit(page, form, 'Create campaign');
      expect(await page.locator(`${form} [data-field-error="url"]`).textContent()).toBe(en.invalidUrl);
      expect(await page.locator(`${form} [data-field-error="commission.rate_bps"]`).textContent()).toBe(en.invalidField);
      expect(await page.locator(`${form} [name="url"]`).getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`${form} [name="name"]`).inputValue()).toBe(name);
      expect(await page.locator(`tr[data-campaign] th`, { hasText: name }).count()).toBe(0);

      // Then right: a fixed commission of $15 as store credit, 25 points, recurring sales for 6 months, a share message in Spanish.
      await page.locator(`${form} [name="url"]`).fill('https://shop.demo.test/autumn');
      await page.locator(`${form} [name="commission.rate_bps"]`).fill('10');
      await page.locator(`${form} [name="commission.type"]`).selectOption('fixed');
      await page.locator(`${form} [name="commission.fixed_minor"]`).fill('15.00');
      await page.locator(`${form} [name="commission.is_monetary"]`).uncheck();
      await page.locator(`${form} [name="commission.loyalty_points"]`).fill('25');
      await page.locator(`${form} [name="commission.recurring.mode"]`).selectOption('months');
      await page.locator(`${form} [name="commission.recurring.months"]`).fill('6');
      await page.locator(`${form} [name="translations.es.native_message"]`).fill('¡Corre conmigo este otoño!');
      await submit(page, form, 'Create campaign');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.programme.campaignCreated']);
      const row = page.locator('tr[data-campaign]', { hasText: name });
      expect(await row.locator('td').nth(1).textContent()).toBe('$15 in store credit · 25 points');
      campaignUid = (await row.getAttribute('data-campaign'))!;

      // Its page: the form holds what was saved; a percentage of 12.5 now, active, in the list again.
      await Promise.all([page.waitForNavigation(), row.locator('a').click()]);
      expect(await page.locator('h1').textContent()).toBe(name);
      const edit = `form[data-programme-form="campaign-${campaignUid}"]`;
      expect(await page.locator(`${edit} [name="translations.es.name"]`).inputValue()).toBe(`Carrera de otoño ${run}`);
      expect(await page.locator(`${edit} [name="commission.recurring.months"]`).inputValue()).toBe('6');
      await page.locator(`${edit} [name="commission.type"]`).selectOption('percentage');
      await page.locator(`${edit} [name="commission.rate_bps"]`).fill('12.5');
      await page.locator(`${edit} [name="commission.is_monetary"]`).check();
      await page.locator(`${edit} [name="translations.es.description"]`).fill('Invita a tus amigos corredores.');
      await submit(page, edit, 'Save campaign');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.programme.campaignSaved']);
      expect(await page.locator('[data-campaign-commission]').textContent()).toBe('12.5% · 25 points');
      await page.goto(`${baseUrl()}/console/campaigns`);
      expect(await page.locator(`tr[data-campaign="${campaignUid}"] td`).nth(1).textContent()).toBe('12.5% · 25 points');
    });
    // The operator API reads back what the console wrote.
    const read = await operator('localhost', admin.token, 'GET', `/campaigns/${campaignUid}`);
    expect(read.status).toBe(200);
    expect(read.body.campaign).toMatchObject({
      name, url: 'https://shop.demo.test/autumn', is_active: true,
      commission: { type: 'percentage', rate_bps: 1250, fixed_minor: 1500, is_monetary: true, loyalty_points: 25, recurring: { months: 6 } },
      translations: { es: { name: `Carrera de otoño ${run}`, native_message: '¡Corre conmigo este otoño!', description: 'Invita a tus amigos corredores.' } },
    });
  }, 180_000);
});

describe('console rewards', () => {
  it('an admin creates a badge, deletes one after confirming, creates a reward with codes that the ambassador\'s rewards page offers, and a vault item with a variant and its code', async () => {
    const admin = await member('localhost', 'admin');
    const badge = `Trailblazer ${run}`;
    const reward = `Trail map voucher ${run}`;
    await withConsole(admin.cookie, { locale: 'en-US' }, async (page) => {
      await page.goto(`${baseUrl()}/console/rewards?tab=badges`);
      const form = 'form[data-programme-form="badges-new"]';
      await page.locator(`${form} [name="name"]`).fill(badge);
      await page.locator(`${form} [data-texts-details="es"] > summary`).click();
      await page.locator(`${form} [name="translations.es.name"]`).fill(`Pionera ${run}`);
      await page.locator(`${form} [name="points"]`).fill('300');
      await submit(page, form, 'Create badge');
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.programme.created']);
      const row = page.locator('[data-row]', { has: page.locator('h3', { hasText: badge }) });
      expect(await row.locator('.programme-row-summary').textContent()).toBe('300 points · awarded 0 times');

      // Delete asks first: the link shows the confirmation, Cancel keeps it, the button deletes it.
      await Promise.all([page.waitForNavigation(), row.locator('[data-delete-link]').click()]);
      expect(await page.locator('[data-confirm-delete] h2').textContent()).toBe(`Delete ${badge}?`);
      expect(await page.locator('[data-row]', { has: page.locator('h3', { hasText: badge }) }).count()).toBe(1);
      await Promise.all([page.waitForNavigation(), page.locator('[data-confirm-delete] button[data-confirm-button]').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.programme.deleted']);
      expect(await page.locator('[data-row]', { has: page.locator('h3', { hasText: badge }) }).count()).toBe(0);
      // …and another one stays.
      await page.locator(`${form} [name="name"]`).fill(badge);
      await page.locator(`${form} [name="points"]`).fill('300');
      await submit(page, form, 'Create badge');
      expect(await page.locator('[data-row]', { has: page.locator('h3', { hasText: badge }) }).count()).toBe(1);

      // A reward of 150 points handing out codes from the pool; two codes, one with a PIN.
      await page.goto(`${baseUrl()}/console/rewards?tab=rewards`);
      const rewardForm = 'form[data-programme-form="rewards-new"]';
      await page.locator(`${rewardForm} [name="name"]`).fill(reward);
      await page.locator(`${rewardForm} [data-texts-details="es"] > summary`).click();
      await page.locator(`${rewardForm} [name="translations.es.name"]`).fill(`Vale para un mapa ${run}`);
      await page.locator(`${rewardForm} [name="points"]`).fill('150');
      await page.locator(`${rewardForm} [name="value_minor"]`).fill('12');
      await submit(page, rewardForm, 'Create reward');
      const rewardRow = page.locator('[data-row]', { has: page.locator('h3', { hasText: reward }) });
      expect(await rewardRow.locator('.programme-row-summary').textContent()).toBe('150 points · stock unlimited · 0 codes left');
      const codes = rewardRow.locator('form[data-codes-form]');
      // None typed: the API's message under the box.
      await Promise.all([page.waitForNavigation(), codes.locator('button[type="submit"]').click()]);
      expect(await page.locator('[data-row]', { has: page.locator('h3', { hasText: reward }) }).locator('[data-field-error="codes"]').count()).toBe(1);
      await page.locator('[data-row]', { has: page.locator('h3', { hasText: reward }) }).locator('textarea[name="codes"]').fill(`MAP-${run}-1\nMAP-${run}-2, 4821`);
      await Promise.all([page.waitForNavigation(), page.locator('[data-row]', { has: page.locator('h3', { hasText: reward }) }).locator('form[data-codes-form] button').click()]);
      expect(await page.locator('[data-console-notice]').textContent()).toBe(en['console.programme.codesAdded']);
      expect(await page.locator('[data-row]', { has: page.locator('h3', { hasText: reward }) }).locator('.programme-row-summary').textContent())
        .toBe('150 points · stock unlimited · 2 codes left');

      // A vault item, a variant of $10 (a price with three decimals refused first) and a code for it.
      const item = `Trail gift card ${run}`;
      await page.goto(`${baseUrl()}/console/rewards?tab=vault`);
      await page.locator('form[data-programme-form="vault-new"] [name="name"]').fill(item);
      await submit(page, 'form[data-programme-form="vault-new"]', 'Create vault item');
      const itemRow = () => page.locator('article[data-row]', { has: page.locator('h3', { hasText: item }) });
      expect(await itemRow().locator('.programme-row-summary').first().textContent()).toBe('Every ambassador · 0 variants');
      await itemRow().locator('.programme-new-variant > summary').click();
      const variantForm = itemRow().locator('form[data-programme-form$="-variant"]');
      await variantForm.locator('[name="name"]').fill('$10');
      await variantForm.locator('[name="cost"]').fill('10.005');
      await Promise.all([page.waitForNavigation(), variantForm.locator('button[type="submit"]').click()]);
      expect(await itemRow().locator('form[data-programme-form$="-variant"] [data-field-error="cost"]').textContent()).toBe(en.invalidField);
      await itemRow().locator('form[data-programme-form$="-variant"] [name="cost"]').fill('10');
      await Promise.all([page.waitForNavigation(), itemRow().locator('form[data-programme-form$="-variant"] button[type="submit"]').click()]);
      const variant = itemRow().locator('article[data-row]', { has: page.locator('h4', { hasText: '$10' }) });
      expect(await variant.locator('.programme-row-summary').textContent()).toBe('$10 · stock unlimited · 0 codes left');
      await variant.locator('textarea[name="codes"]').fill(`GIFT-${run}`);
      await Promise.all([page.waitForNavigation(), variant.locator('form[data-codes-form] button').click()]);
      expect(await itemRow().locator('article[data-row]', { has: page.locator('h4', { hasText: '$10' }) }).locator('.programme-row-summary').textContent())
        .toBe('$10 · stock unlimited · 1 code left');
    });
    // The ambassador's rewards page offers it at its price (Ava reads English, her profile's language).
    const context = await browser.newContext(withContextDefaults({ viewport: DESKTOP, locale: 'en-US' }));
    try {
      await context.addCookies(await sessionCookies('localhost', 'ava@demo.test'));
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/app/rewards`);
      expect(await page.locator('main').textContent()).toContain(`${reward}150 pointsWorth $12Redeem ${reward}`);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('console programme for readers', () => {
  it('a viewer of Acme sees campaigns and rewards read only, in Spanish, and the API refuses their edit', async () => {
    const viewer = await member('acme.localhost', 'viewer');
    const campaigns = await operator('acme.localhost', viewer.token, 'GET', '/campaigns');
    expect(campaigns.status).toBe(200);
    const first = campaigns.body.results[0] as { uid: string; name: string };
    await withConsole(viewer.cookie, { locale: 'es-ES' }, async (page) => {
      await page.goto(`${baseUrl('acme.localhost')}/console/campaigns`);
      expect(await page.locator('h1').textContent()).toBe(es['console.menu.campaigns']);
      expect(await page.locator(`tr[data-campaign="${first.uid}"] th`).textContent()).toBe(first.name);
      expect(await page.locator('form[data-programme-form]').count()).toBe(0);
      await page.goto(`${baseUrl('acme.localhost')}/console/campaigns/${first.uid}`);
      expect(await page.locator('h1').textContent()).toBe(first.name);
      expect(await page.locator('form[data-programme-form]').count()).toBe(0);
      expect(await page.locator('[data-programme-facts] [data-fact="name"]').textContent()).toBe(first.name);
      for (const tab of ['tiers', 'badges', 'tasks', 'rewards', 'vault']) {
        await page.goto(`${baseUrl('acme.localhost')}/console/rewards?tab=${tab}`);
        expect(await page.locator('h1').textContent()).toBe(es['console.menu.rewards']);
        expect(await page.locator('form[data-programme-form], form[data-codes-form], [data-delete-link]').count()).toBe(0);
      }
      // A confirmation asked for by URL is not shown to a reader either.
      const tiers = await operator('acme.localhost', viewer.token, 'GET', '/tiers');
      await page.goto(`${baseUrl('acme.localhost')}/console/rewards?tab=tiers&confirm=${tiers.body.results[0].uid}`);
      expect(await page.locator('[data-confirm-delete]').count()).toBe(0);
    });
    // The API refuses the viewer's writes whatever the page shows.
    const edit = await operator('acme.localhost', viewer.token, 'PATCH', `/campaigns/${first.uid}`, { name: 'Hijacked' });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('roleRequired');
    const tier = await operator('acme.localhost', viewer.token, 'POST', '/tiers', { name: 'Hijacked', threshold: 1 });
    expect(tier.status).toBe(403);
    expect(tier.body.code).toBe('roleRequired');
    expect((await operator('acme.localhost', viewer.token, 'GET', `/campaigns/${first.uid}`)).body.campaign.name).toBe(first.name);
  }, 180_000);

  it('finance does not open the screens; Acme\'s admin gets the API\'s errors in Spanish next to the field', async () => {
    const finance = await member('acme.localhost', 'finance');
    await withConsole(finance.cookie, { locale: 'es-ES' }, async (page) => {
      const res = await page.goto(`${baseUrl('acme.localhost')}/console/rewards`);
      expect(res?.status()).toBe(403);
      expect(await page.locator('[data-console-denied]').count()).toBe(1);
    });
    const admin = await member('acme.localhost', 'admin');
    await withConsole(admin.cookie, { locale: 'es-ES' }, async (page) => {
      await page.goto(`${baseUrl('acme.localhost')}/console/rewards?tab=tiers`);
      const form = 'form[data-programme-form="tiers-new"]';
      // Acme writes in Spanish by default: the first fieldset is its own texts, English goes to translations.
      expect(await page.locator(`${form} fieldset[data-texts-lang="es"] legend`).textContent()).toBe('Textos en Español (idioma predeterminado)');
      await page.locator(`${form} [name="threshold"]`).fill('-5');
      await submit(page, form, es['console.programme.createTier']);
      expect(await page.locator(`${form} [data-field-error="name"]`).textContent()).toBe(es.required);
      expect(await page.locator(`${form} [data-field-error="threshold"]`).textContent()).toBe(es.invalidField);
      expect(await page.locator('[data-console-error]').count()).toBe(1);
    });
  }, 180_000);
});

describe('axe on the console\'s campaigns and rewards', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`no WCAG 2.2 A/AA violation at ${viewport.width} px, forms and errors shown`, async () => {
      const admin = await member('localhost', 'admin');
      const found: string[] = [];
      await withConsole(admin.cookie, { locale: 'en-US', viewport }, async (page) => {
        const campaigns = await operator('localhost', admin.token, 'GET', '/campaigns');
        const paths = ['/console/campaigns', `/console/campaigns/${campaigns.body.results[0].uid}`,
          ...['tiers', 'badges', 'tasks', 'rewards', 'vault'].map((tab) => `/console/rewards?tab=${tab}`)];
        for (const p of paths) {
          const res = await page.goto(`${baseUrl()}${p}`);
          expect(res?.status(), p).toBe(200);
          // Every disclosure open: the edit forms are audited too.
          await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
          found.push(...(await axe(page, p)));
        }
        // A refused form and the confirmation step.
        await page.goto(`${baseUrl()}/console/campaigns`);
        await submit(page, 'form[data-programme-form="campaign-new"]', 'Create campaign');
        found.push(...(await axe(page, '/console/campaigns with errors')));
        const tiers = await operator('localhost', admin.token, 'GET', '/tiers');
        await page.goto(`${baseUrl()}/console/rewards?tab=tiers&confirm=${tiers.body.results[0].uid}`);
        expect(await page.locator('[data-confirm-delete]').count()).toBe(1);
        found.push(...(await axe(page, '/console/rewards confirming')));
      });
      const viewer = await member('acme.localhost', 'viewer');
      await withConsole(viewer.cookie, { locale: 'es-ES', viewport }, async (page) => {
        for (const p of ['/console/campaigns', '/console/rewards?tab=vault']) {
          await page.goto(`${baseUrl('acme.localhost')}${p}`);
          await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
          found.push(...(await axe(page, `acme ${p}`)));
        }
      });
      expect(found).toEqual([]);
    }, 240_000);
  }
});
