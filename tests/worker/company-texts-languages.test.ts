// The demo companies write their texts in every language the portal offers: a page in any of them shows the
// company's words in that language, not the default language's (acme's French registration showed a Spanish
// right column; its Polish menu Spanish tab names). Real migrations, real D1, the demo seed.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadCustomization } from '../../src/api/companies/customization';
import { missingTranslations, rowTexts } from '../../src/lib/company-texts';
import { inLanguage } from '../../src/lib/customization-language';
import { readTranslations } from '../../src/lib/row-language';

describe('the demo companies\' texts in every language', () => {
  it.each(['demo', 'acme'])('%s misses no text in any language, on the company\'s pages and on every campaign\'s', async (company) => {
    const { all } = await loadCustomization(env.DB, company);
    const { results } = await env.DB.prepare('SELECT uid, name, description, native_message, translations FROM campaigns WHERE company_id = ? AND is_active = 1')
      .bind(company).all<{ uid: string; name: string; description: string; native_message: string; translations: string }>();
    const campaignTexts = results.flatMap((c) => rowTexts('campaigns', c, ['name', 'description', 'native_message']));
    expect(campaignTexts.length).toBeGreaterThan(3);
    for (const settings of all) expect(missingTranslations(settings, campaignTexts)).toEqual([]);
  });

  it('acme\'s French registration has its own right column and its Polish menu Polish tab names', async () => {
    const { company } = await loadCustomization(env.DB, 'acme');
    expect(inLanguage(company, 'fr').register.right_column).toContain('Les avantages de l’équipe');
    const pl = inLanguage(company, 'pl');
    expect(pl.tabs.items.rewards.label).toBe('Sklep z nagrodami');
    expect(pl.tabs.custom.map((tab) => tab.name)).toEqual(['Poradnik sprzętowy', 'Korzyści Summit', 'Sklep ekipy']);
  });

  it('their campaigns, tasks, tiers and badges describe themselves in every base language but the one they are written in', async () => {
    const defaults = { demo: 'en', acme: 'es' } as const;
    for (const table of ['campaigns', 'tasks', 'tiers', 'badges']) {
      const { results } = await env.DB.prepare(
        `SELECT company_id, uid, description, translations FROM ${table} WHERE company_id IN ('demo', 'acme') AND is_active = 1 AND TRIM(COALESCE(description, '')) <> ''`,
      ).all<{ company_id: 'demo' | 'acme'; uid: string; description: string; translations: string }>();
      expect(results.length, table).toBeGreaterThan(2);
      for (const row of results) {
        const byLanguage = readTranslations(row.translations);
        const missing = ['en', 'es', 'fr', 'de', 'it', 'nl', 'pl', 'pt']
          .filter((code) => code !== defaults[row.company_id] && !byLanguage[code]?.description?.trim());
        expect(missing, `${table} ${row.uid}`).toEqual([]);
      }
    }
  });
});
