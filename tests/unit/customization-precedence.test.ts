import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HEAD_DESCRIPTION,
  DEFAULT_HEAD_TITLE,
  DEFAULT_LINK_COLOR,
  defaultCustomization,
  resolveCustomization,
  type Customization,
} from '../../src/lib/schemas/customization.ts';

// Spec §4: campaign-level customization overrides company-level, which overrides the defaults of §3/§9.
// One row per customization field a page shows: what the company stores, what the campaign stores and
// what the page must use. `undefined` means "this layer does not set it".

type Path = string;
const at = (c: Customization, path: Path): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], c);
/** `{ a: { b: value } }` for 'a.b'. */
const layer = (path: Path, value: unknown): object | undefined =>
  value === undefined ? undefined : path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as object;

interface Row {
  field: Path;
  fallback: unknown;
  company: unknown;
  campaign: unknown;
}

const rows: Row[] = [
  { field: 'meta.head_title', fallback: DEFAULT_HEAD_TITLE, company: 'Acme Outdoor Crew', campaign: 'Summit Club' },
  { field: 'meta.head_description', fallback: DEFAULT_HEAD_DESCRIPTION, company: 'Gear up.', campaign: 'Climb higher.' },
  { field: 'meta.favicon', fallback: null, company: '/brand/acme/favicon.svg', campaign: '/brand/acme/summit.svg' },
  { field: 'theme.campaign_portal_logo', fallback: null, company: '/acme.svg', campaign: '/summit.svg' },
  { field: 'theme.mobile_banner_image', fallback: null, company: '/banner.svg', campaign: 'https://cdn.example.com/b.png' },
  { field: 'login.logo', fallback: null, company: '/login.svg', campaign: '/summit-login.svg' },
  { field: 'register.logo', fallback: null, company: '/reg.svg', campaign: '/summit-reg.svg' },
  { field: 'theme.button_color', fallback: '#3579a6', company: '#1b5e20', campaign: '#01579b' },
  { field: 'theme.button_text_color', fallback: '#ffffff', company: '#000000', campaign: '#fafafa' },
  { field: 'theme.link_color', fallback: DEFAULT_LINK_COLOR, company: '#ef6c00', campaign: '#0277bd' },
  { field: 'tabs.link_color', fallback: DEFAULT_LINK_COLOR, company: '#ff9800', campaign: '#4fc3f7' },
  { field: 'tabs.theme', fallback: 'dark', company: 'light', campaign: 'dark' },
  { field: 'login.background_color', fallback: '#ffffff', company: '#0d2b10', campaign: '#102030' },
  { field: 'login.login_button_color', fallback: '#3579a6', company: '#ef6c00', campaign: '#01579b' },
  { field: 'login.fields_background_color', fallback: '#f5f7fc', company: '#fff8e1', campaign: '#e1f5fe' },
  { field: 'register.background_color', fallback: '#fff', company: '#f1f8e9', campaign: '#e3f2fd' },
  { field: 'register.button_text', fallback: null, company: 'Join the crew', campaign: 'Join the club' },
  { field: 'register.form_header', fallback: null, company: 'Join Acme', campaign: 'Join Summit' },
  { field: 'tabs.items.rewards.label', fallback: null, company: 'Rewards shop', campaign: 'Summit rewards' },
  { field: 'tabs.items.stats.show', fallback: true, company: false, campaign: true },
  { field: 'tabs.items.assets.enabled', fallback: true, company: true, campaign: false },
  { field: 'tabs.items.sharing.page_element', fallback: null, company: 'account', campaign: undefined },
  { field: 'tabs.items.stats.groups', fallback: [], company: ['g-1'], campaign: ['g-2', 'g-3'] },
  { field: 'tabs.items.stats.campaigns_with_tab_access', fallback: [], company: [201], campaign: [202] },
  { field: 'tabs.order', fallback: defaultCustomization.tabs.order, company: ['profile'], campaign: ['stats', 'dashboard'] },
  { field: 'tabs.show_logout', fallback: true, company: false, campaign: true },
  { field: 'tabs.logout_label', fallback: null, company: 'Sign out', campaign: 'Leave' },
  { field: 'login.head_scripts', fallback: '', company: '<script>a()</script>', campaign: '<script>b()</script>' },
  { field: 'login.body_scripts', fallback: '', company: '<script>c()</script>', campaign: '<script>d()</script>' },
  { field: 'register.head_scripts', fallback: '', company: '<script>e()</script>', campaign: '<script>f()</script>' },
  { field: 'dashboard.head_scripts', fallback: '', company: '<script>g()</script>', campaign: '<script>h()</script>' },
  { field: 'dashboard.body_scripts', fallback: '', company: '<script>i()</script>', campaign: '<script>j()</script>' },
  { field: 'dashboard.show_tier_progress', fallback: true, company: false, campaign: true },
  { field: 'dashboard.show_badges_section', fallback: true, company: true, campaign: false },
  { field: 'stats.show_clicks_graph', fallback: true, company: false, campaign: true },
  { field: 'activity.show_referred_email', fallback: true, company: false, campaign: true },
  { field: 'profile.show_custom1', fallback: false, company: true, campaign: false },
  { field: 'default_language', fallback: 'en', company: 'es', campaign: 'fr-CA' },
];

describe('customization precedence (spec §4): campaign > company > defaults', () => {
  describe.each(rows)('$field', ({ field, fallback, company, campaign }) => {
    it('is the default when neither layer sets it', () => {
      expect(at(resolveCustomization(undefined), field)).toEqual(fallback);
      expect(at(resolveCustomization({}, {}), field)).toEqual(fallback);
    });

    it('is the company value over the default', () => {
      expect(at(resolveCustomization(layer(field, company)), field)).toEqual(company);
      expect(at(resolveCustomization(layer(field, company), {}), field)).toEqual(company);
    });

    it('is the campaign value over the company value', () => {
      if (campaign === undefined) return;
      expect(at(resolveCustomization(layer(field, company), layer(field, campaign)), field)).toEqual(campaign);
    });

    it('is the campaign value over the default when the company does not set it', () => {
      if (campaign === undefined) return;
      expect(at(resolveCustomization({}, layer(field, campaign)), field)).toEqual(campaign);
    });

    it('keeps the company value when the campaign sets something else', () => {
      expect(at(resolveCustomization(layer(field, company), { meta: { head_title: 'Other' } }), field))
        .toEqual(field === 'meta.head_title' ? 'Other' : company);
    });
  });
});

describe('what a campaign layer leaves unset', () => {
  const company = {
    meta: { head_title: 'Acme', favicon: '/acme.ico' },
    theme: { link_color: '#ef6c00' },
    tabs: { items: { rewards: { label: 'Rewards shop' } } },
    login: { head_scripts: '<script>x()</script>' },
  };

  it.each([
    ['null', 'meta.favicon', null, '/acme.ico'],
    ['null', 'theme.link_color', null, '#ef6c00'],
    ['blank text', 'meta.head_title', '   ', 'Acme'],
    ['blank text', 'tabs.items.rewards.label', '', 'Rewards shop'],
    ['blank scripts', 'login.head_scripts', '', '<script>x()</script>'],
    ['an invalid colour', 'theme.link_color', 'red;}</style>', '#ef6c00'],
    ['an unsafe URL', 'meta.favicon', 'javascript:alert(1)', '/acme.ico'],
    ['a wrong type', 'meta.head_title', 42, 'Acme'],
  ])('%s for %s keeps the company value', (_what, field, campaignValue, expected) => {
    expect(at(resolveCustomization(company, layer(field, campaignValue)), field)).toBe(expected);
  });

  it.each([
    ['an invalid company colour', { theme: { link_color: 'blue' } }, 'theme.link_color', DEFAULT_LINK_COLOR],
    ['an unsafe company favicon', { meta: { favicon: '//evil.example/x.ico' } }, 'meta.favicon', null],
    ['an unknown tab theme', { tabs: { theme: 'neon' } }, 'tabs.theme', 'dark'],
  ])('%s falls back to the default', (_what, companyLayer, field, expected) => {
    expect(at(resolveCustomization(companyLayer), field)).toEqual(expected);
  });
});

describe('campaign layer and lists', () => {
  const company = { tabs: { custom: [{ slug: 'gear-guide', name: 'Gear guide' }], order: ['dashboard', 'gear-guide'] } };

  it.each([
    ['no campaign layer', undefined, ['gear-guide']],
    ['a campaign layer without tabs', { meta: { head_title: 'Summit' } }, ['gear-guide']],
    ['a campaign list of custom tabs (replaces the company list)', { tabs: { custom: [{ slug: 'summit', name: 'Summit' }] } }, ['summit']],
    ['an empty campaign list (no custom tabs for this campaign)', { tabs: { custom: [] } }, []],
  ])('%s', (_what, campaign, slugs) => {
    expect(resolveCustomization(company, campaign).tabs.custom.map((t) => t.slug)).toEqual(slugs);
  });
});
