// Texts frozen in the language they were written in: acme writes its tasks in Spanish, and the
// seed's ledger entry for alex's completed task says "Task completed: Completa tu perfil del equipo". Read in
// French or English, the rewards ledger names the task in that language (migration 0025), without JavaScript.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/lib/i18n';
import { baseUrl, logIn, newBrowser, stopAll } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await newBrowser();
});
afterAll(stopAll);

/** The descriptions of the rewards ledger on acme's second ledger page, in `lang` (the language menu's cookie). */
async function ledgerDescriptions(lang: string) {
  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US', timezoneId: 'UTC', javaScriptEnabled: false });
  try {
    await context.addCookies([{ name: 'language', value: lang, domain: 'acme.localhost', path: '/' }]);
    const page = await context.newPage();
    await logIn(page, 'acme.localhost', 'alex@acme.test');
    await page.goto(`${baseUrl('acme.localhost')}/app/rewards/v3?ledger_page=2`);
    return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  } finally {
    await context.close();
  }
}

describe('the rewards ledger in the reader\'s language', () => {
  it('names acme\'s Spanish task in French and in English', async () => {
    const fr = await ledgerDescriptions('fr');
    expect(fr).toContain(t('fr', 'rewards.entry.task', { task: 'Complétez votre profil d’équipe' }).replace(/\s+/g, ' '));
    expect(fr).not.toContain('Completa tu perfil del equipo');
    const en = await ledgerDescriptions('en');
    expect(en).toContain('Task completed: Complete your crew profile');
  });
});

describe('the activity table filtered by the words the reader sees', () => {
  it('finds acme\'s referral rewards by their French words, and nothing by the stored English ones', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'UTC', javaScriptEnabled: false });
    try {
      await context.addCookies([{ name: 'language', value: 'fr', domain: 'acme.localhost', path: '/' }]);
      const page = await context.newPage();
      await logIn(page, 'acme.localhost', 'alex@acme.test');
      const words = t('fr', 'rewards.entry.referralReward');
      const activity = page.locator('[data-table-section="activity"]');
      await page.goto(`${baseUrl('acme.localhost')}/app/transactions?activity.event_data1__icontains=${encodeURIComponent(words.slice(0, 10).toUpperCase())}`);
      const rows = activity.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      // The event data sits in each row's Details (closed): read from the markup, not from what is painted.
      for (const text of await rows.allTextContents()) expect(text).toContain(words);
      await page.goto(`${baseUrl('acme.localhost')}/app/transactions?activity.event_data1__icontains=Referral%20reward`);
      expect(await activity.locator('tbody tr').count()).toBe(0);
      expect(await activity.locator('[data-table-empty]').innerText()).toBe(t('fr', 'tableNoMatches'));
    } finally {
      await context.close();
    }
  });
});
