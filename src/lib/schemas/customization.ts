// Over 300 lines on purpose: this is the one schema of the whole customization document of spec §3
// (every section with its defaults of spec §3 and §9); split by section it would scatter one contract.
import { z } from 'zod';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, normalizeLanguage } from '../languages.ts';
import { DEFAULT_WINDOW_DAYS } from '../../store-script/store-script.ts';
import { hexColor, safeUrl } from './common.ts';
import { deepMerge, dropInvalid, dropInvalidParsed } from './lenient.ts';
import { selfBillingSettings } from './self-billing.ts';

// Company customization settings (spec §3 "Customization" and "Portal customization defaults",
// colours of §9). Stored as one JSON object per company, optionally overridden per campaign.
// Every field has a default, so `customizationSchema.parse({})` is the complete default portal.
// Nested objects use `.prefault({})` (not `.default`) so their own field defaults are applied.

const flag = (value: boolean) => z.boolean().default(value);
/** A text override: null (or blank, read as null) means "use the translated default". */
const text = (max = 200) => z.string().trim().max(max).transform((v) => v || null).nullable().default(null);
/** Tenant-authored HTML; sanitised where it is rendered, capped here. Blank reads as null. */
const html = () => z.string().max(50_000).transform((v) => (v.trim() ? v : null)).nullable().default(null);
/** Tenant-authored <script>/<meta> markup, injected verbatim on purpose (analytics, chat widgets). */
const scripts = () => z.string().max(100_000).default('');
const image = () => safeUrl.nullable().default(null);
const color = (value: string) => hexColor.default(value);
const campaignIds = () => z.array(z.number().int()).default([]);
const groupUids = () => z.array(z.string().trim().min(1).max(64)).default([]);
const pageElement = () => z.enum(['account']).nullable().default(null);

export const DEFAULT_HEAD_TITLE = 'Ambassador Portal';
export const DEFAULT_HEAD_DESCRIPTION =
  'Spread the word about the brands you love. Get rewarded for being a brand ambassador.';
export const DEFAULT_LINK_COLOR = '#3c97d3';

const meta = z.object({
  head_title: z.string().trim().min(1).max(120).default(DEFAULT_HEAD_TITLE),
  head_description: z.string().trim().max(500).default(DEFAULT_HEAD_DESCRIPTION),
  favicon: image(),
});

// The spec gives no default for the portal buttons; the login button colour is reused so a tenant
// that sets nothing gets one consistent brand colour.
const theme = z.object({
  button_color: color('#3579a6'),
  button_text_color: color('#ffffff'),
  link_color: color(DEFAULT_LINK_COLOR),
  campaign_portal_logo: image(),
  mobile_banner_image: image(),
});

// §9 lists the login colours in the order §3 names them: background, login button, button text,
// forgot-password text, icons, fields text, fields background.
const login = z.object({
  logo: image(),
  head_scripts: scripts(),
  body_scripts: scripts(),
  background_color: color('#ffffff'),
  login_button_color: color('#3579a6'),
  button_text_color: color('#e49d9d'),
  forgot_password_color: color('#428bca'),
  icons_color: color('#8994aa'),
  fields_text_color: color('#424d67'),
  fields_background_color: color('#f5f7fc'),
});

export const REGISTRATION_FIELDS = [
  'first_name', 'last_name', 'email', 'phone', 'paypal_email', 'company', 'street', 'city', 'state',
  'country', 'groups', 'zip', 'job_title',
  'custom1', 'custom2', 'custom3', 'custom4', 'custom5', 'custom6', 'custom7', 'custom8', 'custom9', 'custom10',
  'date_of_birth',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

const registrationField = (position: number, shown = false) =>
  z.object({
    position: z.number().int().min(0).default(position),
    required: z.boolean().default(shown),
    checked: z.boolean().default(shown),
    label: text(),
  }).prefault({});

// Registration needs an e-mail (spec §5), so a tenant cannot hide it or make it optional.
const emailField = z.object({
  position: z.number().int().min(0).default(3),
  required: z.literal(true).default(true),
  checked: z.literal(true).default(true),
  label: text(),
}).prefault({});

const pos = (field: RegistrationField) => REGISTRATION_FIELDS.indexOf(field) + 1;
const registrationFields = z.object({
  first_name: registrationField(pos('first_name'), true),
  last_name: registrationField(pos('last_name'), true),
  email: emailField,
  phone: registrationField(pos('phone')),
  paypal_email: registrationField(pos('paypal_email')),
  company: registrationField(pos('company')),
  street: registrationField(pos('street')),
  city: registrationField(pos('city')),
  state: registrationField(pos('state')),
  country: registrationField(pos('country')),
  groups: registrationField(pos('groups')),
  zip: registrationField(pos('zip')),
  job_title: registrationField(pos('job_title')),
  custom1: registrationField(pos('custom1')),
  custom2: registrationField(pos('custom2')),
  custom3: registrationField(pos('custom3')),
  custom4: registrationField(pos('custom4')),
  custom5: registrationField(pos('custom5')),
  custom6: registrationField(pos('custom6')),
  custom7: registrationField(pos('custom7')),
  custom8: registrationField(pos('custom8')),
  custom9: registrationField(pos('custom9')),
  custom10: registrationField(pos('custom10')),
  date_of_birth: registrationField(pos('date_of_birth')),
});

const register = z.object({
  logo: image(),
  head_scripts: scripts(),
  body_scripts: scripts(),
  background_color: color('#fff'),
  button_text: text(60),
  form_header: text(200),
  message: html(),
  right_column: html(),
  redirect: safeUrl.nullable().default(null),
  terms_text: html(),
  mobile_banner_image: image(),
  form_state_label: text(60),
  set_contact_loyalty_on_register: flag(false),
  fields: registrationFields.prefault({}),
});

const dashboard = z.object({
  head_scripts: scripts(),
  body_scripts: scripts(),
  show_earned: flag(true),
  show_awaiting_approval: flag(true),
  show_awaiting_payment: flag(true),
  show_paid_out_so_far: flag(true),
  show_points_earned: flag(true),
  show_points_available: flag(true),
  show_points_redeemed: flag(true),
  show_points_expired: flag(true),
  show_cash_available: flag(true),
  show_cash_redeemed: flag(true),
  show_cash_expired: flag(true),
  show_raf: flag(true),
  show_activity_overview_section: flag(true),
  show_tasks_section: flag(true),
  show_badges_section: flag(true),
  show_tier_progress: flag(true),
  show_rewards_cash_earned: flag(true),
  show_rewards_cash_balance: flag(true),
  show_rewards_points_earned: flag(true),
  show_rewards_points_balance: flag(true),
  /** Optional text under a section heading, keyed by the section's show_* name without "show_". */
  section_descriptions: z.record(z.string().regex(/^[a-z0-9_]{1,64}$/), z.string().trim().max(1000)).default({}),
  show_earned_first_event: flag(false),
  earned_first_event_label: z.string().trim().min(1).max(60).default('Earned - First Event'),
  show_earned_second_event: flag(false),
  earned_second_event_label: z.string().trim().min(1).max(60).default('Earned - Second Event'),
});

const stats = z.object({
  show_clicks_graph: flag(true),
  show_shares_graph: flag(true),
  show_referrals_graph: flag(true),
  show_clicks_stats: flag(true),
  show_shares_stats: flag(true),
  show_referrals_stats: flag(true),
});

const activity = z.object({
  show_referred_name: flag(true),
  show_referred_email: flag(true),
  show_expiration_date: flag(true),
  show_event_data_1: flag(true),
  show_event_data_2: flag(true),
  show_event_data_3: flag(true),
  // What the company calls each event-data column; unnamed ones read "Details", never "Event data N".
  event_data_1_label: text(60),
  event_data_2_label: text(60),
  event_data_3_label: text(60),
});

const profile = z.object({
  show_custom1: flag(false),
  show_custom2: flag(false),
  show_custom3: flag(false),
  show_custom4: flag(false),
  show_custom5: flag(false),
  show_custom6: flag(false),
  show_custom7: flag(false),
  show_custom8: flag(false),
  show_custom9: flag(false),
  show_custom10: flag(false),
  show_preferred_payment: flag(false),
  show_paypal_email: flag(false),
});

export const TAB_KEYS = ['dashboard', 'stats', 'rewards', 'transactions', 'activity', 'assets', 'sharing', 'profile'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** The spec's show_* setting behind each tab's `show` field (§2 "Sidebar menu"). */
export const TAB_SHOW_FLAGS: Record<TabKey, string> = {
  dashboard: 'show_dashboard',
  stats: 'show_stats_tab',
  rewards: 'show_rewards',
  transactions: 'show_transactions',
  activity: 'show_activity_tab',
  assets: 'show_assets_tab',
  sharing: 'show_sharing',
  profile: 'show_profile',
};

const tabItem = z.object({
  enabled: flag(true),
  show: flag(true),
  label: text(60),
  page_element: pageElement(),
  campaigns_with_tab_access: campaignIds(),
  groups: groupUids(),
}).prefault({});

export const CUSTOM_TAB_ICONS = ['shopping-cart', 'star', 'university', 'info'] as const;

// A custom tab lives at /{slug}; these first path segments already belong to the portal.
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'app', 'api', 'r', 'v1', 'login', 'logout', 'register', 'forgot', 'forgot-password', 'reset-password',
  'set-password', 'unsubscribe', 'sso', 'static', 'assets', 'media', 'brand', 'dev', 'favicon.ico', 'robots.txt',
]);

const customTab = z.object({
  slug: z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'invalidField')
    .refine((slug) => !RESERVED_SLUGS.has(slug), 'invalidField'),
  name: z.string().trim().min(1).max(60),
  icon: z.enum(CUSTOM_TAB_ICONS).default('info'),
  page_element: pageElement(),
  /** An external page: opened in a new window instead of rendering `html`. */
  source: safeUrl.nullable().default(null),
  html: z.string().max(100_000).default(''),
  order: z.number().int().default(0),
  enabled: flag(true),
  campaigns_with_tab_access: campaignIds(),
  groups: groupUids(),
});

const customTabs = z.array(customTab).max(50).superRefine((tabs, ctx) => {
  const seen = new Set<string>();
  tabs.forEach((tab, index) => {
    if (seen.has(tab.slug) || (TAB_KEYS as readonly string[]).includes(tab.slug)) {
      ctx.addIssue({ code: 'custom', message: 'invalidField', path: [index, 'slug'] });
    }
    seen.add(tab.slug);
  });
});

const tabs = z.object({
  theme: z.enum(['dark', 'light']).default('dark'),
  link_color: color(DEFAULT_LINK_COLOR),
  /** Tab keys and custom-tab slugs; anything not listed follows in default order. */
  order: z.array(z.string().trim().min(1).max(64)).max(100).default([...TAB_KEYS]),
  items: z.object({
    dashboard: tabItem,
    stats: tabItem,
    rewards: tabItem,
    transactions: tabItem,
    activity: tabItem,
    assets: tabItem,
    sharing: tabItem,
    profile: tabItem,
  }).prefault({}),
  custom: customTabs.default([]),
  show_logout: flag(true),
  logout_label: text(60),
});

// Payouts: a commission becomes payable `holding_days` after the conversion (0-90), and a payout
// needs at least `minimum_minor` (minor units of the company currency) after clawbacks. Above
// `tax_form_threshold_minor` paid in a calendar year (e.g. 60000 = $600) a payout waits for the ambassador's
// tax form (docs/tax-forms.md); 0 asks for none.
const payouts = z.object({
  holding_days: z.number().int().min(0).max(90).default(30),
  minimum_minor: z.number().int().min(0).max(100_000_000).default(0),
  tax_form_threshold_minor: z.number().int().min(0).max(100_000_000).default(0),
  /** Self-billed invoices per paid payout (docs/tax-forms.md): off unless the company switches them on. */
  self_billing: selfBillingSettings.prefault({}),
  // When the hourly run drafts a payout run by itself (UTC): never, on `day` (1-28) of each month, or on
  // `weekday` (1 Monday - 7 Sunday) of each week. Finance approves and sends it as any draft.
  schedule: z.object({
    every: z.enum(['off', 'monthly', 'weekly']).default('off'),
    day: z.number().int().min(1).max(28).default(1),
    weekday: z.number().int().min(1).max(7).default(1),
  }).prefault({}),
});

// Loyalty: points earned by the portal itself (tasks) lapse `points_expire_days` after earning
// (0: never); the scheduled run e-mails `expiry_warning_days` before points lapse (0: no warning) and voids
// a redemption still pending after `hold_timeout_hours` (its funds come back).
const loyalty = z.object({
  points_expire_days: z.number().int().min(0).max(3650).default(365),
  expiry_warning_days: z.number().int().min(0).max(365).default(14),
  hold_timeout_hours: z.number().int().min(1).max(24 * 90).default(72),
});

// Attribution: how many days the store script (GET /t.js) keeps a visitor's click in a cookie on
// the company's store, from the click (1-365). Read per host, so a campaign layer does not change it.
const attribution = z.object({
  window_days: z.number().int().min(1).max(365).default(DEFAULT_WINDOW_DAYS),
});

// Fraud holds: a conversion is held for review when its ambassador already has
// `max_conversions_per_hour` conversions in the hour before it (0-10000; 0: no limit).
const fraud = z.object({
  max_conversions_per_hour: z.number().int().min(0).max(10_000).default(20),
});

// Codes for the third-party translation widget, which knows more languages than our catalogues.
const languageTag = z.string().trim().regex(/^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/);

// Texts per language: what a company writes for people reading another language than its default.
// Each text is optional; one left out (or blank) falls back to the document's own text, written in the
// default language. Applied per page by `inLanguage()` (src/lib/customization-language.ts).
const variant = (max: number) => z.string().trim().max(max).optional();
const variantHtml = () => z.string().max(50_000).optional();
const languageTexts = z.object({
  register: z.object({
    message: variantHtml(),
    right_column: variantHtml(),
    terms_text: variantHtml(),
    form_header: variant(200),
    button_text: variant(60),
    form_state_label: variant(60),
    /** The labels the company gave registration fields (also the profile's for custom fields), by field. */
    fields: z.partialRecord(z.enum(REGISTRATION_FIELDS), z.object({ label: variant(200) })).optional(),
  }).optional(),
  /** The names of the activity's event-data columns. */
  activity: z.object({
    event_data_1_label: variant(60),
    event_data_2_label: variant(60),
    event_data_3_label: variant(60),
  }).optional(),
  tabs: z.object({
    /** Tab labels by tab key. */
    labels: z.partialRecord(z.enum(TAB_KEYS), variant(60)).optional(),
    /** Custom tabs by slug: their menu name and their page. */
    custom: z.record(z.string().trim().max(63), z.object({ name: variant(60), html: z.string().max(100_000).optional() })).optional(),
    logout_label: variant(60),
  }).optional(),
  dashboard: z.object({
    section_descriptions: z.record(z.string().regex(/^[a-z0-9_]{1,64}$/), z.string().trim().max(1000)).optional(),
    earned_first_event_label: variant(60),
    earned_second_event_label: variant(60),
  }).optional(),
});
export type LanguageTexts = z.infer<typeof languageTexts>;

export const customizationSchema = z.object({
  meta: meta.prefault({}),
  theme: theme.prefault({}),
  login: login.prefault({}),
  register: register.prefault({}),
  dashboard: dashboard.prefault({}),
  stats: stats.prefault({}),
  activity: activity.prefault({}),
  profile: profile.prefault({}),
  tabs: tabs.prefault({}),
  payouts: payouts.prefault({}),
  loyalty: loyalty.prefault({}),
  attribution: attribution.prefault({}),
  fraud: fraud.prefault({}),
  portal_auto_login: flag(false),
  default_language: z.preprocess((code) => normalizeLanguage(code) ?? code, z.enum(SUPPORTED_LANGUAGES))
    .default(DEFAULT_LANGUAGE),
  auto_translate_languages: z.array(z.object({ status: flag(true), code: languageTag })).max(200).default([]),
  /** The company's texts in other languages, by portal language (see languageTexts). */
  translations: z.partialRecord(z.enum(SUPPORTED_LANGUAGES), languageTexts).default({}),
});

export type Customization = z.infer<typeof customizationSchema>;
/** What may be stored: any subset of the settings. */
export type CustomizationInput = z.input<typeof customizationSchema>;
export type CustomTab = Customization['tabs']['custom'][number];
export type TabSettings = Customization['tabs']['items'][TabKey];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The complete default settings; frozen because every tenant without settings shares this object. */
export const defaultCustomization: Customization = deepFreeze(customizationSchema.parse({}));

/** Stored settings may arrive as the JSON text of a D1 column. */
function asObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * A campaign layer without the values it leaves unset: null and blank text mean "as the company has
 * it" (the legacy portal read `campaign ?? company ?? default`), so an override never blanks a company
 * setting by accident. Lists are one setting each and are kept whole.
 */
function withoutUnset(layer: unknown): unknown {
  if (typeof layer !== 'object' || layer === null || Array.isArray(layer)) return layer;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(layer)) {
    if (value === null || value === undefined || (typeof value === 'string' && !value.trim())) continue;
    out[key] = withoutUnset(value);
  }
  return out;
}

const DASHBOARD_LABELS = ['earned_first_event_label', 'earned_second_event_label'] as const;
const REGISTER_TEXTS = ['message', 'right_column', 'terms_text', 'form_header', 'button_text', 'form_state_label'] as const;
const ACTIVITY_LABELS = ['event_data_1_label', 'event_data_2_label', 'event_data_3_label'] as const;

/** Every text a company can translate: its value in the settings and where its variant sits in a language's texts. */
function translatableTexts(s: Customization): { text: string | null | undefined; path: string[] }[] {
  return [
    ...REGISTER_TEXTS.map((key) => ({ text: s.register[key], path: ['register', key] })),
    ...Object.entries(s.register.fields).map(([key, field]) => ({ text: field.label, path: ['register', 'fields', key, 'label'] })),
    ...ACTIVITY_LABELS.map((key) => ({ text: s.activity[key], path: ['activity', key] })),
    ...Object.entries(s.tabs.items).map(([key, item]) => ({ text: item.label, path: ['tabs', 'labels', key] })),
    { text: s.tabs.logout_label, path: ['tabs', 'logout_label'] },
    ...s.tabs.custom.flatMap((tab) => [
      { text: tab.name, path: ['tabs', 'custom', tab.slug, 'name'] },
      { text: tab.html, path: ['tabs', 'custom', tab.slug, 'html'] },
    ]),
    ...Object.entries(s.dashboard.section_descriptions).map(([key, text]) => ({ text, path: ['dashboard', 'section_descriptions', key] })),
    ...DASHBOARD_LABELS.map((key) => ({ text: s.dashboard[key], path: ['dashboard', key] })),
  ];
}

const child = (node: unknown, key: string): unknown =>
  typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
const at = (node: unknown, path: readonly string[]) => path.reduce(child, node);

/**
 * The campaign's settings with the precedence campaign > company kept in every language: where the campaign
 * layer writes its own text (one that differs from the company's), the company's translations of that text
 * are dropped, so every language shows the campaign's text, unless the layer's own `translations` give that
 * language a text of its own (they are already merged in `merged`). `merged` is a fresh parse and is changed
 * in place.
 */
export function withCampaignTranslations(merged: Customization, company: Customization, layer: unknown): Customization {
  const companyTexts = new Map(translatableTexts(company).map(({ text, path }) => [path.join('\u0000'), text ?? '']));
  const changed = translatableTexts(merged).filter(({ text, path }) => (text ?? '') !== (companyTexts.get(path.join('\u0000')) ?? ''));
  if (!changed.length) return merged;
  for (const [lang, texts] of Object.entries(merged.translations)) {
    for (const { path } of changed) {
      const own = at(layer, ['translations', lang, ...path]);
      if (typeof own === 'string' && own.trim()) continue;
      const parent = at(texts, path.slice(0, -1));
      if (typeof parent === 'object' && parent !== null) delete (parent as Record<string, unknown>)[path.at(-1)!];
    }
  }
  return merged;
}

/**
 * The settings a page uses: campaign settings over company settings over defaults (spec §4).
 * Invalid values in either layer are dropped, so the layer below shows through; this never throws.
 */
export function resolveCustomization(company: unknown, campaign?: unknown): Customization {
  const companyLayer = dropInvalidParsed(customizationSchema, asObject(company));
  const campaignLayer = withoutUnset(asObject(campaign));
  // Most pages have no campaign settings: the company layer's own parse is the answer.
  if (campaignLayer === undefined || campaignLayer === null) return companyLayer.data ?? customizationSchema.parse({});
  const result = customizationSchema.safeParse(deepMerge(companyLayer.input, dropInvalid(customizationSchema, campaignLayer)));
  if (!result.success) return customizationSchema.parse({});
  // A company's translation of its own text gives way to the campaign's text.
  return withCampaignTranslations(result.data, companyLayer.data ?? customizationSchema.parse({}), campaignLayer);
}
