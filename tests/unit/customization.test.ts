import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_FIELDS,
  TAB_KEYS,
  customizationSchema,
  defaultCustomization,
  resolveCustomization,
} from '../../src/lib/schemas/customization.ts';

describe('customization defaults (spec §1, §3, §9)', () => {
  const d = defaultCustomization;

  it('uses the default page title and description', () => {
    expect(d.meta.head_title).toBe('Ambassador Portal');
    expect(d.meta.head_description).toBe(
      'Spread the word about the brands you love. Get rewarded for being a brand ambassador.',
    );
    expect(d.meta.favicon).toBeNull();
  });

  it('uses the default link colour, dark tabs and a white registration background', () => {
    expect(d.theme.link_color).toBe('#3c97d3');
    expect(d.tabs.link_color).toBe('#3c97d3');
    expect(d.tabs.theme).toBe('dark');
    expect(d.register.background_color).toBe('#fff');
  });

  it('maps the seven login colours of §9 onto the login settings in the order §3 names them', () => {
    const { background_color, login_button_color, button_text_color, forgot_password_color, icons_color,
      fields_text_color, fields_background_color } = d.login;
    expect([background_color, login_button_color, button_text_color, forgot_password_color, icons_color,
      fields_text_color, fields_background_color])
      .toEqual(['#ffffff', '#3579a6', '#e49d9d', '#428bca', '#8994aa', '#424d67', '#f5f7fc']);
  });

  it('shows every dashboard section but leaves the first/second event labels off', () => {
    const shown = Object.entries(d.dashboard).filter(([k]) => k.startsWith('show_'));
    const off = shown.filter(([, v]) => v === false).map(([k]) => k).sort();
    expect(off).toEqual(['show_earned_first_event', 'show_earned_second_event']);
    expect(d.dashboard.show_tier_progress).toBe(true);
    expect(d.dashboard.earned_first_event_label).toBe('Earned - First Event');
    expect(d.dashboard.earned_second_event_label).toBe('Earned - Second Event');
  });

  it('turns all stats and activity columns on and all optional profile fields off', () => {
    expect(Object.values(d.stats).every((v) => v === true)).toBe(true);
    expect(Object.keys(d.stats)).toHaveLength(6);
    expect(Object.entries(d.activity).filter(([k]) => k.startsWith('show_')).every(([, v]) => v === true)).toBe(true);
    // Event-data columns have no name of the company's until it gives one (then "Details").
    expect([d.activity.event_data_1_label, d.activity.event_data_2_label, d.activity.event_data_3_label]).toEqual([null, null, null]);
    expect(Object.keys(d.activity)).toEqual(expect.arrayContaining([
      'show_referred_name', 'show_referred_email', 'show_expiration_date',
      'show_event_data_1', 'show_event_data_2', 'show_event_data_3',
    ]));
    expect(Object.values(d.profile).every((v) => v === false)).toBe(true);
    expect(Object.keys(d.profile)).toHaveLength(12);
  });

  it('lists the menu tabs in the default order, all enabled and shown, with logout shown', () => {
    expect(d.tabs.order).toEqual(['dashboard', 'stats', 'rewards', 'transactions', 'activity', 'assets', 'sharing', 'profile']);
    for (const key of TAB_KEYS) {
      expect(d.tabs.items[key]).toMatchObject({ enabled: true, show: true, label: null, page_element: null });
    }
    expect(d.tabs.custom).toEqual([]);
    expect(d.tabs.show_logout).toBe(true);
  });

  it('has every registration field of §3, with only first name, last name and e-mail shown and required', () => {
    expect(Object.keys(d.register.fields).sort()).toEqual([...REGISTRATION_FIELDS].sort());
    expect(REGISTRATION_FIELDS).toHaveLength(24);
    const shown = REGISTRATION_FIELDS.filter((f) => d.register.fields[f].checked);
    const required = REGISTRATION_FIELDS.filter((f) => d.register.fields[f].required);
    expect(shown).toEqual(['first_name', 'last_name', 'email']);
    expect(required).toEqual(['first_name', 'last_name', 'email']);
    const positions = REGISTRATION_FIELDS.map((f) => d.register.fields[f].position);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('defaults to English, no auto-login and no auto-translated languages', () => {
    expect(d.default_language).toBe('en');
    expect(d.portal_auto_login).toBe(false);
    expect(d.auto_translate_languages).toEqual([]);
  });

  it('is what parsing an empty settings object gives, and cannot be mutated by accident', () => {
    expect(customizationSchema.parse({})).toEqual(d);
    expect(Object.isFrozen(d.tabs.order)).toBe(true);
  });
});

describe('customization schema', () => {
  it('rejects colours that are not hex, so nothing but a colour reaches the CSS', () => {
    expect(customizationSchema.safeParse({ theme: { link_color: 'red;}</style><script>' } }).success).toBe(false);
    expect(customizationSchema.safeParse({ theme: { link_color: '#ABCDEF' } }).success).toBe(true);
  });

  it('rejects script URLs for images', () => {
    expect(customizationSchema.safeParse({ login: { logo: 'javascript:alert(1)' } }).success).toBe(false);
    expect(customizationSchema.safeParse({ login: { logo: '//evil.example/x.png' } }).success).toBe(false);
    expect(customizationSchema.parse({ login: { logo: '/brand/acme.svg' } }).login.logo).toBe('/brand/acme.svg');
  });

  it('fills a custom tab from its slug and name, with the info icon and no page element', () => {
    const tab = customizationSchema.parse({ tabs: { custom: [{ slug: 'Shop', name: 'Shop' }] } }).tabs.custom[0];
    expect(tab).toMatchObject({ slug: 'shop', name: 'Shop', icon: 'info', page_element: null, source: null, enabled: true });
  });

  it('refuses custom-tab slugs that would shadow portal routes or repeat', () => {
    for (const slug of ['app', 'login', 'logout', 'api', 'stats', 'a/b', '']) {
      expect(customizationSchema.safeParse({ tabs: { custom: [{ slug, name: 'X' }] } }).success, slug).toBe(false);
    }
    const twice = { tabs: { custom: [{ slug: 'faq', name: 'A' }, { slug: 'faq', name: 'B' }] } };
    expect(customizationSchema.safeParse(twice).success).toBe(false);
  });

  it('accepts only the four known custom-tab icons', () => {
    for (const icon of ['shopping-cart', 'star', 'university', 'info']) {
      expect(customizationSchema.safeParse({ tabs: { custom: [{ slug: 'x', name: 'X', icon }] } }).success).toBe(true);
    }
    expect(customizationSchema.safeParse({ tabs: { custom: [{ slug: 'x', name: 'X', icon: 'rocket' }] } }).success).toBe(false);
  });

  it('never lets a tenant hide or relax the e-mail registration field (§5 requires it)', () => {
    expect(customizationSchema.safeParse({ register: { fields: { email: { required: false } } } }).success).toBe(false);
  });
});

describe('resolveCustomization precedence: campaign > company > defaults', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(resolveCustomization(undefined)).toEqual(defaultCustomization);
    expect(resolveCustomization(null, null)).toEqual(defaultCustomization);
  });

  it('lets company settings override defaults and keeps the untouched defaults beside them', () => {
    const c = resolveCustomization({ meta: { head_title: 'Acme Outdoor' }, tabs: { theme: 'light' } });
    expect(c.meta.head_title).toBe('Acme Outdoor');
    expect(c.meta.head_description).toBe(defaultCustomization.meta.head_description);
    expect(c.tabs.theme).toBe('light');
    expect(c.tabs.link_color).toBe('#3c97d3');
  });

  it('lets campaign settings override company settings field by field', () => {
    const company = { theme: { campaign_portal_logo: '/acme.svg', button_color: '#111111' } };
    const campaign = { theme: { campaign_portal_logo: '/summer.svg' } };
    const c = resolveCustomization(company, campaign);
    expect(c.theme.campaign_portal_logo).toBe('/summer.svg');
    expect(c.theme.button_color).toBe('#111111');
  });

  it('merges one registration field without resetting the others', () => {
    const c = resolveCustomization({ register: { fields: { phone: { checked: true } } } });
    expect(c.register.fields.phone).toMatchObject({ checked: true, required: false, position: 4 });
    expect(c.register.fields.first_name.checked).toBe(true);
  });

  it('replaces lists instead of splicing them (tab order, custom tabs)', () => {
    const company = { tabs: { order: ['profile', 'dashboard'], custom: [{ slug: 'faq', name: 'FAQ' }] } };
    const campaign = { tabs: { custom: [{ slug: 'shop', name: 'Shop' }] } };
    const c = resolveCustomization(company, campaign);
    expect(c.tabs.order).toEqual(['profile', 'dashboard']);
    expect(c.tabs.custom.map((t) => t.slug)).toEqual(['shop']);
  });

  it('drops an invalid campaign value so the company value shows through, without throwing', () => {
    const c = resolveCustomization({ tabs: { link_color: '#ff0000' } }, { tabs: { link_color: 'blue' } });
    expect(c.tabs.link_color).toBe('#ff0000');
  });

  it('drops an invalid company value so the default shows through', () => {
    const c = resolveCustomization({ meta: { head_title: 42, favicon: 'javascript:x' }, tabs: { theme: 'neon' } });
    expect(c.meta.head_title).toBe('Ambassador Portal');
    expect(c.meta.favicon).toBeNull();
    expect(c.tabs.theme).toBe('dark');
  });

  it('drops only the broken custom tab and the broken part of a good one', () => {
    const c = resolveCustomization({
      tabs: {
        custom: [
          { slug: 'shop', name: 'Shop', icon: 'rocket' },
          { name: 'no slug' },
          { slug: 'login', name: 'Reserved' },
          { slug: 'faq', name: 'FAQ', source: 'https://help.example.com' },
          { slug: 'faq', name: 'Duplicate' },
        ],
      },
    });
    expect(c.tabs.custom.map((t) => [t.slug, t.name, t.icon])).toEqual([['shop', 'Shop', 'info'], ['faq', 'FAQ', 'info']]);
    expect(c.tabs.custom[1]?.source).toBe('https://help.example.com');
  });

  it('treats a whole section of the wrong type as absent', () => {
    const c = resolveCustomization({ tabs: 'nope', meta: [1, 2], login: { logo: '/l.png' } });
    expect(c.tabs).toEqual(defaultCustomization.tabs);
    expect(c.meta).toEqual(defaultCustomization.meta);
    expect(c.login.logo).toBe('/l.png');
  });

  it('reads settings stored as JSON text and ignores unreadable text', () => {
    expect(resolveCustomization('{"meta":{"head_title":"Demo Co"}}').meta.head_title).toBe('Demo Co');
    expect(resolveCustomization('{not json').meta.head_title).toBe('Ambassador Portal');
  });

  it('normalises the default language code and drops an unsupported one', () => {
    expect(resolveCustomization({ default_language: 'es' }).default_language).toBe('es');
    expect(resolveCustomization({ default_language: 'es-mx' }).default_language).toBe('es-MX');
    expect(resolveCustomization({ default_language: 'xx' }).default_language).toBe('en');
  });

  it('reads blank text overrides as unset, so the translated default shows', () => {
    const c = resolveCustomization({ register: { button_text: '  ', message: ' ' }, tabs: { items: { stats: { label: '' } } } });
    expect(c.register.button_text).toBeNull();
    expect(c.register.message).toBeNull();
    expect(c.tabs.items.stats.label).toBeNull();
  });

  it('ignores keys it does not know', () => {
    const c = resolveCustomization({ meta: { head_title: 'A', evil: '<script>' }, extra: 1 }) as Record<string, unknown>;
    expect(c.extra).toBeUndefined();
    expect((c.meta as Record<string, unknown>).evil).toBeUndefined();
  });

  it('does not share objects with its inputs or with the defaults', () => {
    const company = { tabs: { order: ['stats'] } };
    const c = resolveCustomization(company);
    c.tabs.order.push('dashboard');
    expect(company.tabs.order).toEqual(['stats']);
    expect(resolveCustomization(undefined).tabs.order).toHaveLength(8);
    const fromDefaults = resolveCustomization({});
    fromDefaults.tabs.order.pop();
    fromDefaults.tabs.items.stats.groups.push('g');
    expect(resolveCustomization({}).tabs.order).toHaveLength(8);
    expect(resolveCustomization({}).tabs.items.stats.groups).toEqual([]);
  });

  it('resolves the same way with or without an empty campaign layer', () => {
    const company = { meta: { head_title: 'Acme' }, tabs: { custom: [{ slug: 'shop', name: 'Shop' }] } };
    expect(resolveCustomization(company, {})).toEqual(resolveCustomization(company));
    expect(resolveCustomization(company, 'not json')).toEqual(resolveCustomization(company));
  });
});
