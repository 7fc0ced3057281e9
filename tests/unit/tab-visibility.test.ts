import { describe, expect, it } from 'vitest';
import { resolveCustomization, TAB_KEYS, type CustomizationInput, type TabKey } from '../../src/lib/schemas/customization.ts';
import { buildMenu, isBuiltInTabAllowed, isTabVisible, tabKeyForPath } from '../../src/lib/tabs.ts';

// Spec §4: a tab is shown only if it is enabled and either (a) it lists campaigns and the selected
// campaign is among them, or (b) it lists no campaigns and it either has no groups or the user belongs
// to one of its groups.

type RuleCase = [enabled: boolean, campaigns: number[], groups: string[], selected: number | string | null | undefined, userGroups: string[], shown: boolean, why: string];

describe('tab visibility rule (§4)', () => {
  it.each<RuleCase>([
    // enabled, campaigns, groups, selected campaign, user's groups, shown
    [false, [], [], 1, [], false, 'disabled tab'],
    [false, [1], [], 1, [], false, 'disabled tab even for its campaign'],
    [false, [], ['g1'], 1, ['g1'], false, 'disabled tab even for its group'],
    [true, [], [], null, [], true, 'no campaigns, no groups: everyone'],
    [true, [], [], 7, ['g9'], true, 'no campaigns, no groups: everyone, any campaign'],
    [true, [1, 2], [], 2, [], true, 'lists the selected campaign'],
    [true, [1, 2], [], '2', [], true, 'selected campaign id as cookie text'],
    [true, [1, 2], [], 3, [], false, 'lists other campaigns only'],
    [true, [1, 2], [], null, [], false, 'lists campaigns, "all campaigns" selected'],
    [true, [1, 2], [], undefined, [], false, 'lists campaigns, nothing selected'],
    [true, [1, 2], [], '', [], false, 'lists campaigns, empty selection'],
    [true, [1, 2], ['g1'], 3, ['g1'], false, 'lists campaigns: groups do not widen it'],
    [true, [1, 2], ['g1'], 1, [], true, 'lists campaigns: groups do not narrow it'],
    [true, [], ['g1', 'g2'], 1, ['g2'], true, 'groups: member of one'],
    [true, [], ['g1', 'g2'], 1, ['g3', 'g1'], true, 'groups: member of several'],
    [true, [], ['g1', 'g2'], 1, ['g3'], false, 'groups: member of none'],
    [true, [], ['g1'], 1, [], false, 'groups: user in no group'],
    [true, [], ['g1'], null, ['g1'], true, 'groups: no campaign needed'],
  ])('%s/%j/%j, campaign %j, user groups %j -> %s (%s)', (enabled, campaigns, groups, selected, userGroups, shown) => {
    expect(isTabVisible({ enabled, campaigns_with_tab_access: campaigns, groups }, selected, userGroups)).toBe(shown);
  });
});

const menu = (settings: CustomizationInput, extra: Partial<Parameters<typeof buildMenu>[0]> = {}) =>
  buildMenu({ customization: resolveCustomization(settings), admin3Access: false, lang: 'en', ...extra });
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('the rule in the menu', () => {
  it.each([
    ['built-in tab for campaign 202 while 202 is selected', { tabs: { items: { assets: { campaigns_with_tab_access: [202] } } } }, 202, [], 'assets', true],
    ['built-in tab for campaign 202 while 201 is selected', { tabs: { items: { assets: { campaigns_with_tab_access: [202] } } } }, 201, [], 'assets', false],
    ['built-in tab for a group the user is in', { tabs: { items: { stats: { groups: ['g-vip'] } } } }, 1, ['g-vip'], 'stats', true],
    ['built-in tab for a group the user is not in', { tabs: { items: { stats: { groups: ['g-vip'] } } } }, 1, ['g-x'], 'stats', false],
    ['built-in tab switched off by its show setting', { tabs: { items: { stats: { show: false } } } }, 1, [], 'stats', false],
    ['built-in tab disabled', { tabs: { items: { stats: { enabled: false } } } }, 1, [], 'stats', false],
    ['custom tab for campaign 202 while 202 is selected', { tabs: { custom: [{ slug: 'summit', name: 'S', campaigns_with_tab_access: [202] }] } }, 202, [], 'summit', true],
    ['custom tab for campaign 202 with all campaigns', { tabs: { custom: [{ slug: 'summit', name: 'S', campaigns_with_tab_access: [202] }] } }, null, [], 'summit', false],
    ['custom tab for a group', { tabs: { custom: [{ slug: 'vip', name: 'V', groups: ['g-vip'] }] } }, null, ['g-vip'], 'vip', true],
    ['custom tab for another group', { tabs: { custom: [{ slug: 'vip', name: 'V', groups: ['g-vip'] }] } }, null, [], 'vip', false],
    ['custom tab disabled', { tabs: { custom: [{ slug: 'vip', name: 'V', enabled: false }] } }, null, [], 'vip', false],
  ] as const)('%s', (_what, settings, selected, groups, key, shown) => {
    const { main } = menu(settings as CustomizationInput, { selectedCampaignId: selected, userGroupUids: groups });
    expect(keys(main).includes(key)).toBe(shown);
  });

  it('applies the rule to account tabs too (they leave the dropdown with it)', () => {
    const settings = { tabs: { custom: [{ slug: 'help', name: 'Help', page_element: 'account' as const, groups: ['g-1'] }] } };
    expect(keys(menu(settings, { userGroupUids: ['g-1'] }).dropdown)).toEqual(['my-profile', 'help', 'logout']);
    expect(keys(menu(settings, { userGroupUids: [] }).dropdown)).toEqual(['my-profile', 'logout']);
  });
});

describe('custom tabs: content at /{slug} or an external source in a new window', () => {
  it.each([
    ['main tab with content', { slug: 'guide', name: 'Guide' }, 'main', '/guide', false],
    ['main tab with an external source', { slug: 'shop', name: 'Shop', source: 'https://shop.example.com/crew' }, 'main', 'https://shop.example.com/crew', true],
    ['account tab with content', { slug: 'perks', name: 'Perks', page_element: 'account' }, 'account', '/perks', false],
    ['account tab with an external source', { slug: 'help', name: 'Help', page_element: 'account', source: 'https://help.example.com' }, 'account', 'https://help.example.com', true],
  ] as const)('%s', (_what, tab, where, href, external) => {
    const built = menu({ tabs: { custom: [tab] } });
    const item = built[where].find((i) => i.key === tab.slug);
    expect(item?.href).toBe(href);
    expect(item?.external ?? false).toBe(external);
    if (where === 'account') expect(built.dropdown.find((i) => i.key === tab.slug)).toEqual(item);
  });
});

describe('which built-in tab a path opens (server gate)', () => {
  it.each([
    ['/app', 'dashboard'], ['/app/', 'dashboard'], ['/app/stats', 'stats'], ['/app/rewards', 'rewards'],
    ['/app/rewards/v3', 'rewards'], ['/app/rewards/v3/redeem', 'rewards'], ['/app/transactions', 'transactions'],
    ['/app/activity-portal', 'activity'], ['/app/assets', 'assets'], ['/app/sharing', 'sharing'],
    ['/app/account', 'profile'], ['/app/statsx', null], ['/app/unknown', null], ['/login', null], ['/gear-guide', null],
  ] as const)('%s -> %s', (path, key) => {
    expect(tabKeyForPath(path)).toBe(key);
  });

  const allowed = (key: TabKey, settings: CustomizationInput, admin3Access = false, selectedCampaignId: number | null = 1, userGroupUids: string[] = []) =>
    isBuiltInTabAllowed(key, { customization: resolveCustomization(settings), admin3Access, selectedCampaignId, userGroupUids });

  it('allows every tab of the company variant by default', () => {
    expect(TAB_KEYS.filter((k) => allowed(k, {}, false))).toEqual(['dashboard', 'stats', 'rewards', 'activity', 'assets', 'sharing', 'profile']);
    expect(TAB_KEYS.filter((k) => allowed(k, {}, true))).toEqual(['dashboard', 'stats', 'rewards', 'transactions', 'assets', 'sharing', 'profile']);
  });

  it.each([
    ['show off', { tabs: { items: { stats: { show: false } } } }, 1, [], false],
    ['disabled', { tabs: { items: { stats: { enabled: false } } } }, 1, [], false],
    ['other campaign', { tabs: { items: { stats: { campaigns_with_tab_access: [2] } } } }, 1, [], false],
    ['its campaign', { tabs: { items: { stats: { campaigns_with_tab_access: [2] } } } }, 2, [], true],
    ['not in its group', { tabs: { items: { stats: { groups: ['g'] } } } }, 1, [], false],
    ['in its group', { tabs: { items: { stats: { groups: ['g'] } } } }, 1, ['g'], true],
  ] as const)('stats tab: %s', (_what, settings, selected, groups, expected) => {
    expect(allowed('stats', settings as CustomizationInput, false, selected, [...groups])).toBe(expected);
  });
});
