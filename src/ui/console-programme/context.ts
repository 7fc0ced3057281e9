import type { CatalogCampaign } from '../../lib/schemas/campaigns';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { t, type MessageKey } from '../../lib/i18n';
import { isSupportedLanguage } from '../../lib/languages';
import type { FormContext } from './fields';

// What every program form needs of the company: its currency and languages (the row's own texts are in the
// default language, the others go to `translations`).

export interface ProgrammeContext extends FormContext {
  defaultLanguage: string;
}

export function programmeContext(locals: App.Locals): ProgrammeContext {
  const { portal, requestContext } = locals;
  const defaultLanguage = portal.settings.default_language;
  const languages = portal.languages.filter((l) => l.status === 'active' && isSupportedLanguage(l.code)).map((l) => l.code);
  const decimalComma = formatNumber(1.5, requestContext.lang).includes(',');
  return { currency: portal.currency, defaultLanguage, otherLanguages: languages.filter((code) => code !== defaultLanguage), decimalComma };
}

/** The campaigns as choices of a "campaign" field (tasks and vault items limited to one). */
export const campaignChoices = (campaigns: readonly CatalogCampaign[]) => campaigns.map((c) => ({ value: c.uid, label: c.name }));

/** "Active" or "Inactive" in the page language. */
export const activeText = (lang: string, active: boolean) =>
  t(lang, (active ? 'console.programme.isActive' : 'console.programme.isInactive') as MessageKey);

/** The uid a form posted (`uid`), trimmed and bounded. */
export const postedUid = (form: FormData, name = 'uid') => String(form.get(name) ?? '').trim().slice(0, 64);

/** A commission rule in a few words: "12.5 % · 50 points", "€15 store credit". */
export function commissionSummary(lang: string, c: CatalogCampaign['commission']): string {
  const amount = c.type === 'percentage' ? formatPercent(c.rate_bps / 10_000, lang) : formatMoney(c.fixed_minor, c.currency, lang);
  const parts = [c.is_monetary ? amount : t(lang, 'console.programme.storeCredit', { amount })];
  if (c.loyalty_points > 0) parts.push(t(lang, 'console.points', { count: c.loyalty_points }));
  return parts.join(' · ');
}

/** Whether the member may change the program (the API says so again on every write). */
export const canEdit = (role: string) => role === 'owner' || role === 'admin';
