// Per-language company texts: the same page shows the company's own texts in the page language
// where it wrote them, and its default language's where it did not (tests/unit/company-text-fallback.test.ts).
// The seed writes acme's in Spanish (its default) and demo's in English, each with every other base language;
// their campaigns, tiers and badges in Spanish or English and French.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, logIn, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(async () => {
  await stopAll();
});

/** The registration page's company texts, read in a browser whose language is `locale`. */
async function registerTexts(host: string, locale: string) {
  const context = await browser.newContext({ locale, timezoneId: 'UTC', extraHTTPHeaders: { 'accept-language': locale } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl(host)}/register`);
    return {
      lang: await page.locator('html').getAttribute('lang'),
      heading: (await page.locator('h1').innerText()).trim(),
      message: (await page.locator('.register-message').innerText()).trim(),
      aside: (await page.locator('.register-aside').innerText()).trim(),
      terms: (await page.locator('form[data-register-form]').innerText()).trim(),
      button: (await page.locator('form[data-register-form] button[type="submit"]').innerText()).trim(),
      /** The fields' labels without the required mark. */
      labels: (await page.locator('form[data-register-form] label').allInnerTexts()).map((l) => l.replace('*', '').trim()),
    };
  } finally {
    await context.close();
  }
}

describe('company texts per language', () => {
  it('acme\'s registration page in Spanish (its default) and in English', async () => {
    const es = await registerTexts('acme.localhost', 'es-ES');
    expect(es).toMatchObject({ lang: 'es', heading: 'Únete al equipo de Acme Outdoor', button: 'Únete al equipo' });
    expect(es.message).toContain('Comparte el equipo que te encanta');
    expect(es.aside).toContain('Ventajas del equipo');
    expect(es.terms).toContain('Acepto las condiciones del equipo');
    // The field the company named itself ("Equipo"), in each language it named it in.
    expect(es.labels).toContain('Equipo');

    const en = await registerTexts('acme.localhost', 'en-US');
    expect(en).toMatchObject({ lang: 'en', heading: 'Join the Acme Outdoor crew', button: 'Join the crew' });
    expect(en.message).toContain('Share the gear you love');
    expect(en.aside).toContain('Crew perks');
    expect(en.terms).toContain('I accept the crew terms');
    expect(en.labels).toContain('Crew');
    expect(en.labels).not.toContain('Equipo');
  });

  it('acme\'s French and Polish pages show their own right column, not the Spanish one (the seed writes every language)', async () => {
    const fr = await registerTexts('acme.localhost', 'fr-FR');
    expect(fr).toMatchObject({ lang: 'fr', heading: 'Rejoignez l\'équipe Acme Outdoor' });
    expect(fr.aside).toContain('Les avantages de l’équipe');
    expect(fr.aside).not.toContain('Ventajas del equipo');
    expect(fr.labels).toContain('Équipe');
    const pl = await registerTexts('acme.localhost', 'pl-PL');
    expect(pl).toMatchObject({ lang: 'pl', heading: 'Dołącz do ekipy Acme Outdoor', button: 'Dołącz do ekipy' });
    expect(pl.aside).toContain('Korzyści ekipy');
    expect(pl.labels).toContain('Ekipa');
  });

  it('demo\'s registration page in English (its default) and in Spanish', async () => {
    const en = await registerTexts('localhost', 'en-US');
    expect(en.heading).toBe('Join the Demo Co ambassador program');
    expect(en.message).toContain('Earn 10% commission');
    const es = await registerTexts('localhost', 'es-ES');
    expect(es.heading).toBe('Únete al programa de embajadores de Demo Co');
    expect(es.message).toContain('Gana un 10 % de comisión');
    expect(es.aside).toContain('¿Por qué unirte?');
    expect(es.labels).toContain('Talla de camiseta');
    expect(en.labels).toContain('T-shirt size');
  });

  it('signed in, acme\'s menu, custom tab page and activity notes in Spanish and in English', async () => {
    for (const [locale, name, heading, rewards, referralReward] of [
      ['es-ES', 'Guía de material', 'Guía de material', 'Tienda de recompensas', 'Recompensa por referido'],
      ['en-US', 'Gear guide', 'Gear guide', 'Rewards shop', 'Referral reward'],
    ] as const) {
      const context = await browser.newContext({ locale, timezoneId: 'UTC', extraHTTPHeaders: { 'accept-language': locale } });
      try {
        // The language menu's choice (a cookie) wins over Alex's profile language.
        await context.addCookies([{ name: 'language', value: locale.slice(0, 2), domain: 'acme.localhost', path: '/' }]);
        const page = await context.newPage();
        await logIn(page, 'acme.localhost', 'alex@acme.test');
        await page.goto(`${baseUrl('acme.localhost')}/gear-guide`);
        // The page's heading (the tab HTML's own repeat of it is left out, src/lib/tab-heading.ts).
        expect((await page.locator('[data-custom-tab="gear-guide"] h1').innerText()).trim()).toBe(heading);
        const nav = page.locator('nav').first();
        expect(await nav.innerText()).toContain(name);
        expect(await nav.innerText()).toContain(rewards);

        // The points a referral earned (acme's activity table is on its transactions tab): the portal's own
        // text, stored as a message key, in the page language.
        await page.goto(`${baseUrl('acme.localhost')}/app/transactions?campaign=all&activity.type__in=points&activity.page_size=50`);
        // In each row's "Details".
        const notes = await page.locator('[data-table-section="activity"] tbody tr[data-row] [data-col="event_data1"]').allTextContents();
        expect(notes.length).toBeGreaterThan(0);
        expect(notes.map((n) => n.trim())).toContain(referralReward);
        expect(notes.join(' ')).not.toContain('rewards.entry');
      } finally {
        await context.close();
      }
    }
  });

  it('a custom tab in French: demo heads it once, in French, over its French page (a page left in the default language: tests/unit/tab-heading.test.ts)', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'UTC' });
    try {
      await context.addCookies([{ name: 'language', value: 'fr', domain: 'localhost', path: '/' }]);
      const page = await context.newPage();
      await logIn(page, 'localhost', 'ava@demo.test');
      await page.goto(`${baseUrl('localhost')}/creator-corner`);
      const tab = page.locator('[data-custom-tab="creator-corner"]');
      expect((await tab.locator('h1').innerText()).trim()).toBe('Coin des créateurs');
      // The page's own "Coin des créateurs" title repeats the heading: left out.
      expect(await tab.locator('h2, h3, h4, h5, h6').count()).toBe(0);
      expect(await tab.innerText()).toContain('Conseils, briefs et lancements en avant-première pour nos créateurs.');
      expect(await tab.innerText()).not.toContain('Tips, briefs');
    } finally {
      await context.close();
    }
  });

  it('a task and a reward in two languages: demo\'s in English and French, acme\'s in Spanish and English', async () => {
    const cases = [
      { host: 'localhost', email: 'ava@demo.test', lang: 'en', task: 'Share your link on Facebook', rewards: '/app/rewards', reward: '20% off your next order', variant: null },
      { host: 'localhost', email: 'ava@demo.test', lang: 'fr', task: 'Partagez votre lien sur Facebook', rewards: '/app/rewards', reward: '20 % de réduction sur votre prochaine commande', variant: null },
      { host: 'acme.localhost', email: 'alex@acme.test', lang: 'es', task: 'Únete a nuestro club de Strava', rewards: '/app/rewards/v3', reward: 'Tarjeta regalo Acme Outdoor', variant: 'Tarjeta de 20 €' },
      { host: 'acme.localhost', email: 'alex@acme.test', lang: 'en', task: 'Join our Strava club', rewards: '/app/rewards/v3', reward: 'Acme Outdoor gift card', variant: '€20 card' },
    ];
    for (const c of cases) {
      const context = await browser.newContext({ locale: c.lang, timezoneId: 'UTC', extraHTTPHeaders: { 'accept-language': c.lang } });
      try {
        await context.addCookies([{ name: 'language', value: c.lang, domain: c.host, path: '/' }]);
        const page = await context.newPage();
        await logIn(page, c.host, c.email);
        await page.goto(`${baseUrl(c.host)}/app`);
        const tasks = (await page.locator('[data-tasks] .task-name').allInnerTexts()).map((n) => n.trim());
        expect(tasks, `${c.host} ${c.lang}`).toContain(c.task);
        await page.goto(`${baseUrl(c.host)}${c.rewards}`);
        const names = (await page.locator('main h3').allInnerTexts()).map((n) => n.trim());
        expect(names, `${c.host} ${c.lang}`).toContain(c.reward);
        if (c.variant) expect((await page.locator('.variant-choice .name').allInnerTexts()).map((n) => n.trim()).join('|')).toContain(c.variant);
      } finally {
        await context.close();
      }
    }
  });

  it('a campaign\'s description and share message, a dashboard text, a tier and a badge in two languages on each tenant', async () => {
    const cases = [
      {
        host: 'localhost', email: 'ava@demo.test', lang: 'en', campaign: '102',
        description: 'Our year-round program: your friends save, you earn a commission on every order.',
        share: 'I love Demo Co - here is a discount for your first order.',
        section: 'Your clicks, shares and referrals over the last months.', label: null, badge: 'Rising star', tiers: ['Bronze', 'Silver', 'Gold'],
      },
      {
        host: 'localhost', email: 'ava@demo.test', lang: 'fr', campaign: '102',
        description: 'Notre programme toute l’année : vos amis économisent, vous gagnez une commission sur chaque commande.',
        share: 'J’adore Demo Co : voici une réduction pour votre première commande.',
        section: 'Vos clics, partages et parrainages des derniers mois.', label: null, badge: 'Étoile montante', tiers: ['Bronze', 'Argent', 'Or'],
      },
      {
        host: 'acme.localhost', email: 'alex@acme.test', lang: 'es', campaign: '201',
        description: 'Comparte tu material favorito de Acme. Tus amigos tienen un 10 % de descuento y tú ganas un 8 % y Acme Coins.',
        share: '¿Sales a la montaña? Consigue un 10 % de descuento en material de Acme Outdoor con mi enlace.',
        section: null, label: 'Ganado - Primer pedido', badge: 'Habitual del equipo', tiers: null,
      },
      {
        host: 'acme.localhost', email: 'alex@acme.test', lang: 'en', campaign: '201',
        description: 'Share your favourite Acme gear. Your friends get 10% off, you earn 8% and Acme Coins.',
        share: 'Heading for the mountains? Get 10% off Acme Outdoor gear with my link.',
        section: null, label: 'Earned - First order', badge: 'Crew regular', tiers: null,
      },
    ];
    for (const c of cases) {
      const where = `${c.host} ${c.lang}`;
      const context = await browser.newContext({ locale: c.lang, timezoneId: 'UTC', extraHTTPHeaders: { 'accept-language': c.lang } });
      try {
        await context.addCookies([
          { name: 'language', value: c.lang, domain: c.host, path: '/' },
          { name: 'campaignId', value: c.campaign, domain: c.host, path: '/' },
        ]);
        const page = await context.newPage();
        await logIn(page, c.host, c.email);
        await page.goto(`${baseUrl(c.host)}/app`);
        expect((await page.locator('.campaign-description').innerText()).trim(), where).toBe(c.description);
        // The share message pre-fills the share texts.
        expect(await page.locator('[data-share-text]').first().getAttribute('data-share-text'), where).toBe(c.share);
        if (c.section) expect(await page.locator('[data-activity-overview] .section-description').innerText(), where).toBe(c.section);
        // acme's first-order figure, among the numbers behind the overview's disclosure.
        if (c.label) expect(await page.locator('[data-activity-overview]').textContent(), where).toContain(c.label);
        const badges = (await page.locator('[data-badges] .badge').allInnerTexts()).join('|');
        expect(badges, where).toContain(c.badge);
        if (c.tiers) {
          const tier = (await page.locator('[data-tier-progress] > div').first().innerText()).trim();
          expect(c.tiers, where).toContain(tier);
        }
        // The campaign selector names the campaigns in the page language too.
        const options = (await page.locator('select option').allInnerTexts()).join('|');
        if (c.lang === 'fr') expect(options, where).toContain('Parrainez un ami');
      } finally {
        await context.close();
      }
    }
  });
});
