import { describe, expect, it } from 'vitest';
import { resolveCustomization, type CustomizationInput } from '../../src/lib/schemas/customization.ts';
import { activeMenuKey, buildMenu, isTabVisible } from '../../src/lib/tabs.ts';

const menu = (settings: CustomizationInput = {}, extra: Partial<Parameters<typeof buildMenu>[0]> = {}) =>
  buildMenu({ customization: resolveCustomization(settings), admin3Access: false, lang: 'en', ...extra });
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('default menu', () => {
  it('lists the tabs in default order with their default labels and routes (no transactions without admin3)', () => {
    const { main } = menu();
    expect(main.map((i) => [i.key, i.label, i.href])).toEqual([
      ['dashboard', 'Dashboard', '/app'],
      ['stats', 'Stats', '/app/stats'],
      ['rewards', 'Rewards', '/app/rewards'],
      ['activity', 'Activity', '/app/activity-portal'],
      ['assets', 'Assets', '/app/assets'],
      ['sharing', 'Share Links', '/app/sharing'],
      ['profile', 'Profile', '/app/account'],
    ]);
  });

  it('has My Profile and Logout in the dropdown and no account tabs', () => {
    const { account, dropdown } = menu();
    expect(account).toEqual([]);
    expect(dropdown.map((i) => [i.label, i.href])).toEqual([['My Profile', '/app/account'], ['Logout', '/logout']]);
  });

  it('speaks the page language', () => {
    expect(menu({}, { lang: 'es' }).main[0]?.label).toBe('Panel');
  });
});

describe('admin3_access variants (§2, §6)', () => {
  it('moves rewards to v3, adds transactions and hides activity', () => {
    const { main } = menu({}, { admin3Access: true });
    expect(keys(main)).toEqual(['dashboard', 'stats', 'rewards', 'transactions', 'assets', 'sharing', 'profile']);
    expect(main.find((i) => i.key === 'rewards')?.href).toBe('/app/rewards/v3');
    expect(main.find((i) => i.key === 'transactions')?.href).toBe('/app/transactions');
  });
});

describe('tab settings', () => {
  it('orders tabs by the configured order and appends unlisted ones in default order', () => {
    const { main } = menu({ tabs: { order: ['profile', 'assets'] } });
    expect(keys(main)).toEqual(['profile', 'assets', 'dashboard', 'stats', 'rewards', 'activity', 'sharing']);
  });

  it('overrides a label with the tab text setting', () => {
    expect(menu({ tabs: { items: { sharing: { label: 'My links' } } } }).main.find((i) => i.key === 'sharing')?.label).toBe('My links');
  });

  it('hides a tab whose show setting is off or that is disabled', () => {
    const { main } = menu({ tabs: { items: { stats: { show: false }, assets: { enabled: false } } } });
    expect(keys(main)).not.toContain('stats');
    expect(keys(main)).not.toContain('assets');
  });

  it('puts tabs with page element "account" in the account menu and the dropdown', () => {
    const { main, account, dropdown } = menu({ tabs: { items: { sharing: { page_element: 'account' } } } });
    expect(keys(main)).not.toContain('sharing');
    expect(keys(account)).toEqual(['sharing']);
    expect(keys(dropdown)).toEqual(['my-profile', 'sharing', 'logout']);
  });

  it('drops My Profile when show_profile is off and Logout when show_logout is off, leaving an empty dropdown', () => {
    const { dropdown, main } = menu({ tabs: { items: { profile: { show: false } }, show_logout: false } });
    expect(dropdown).toEqual([]);
    expect(keys(main)).not.toContain('profile');
  });

  it('uses the logout label override', () => {
    expect(menu({ tabs: { logout_label: 'Sign out' } }).dropdown.at(-1)?.label).toBe('Sign out');
  });
});

describe('custom tabs', () => {
  const custom = [
    { slug: 'faq', name: 'FAQ', icon: 'info' as const, order: 2 },
    { slug: 'shop', name: 'Shop', icon: 'shopping-cart' as const, order: 1 },
    { slug: 'help', name: 'Help center', page_element: 'account' as const, source: 'https://help.example.com' },
    { slug: 'perks', name: 'Perks', page_element: 'account' as const },
  ];

  it('routes main custom tabs to /{slug}, after the built-in tabs, by their order', () => {
    const { main } = menu({ tabs: { custom } });
    expect(main.slice(-2)).toEqual([
      { key: 'shop', label: 'Shop', href: '/shop', icon: 'shopping-cart' },
      { key: 'faq', label: 'FAQ', href: '/faq', icon: 'info' },
    ]);
  });

  it('places custom tabs named in the order list among the built-in ones', () => {
    const { main } = menu({ tabs: { custom, order: ['dashboard', 'faq', 'stats'] } });
    expect(keys(main).slice(0, 3)).toEqual(['dashboard', 'faq', 'stats']);
  });

  it('opens extra pages with an external source in a new window and others at /{slug}', () => {
    const { dropdown } = menu({ tabs: { custom } });
    expect(dropdown).toEqual([
      expect.objectContaining({ key: 'my-profile' }),
      { key: 'help', label: 'Help center', href: 'https://help.example.com', icon: 'info', external: true },
      { key: 'perks', label: 'Perks', href: '/perks', icon: 'info' },
      expect.objectContaining({ key: 'logout' }),
    ]);
  });

  it('applies the visibility rule to custom tabs', () => {
    const { main } = menu(
      { tabs: { custom: [{ slug: 'vip', name: 'VIP', groups: ['g-vip'] }, { slug: 'summer', name: 'Summer', campaigns_with_tab_access: [7] }] } },
      { userGroupUids: ['g-other'], selectedCampaignId: 7 },
    );
    expect(keys(main)).toContain('summer');
    expect(keys(main)).not.toContain('vip');
  });
});

describe('tab visibility rule (§4)', () => {
  const tab = (over: Partial<{ enabled: boolean; campaigns_with_tab_access: number[]; groups: string[] }> = {}) =>
    ({ enabled: true, campaigns_with_tab_access: [], groups: [], ...over });

  it('hides a disabled tab whatever else holds', () => {
    expect(isTabVisible(tab({ enabled: false }), 1, [])).toBe(false);
  });

  it('shows a tab that lists campaigns only while one of them is selected', () => {
    const t = tab({ campaigns_with_tab_access: [3, 4], groups: ['g1'] });
    expect(isTabVisible(t, 4, [])).toBe(true);
    expect(isTabVisible(t, '3', [])).toBe(true);
    expect(isTabVisible(t, 5, ['g1'])).toBe(false);
    expect(isTabVisible(t, null, ['g1'])).toBe(false);
  });

  it('shows a tab with no campaigns and no groups to everyone', () => {
    expect(isTabVisible(tab(), null)).toBe(true);
  });

  it('shows a tab with groups only to members of one of them', () => {
    const t = tab({ groups: ['g1', 'g2'] });
    expect(isTabVisible(t, 1, ['g2'])).toBe(true);
    expect(isTabVisible(t, 1, ['g3'])).toBe(false);
    expect(isTabVisible(t, 1, [])).toBe(false);
  });
});

describe('activeMenuKey', () => {
  const { main } = menu({ tabs: { custom: [{ slug: 'faq', name: 'FAQ' }] } }, { admin3Access: true });

  it('matches the dashboard only exactly and other tabs by prefix', () => {
    expect(activeMenuKey(main, '/app')).toBe('dashboard');
    expect(activeMenuKey(main, '/app/')).toBe('dashboard');
    expect(activeMenuKey(main, '/app/stats')).toBe('stats');
    expect(activeMenuKey(main, '/app/rewards/v3/redeem')).toBe('rewards');
    expect(activeMenuKey(main, '/faq')).toBe('faq');
    expect(activeMenuKey(main, '/app/unknown')).toBeNull();
  });
});
