// Words a reader of another language notices: counts by the language's plural rules and capitals (the
// dashboard's trend legend said "11 kliknięcia", "1 polecenia", "1 clics", "11 klicks"), the texts the
// portal itself writes on records in the reader's language (not "stripe checkout cs_…", "First purchase",
// "personal website" on French and Polish pages), and the welcome e-mail in the language the person
// registered in (Polish on demo sent English, French on acme sent Spanish). Counts are set in the portal's
// local D1; the e-mails are read from the development outbox (/v1/dev/outbox).
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/lib/i18n';
import { baseUrl, localD1, logInNewPage, newBrowser, stopAll, withContextDefaults } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

const LOCALES: Record<string, string> = { pl: 'pl-PL', fr: 'fr-FR', de: 'de-DE', en: 'en-US', es: 'es-ES' };

/** A context whose pages are in `lang` (the language menu's cookie), on both tenants. */
async function contextIn(lang: string, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext(withContextDefaults({ locale: LOCALES[lang], javaScriptEnabled }));
  await context.addCookies(['localhost', 'acme.localhost'].map((domain) => ({ name: 'language', value: lang, domain, path: '/' })));
  return context;
}

/** The newest e-mail to `to` in `host`'s outbox. */
async function latestEmail(host: string, to: string): Promise<{ template: string; subject: string; body_text: string }> {
  const url = `${baseUrl()}/v1/dev/outbox/?${new URLSearchParams({ host, to, limit: '1' })}`;
  let rows: { template: string; subject: string; body_text: string }[] = [];
  await expect.poll(async () => {
    rows = ((await (await fetch(url)).json()) as { results: typeof rows }).results;
    return rows.length;
  }, { timeout: 15_000 }).toBe(1);
  return rows[0]!;
}

const stamp = Date.now();
/** Registered in Polish on demo (auto-login), in the first test; its dashboard and activity are set in SQL. */
const polishEmail = `words-pl-${stamp}@demo.test`;
const ambassadorOf = (email: string) =>
  `(SELECT a.uid FROM ambassadors a JOIN users u ON u.id = a.user_id WHERE a.company_id = 'demo' AND u.company_id = 'demo' AND u.email = '${email}')`;

describe('the welcome e-mail in the language of the registration page', () => {
  it('registering on demo\'s Polish page sends the welcome e-mail in Polish', async () => {
    const context = await contextIn('pl', false);
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl('localhost')}/register`);
      expect(await page.locator('html').getAttribute('lang')).toBe('pl');
      await page.locator('[name="firstName"]').fill('Zofia');
      await page.locator('[name="lastName"]').fill('Nowak');
      await page.locator('[name="email"]').fill(polishEmail);
      await page.locator('[name="country"]').fill('PL');
      await page.locator('[name="terms"]').check();
      await Promise.all([page.waitForURL(/\/app$/), page.locator('form[data-register-form] button[type="submit"]').click()]);
    } finally {
      await context.close();
    }
    const mail = await latestEmail('localhost', polishEmail);
    expect(mail.template).toBe('welcome');
    expect(mail.subject).toBe(t('pl', 'emailWelcomeSubject', { company: 'Demo Co' }));
    expect(mail.subject).not.toBe(t('en', 'emailWelcomeSubject', { company: 'Demo Co' }));
  });

  it('registering on acme\'s French page sends it in French, not in acme\'s Spanish', async () => {
    const email = `words-fr-${stamp}@acme.test`;
    const context = await contextIn('fr', false);
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl('acme.localhost')}/register`);
      await page.locator('[name="firstName"]').fill('Camille');
      await page.locator('[name="lastName"]').fill('Martin');
      await page.locator('[name="email"]').fill(email);
      await page.locator('[name="group"]').selectOption('grp-acme-guides');
      await page.locator('[name="terms"]').check();
      await Promise.all([page.waitForURL(/created=1/), page.locator('form[data-register-form] button[type="submit"]').click()]);
    } finally {
      await context.close();
    }
    const mail = await latestEmail('acme.localhost', email);
    expect(mail.subject).toBe(t('fr', 'emailWelcomeSubject', { company: 'Acme Outdoor' }));
    expect(mail.body_text).not.toContain(t('es', 'emailWelcomeSubject', { company: 'Acme Outdoor' }));
  });
});

/** Sets the Polish ambassador's clicks and referrals of the last 90 days (one day, one campaign). */
function setCounts(clicks: number, referrals: number) {
  const who = ambassadorOf(polishEmail);
  const row = (kind: string, n: number) => `INSERT INTO stats_daily (company_id, ambassador_uid, campaign_id, kind, day, n)
    SELECT 'demo', ${who}, (SELECT MIN(campaign_id) FROM ambassador_campaigns WHERE company_id = 'demo' AND ambassador_uid = ${who}), '${kind}', date('now', '-3 days'), ${n}`;
  localD1(`DELETE FROM stats_daily WHERE company_id = 'demo' AND ambassador_uid = ${who}; ${row('clicks', clicks)}; ${row('referrals', referrals)};`);
}

/** The trend legend's clicks and referrals on the dashboard (every campaign), in `lang`. */
async function legend(lang: string): Promise<[string, string]> {
  const context = await contextIn(lang, false);
  try {
    const page = await logInNewPage(context, 'localhost', polishEmail);
    await page.goto(`${baseUrl('localhost')}/app?campaign=all`);
    const total = (key: string) => page.locator(`[data-trend-total="${key}"]`).innerText().then((text) => text.replace(/\s+/g, ' ').trim());
    return [await total('clicks'), await total('referrals')];
  } finally {
    await context.close();
  }
}

describe('counts by the language\'s plural rules', () => {
  beforeAll(() => {
    // The Polish ambassador logs in with the demo password like everyone in the seed.
    localD1(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE company_id = 'demo' AND email = 'ben@demo.test'), email_unconfirmed = 0
      WHERE company_id = 'demo' AND email = '${polishEmail}'`);
  });

  it('Polish: 0 kliknięć, 1 polecenie, 2 kliknięcia, 5 poleceń, 11 kliknięć, 22 polecenia', async () => {
    setCounts(0, 1);
    expect(await legend('pl')).toEqual(['0 kliknięć', '1 polecenie']);
    setCounts(2, 5);
    expect(await legend('pl')).toEqual(['2 kliknięcia', '5 poleceń']);
    setCounts(11, 22);
    expect(await legend('pl')).toEqual(['11 kliknięć', '22 polecenia']);
  });

  it('French and German: the singular for 1 (and French 0), the nouns\' own capitals', async () => {
    setCounts(1, 0);
    expect(await legend('fr')).toEqual(['1 clic', '0 parrainage']);
    expect(await legend('de')).toEqual(['1 Klick', '0 Empfehlungen']);
    setCounts(11, 2);
    expect(await legend('fr')).toEqual(['11 clics', '2 parrainages']);
    expect(await legend('de')).toEqual(['11 Klicks', '2 Empfehlungen']);
  });
});

/** The English words the portal itself writes on records (seed, attribution): none may show on a French or Polish page. */
const ENGLISH_RECORD_WORDS = [
  'First purchase', 'Returning purchase', 'Store credit', 'Not redeemed in time', 'Gift card', 'Rewards vault',
  'stripe checkout', 'stripe invoice', 'shopify order', 'personal website', 'Welcome bonus', 'Referral reward',
];

/** The text of `path` on `host` for `email`, in `lang`, without scripts (what the server wrote). */
async function pageText(lang: string, host: string, email: string, path: string) {
  const context = await contextIn(lang, false);
  try {
    const page = await logInNewPage(context, host, email);
    await page.goto(`${baseUrl(host)}${path}`);
    // Every word of the page's markup, closed details too, but not its scripts' data (the tables' label set
    // holds every stored form with its words, English ones included, to read rows in the browser).
    return (await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      for (const data of copy.querySelectorAll('script, style, template')) data.remove();
      return copy.textContent ?? '';
    })).replace(/\s+/g, ' ');
  } finally {
    await context.close();
  }
}

describe('the portal\'s own words on records, in the reader\'s language', () => {
  it('a Stripe checkout, a Stripe invoice and a Shopify order read in French and Polish, stored as data or as English words', async () => {
    const who = ambassadorOf(polishEmail);
    const activity = (data2: string, status: string) => `INSERT INTO activities (company_id, ambassador_uid, type, amount_minor, currency, status, event_data1, event_data2, event_data3)
      VALUES ('demo', ${who}, 'commission', 1250, 'USD', '${status}', 'tx-${data2.length}', '${data2}', 'records.storeCredit')`;
    localD1([
      activity('stripe checkout cs_test_words1', 'pending'),
      activity('records.stripeInvoice in_words2', 'approved'),
      activity('shopify order 1795001', 'pending'),
      activity('records.shopifyOrder 1795002', 'denied'),
    ].join('; '));
    for (const lang of ['fr', 'pl']) {
      const text = await pageText(lang, 'localhost', polishEmail, '/app/activity-portal?activity.page_size=100');
      expect(text).toContain(t(lang, 'records.stripeCheckout', { ref: 'cs_test_words1' }));
      expect(text).toContain(t(lang, 'records.stripeInvoice', { ref: 'in_words2' }));
      expect(text).toContain(t(lang, 'records.shopifyOrder', { ref: '1795001' }));
      expect(text).toContain(t(lang, 'records.shopifyOrder', { ref: '1795002' }));
      expect(text).toContain(t(lang, 'records.storeCredit'));
      for (const words of [...ENGLISH_RECORD_WORDS, 'records.']) expect(text, `${lang}: ${words}`).not.toContain(words);
    }
  });

  it('the seed\'s activity, rewards and share links on demo and acme carry no English record words in French or Polish', async () => {
    const pages = [
      ['localhost', 'ava@demo.test', '/app/activity-portal?activity.page_size=100'],
      ['localhost', 'ava@demo.test', '/app/rewards'],
      ['localhost', 'ava@demo.test', '/app/sharing'],
      ['acme.localhost', 'alex@acme.test', '/app/transactions?activity.page_size=100'],
      ['acme.localhost', 'alex@acme.test', '/app/rewards/v3'],
      ['acme.localhost', 'alex@acme.test', '/app/sharing'],
    ] as const;
    for (const lang of ['fr', 'pl']) {
      for (const [host, email, path] of pages) {
        const text = await pageText(lang, host, email, path);
        expect(text.length, `${lang} ${host}${path}`).toBeGreaterThan(200);
        for (const words of ENGLISH_RECORD_WORDS) expect(text, `${lang} ${host}${path}: ${words}`).not.toContain(words);
        if (path === '/app/sharing') expect(text).toContain(t(lang, 'sharing.source.personal website'));
      }
      const activity = await pageText(lang, 'localhost', 'ava@demo.test', '/app/activity-portal?activity.page_size=100');
      expect(activity).toContain(t(lang, 'records.firstPurchase'));
    }
  });
});
