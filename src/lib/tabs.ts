import { t } from './i18n.ts';
import type { MessageKey } from './i18n/en.ts';
import { TAB_KEYS, type Customization, type TabKey } from './schemas/customization.ts';

// The sidebar menu and the header's profile dropdown (spec §2 "Sidebar menu and header", §4 "Tab
// visibility", §6 admin3_access). Pure, so the server renders the same menu the island hydrates.

export interface MenuItem {
  /** Tab key ("stats"), custom-tab slug, "my-profile" or "logout". */
  key: string;
  label: string;
  href: string;
  /** Built-in tabs use their key's icon; custom tabs one of shopping-cart, star, university, info. */
  icon?: string;
  /** Opens in a new window (an extra page with an external source). */
  external?: boolean;
}

export interface Menu {
  /** Sidebar tabs without a page element. */
  main: MenuItem[];
  /** Tabs whose page element is "account". */
  account: MenuItem[];
  /** Header dropdown: My Profile, the account tabs, Logout; empty means "do not render the dropdown". */
  dropdown: MenuItem[];
}

const LABEL_KEYS: Record<TabKey, MessageKey> = {
  dashboard: 'menuDashboard',
  stats: 'menuStats',
  rewards: 'menuRewards',
  transactions: 'menuTransactions',
  activity: 'menuActivity',
  assets: 'menuAssets',
  sharing: 'menuSharing',
  profile: 'menuProfile',
};

const ICONS: Record<TabKey, string> = {
  dashboard: 'home',
  stats: 'chart',
  rewards: 'gift',
  transactions: 'receipt',
  activity: 'list',
  assets: 'image',
  sharing: 'link',
  profile: 'user',
};

/** A built-in tab's label as the menu shows it: the company's (or campaign's) override, else the default (spec §2). */
export function tabLabel(key: TabKey, settings: Pick<Customization, 'tabs'>, lang: string): string {
  return settings.tabs.items[key].label ?? t(lang, LABEL_KEYS[key]);
}

export const PROFILE_HREF = '/app/account';
export const LOGOUT_HREF = '/logout';

/** Where a built-in tab lives; null when the company's variant has no such tab. */
export function tabHref(key: TabKey, admin3Access: boolean): string | null {
  switch (key) {
    case 'dashboard': return '/app';
    case 'stats': return '/app/stats';
    case 'rewards': return admin3Access ? '/app/rewards/v3' : '/app/rewards';
    // Transactions exists only in the newer (admin3) portal; the route itself falls back to /app.
    case 'transactions': return admin3Access ? '/app/transactions' : null;
    // The newer portal folds activity into transactions.
    case 'activity': return admin3Access ? null : '/app/activity-portal';
    case 'assets': return '/app/assets';
    case 'sharing': return '/app/sharing';
    case 'profile': return PROFILE_HREF;
  }
}

export interface TabAccess {
  enabled: boolean;
  campaigns_with_tab_access: readonly number[];
  groups: readonly string[];
}

/**
 * Spec §4: shown only if enabled and either it lists campaigns and the selected campaign is among
 * them, or it lists none and it has no groups or the user belongs to one of them.
 */
export function isTabVisible(
  tab: TabAccess,
  selectedCampaignId: number | string | null | undefined,
  userGroupUids: readonly string[] = [],
): boolean {
  if (!tab.enabled) return false;
  if (tab.campaigns_with_tab_access.length > 0) {
    const selected = selectedCampaignId === null || selectedCampaignId === undefined || selectedCampaignId === ''
      ? Number.NaN
      : Number(selectedCampaignId);
    return tab.campaigns_with_tab_access.includes(selected);
  }
  return tab.groups.length === 0 || tab.groups.some((group) => userGroupUids.includes(group));
}

export interface BuildMenuOptions {
  customization: Customization;
  admin3Access: boolean;
  selectedCampaignId?: number | string | null;
  userGroupUids?: readonly string[];
  lang?: string | null;
}

interface Entry {
  item: MenuItem;
  account: boolean;
}

export function buildMenu({ customization, admin3Access, selectedCampaignId, userGroupUids = [], lang }: BuildMenuOptions): Menu {
  const { tabs } = customization;
  const visible = (tab: TabAccess) => isTabVisible(tab, selectedCampaignId, userGroupUids);

  const builtIn: Entry[] = [];
  for (const key of TAB_KEYS) {
    const settings = tabs.items[key];
    const href = tabHref(key, admin3Access);
    if (!href || !settings.show || !visible(settings)) continue;
    builtIn.push({
      item: { key, label: settings.label ?? t(lang, LABEL_KEYS[key]), href, icon: ICONS[key] },
      account: settings.page_element === 'account',
    });
  }

  const custom: Entry[] = tabs.custom
    .map((tab, index) => ({ tab, index }))
    .filter(({ tab }) => visible(tab))
    .sort((a, b) => a.tab.order - b.tab.order || a.index - b.index)
    .map(({ tab }) => {
      const account = tab.page_element === 'account';
      // A custom tab with an external source opens it in a new window, in the sidebar as in the
      // account menu (§2 "extra pages"); the others route to /{slug}, which shows the sanitised content.
      const external = tab.source !== null;
      return {
        item: { key: tab.slug, label: tab.name, href: external ? tab.source! : `/${tab.slug}`, icon: tab.icon, ...(external ? { external } : {}) },
        account,
      };
    });

  // The configured order wins; whatever it does not list keeps the default order after it.
  const rank = new Map(tabs.order.map((key, index) => [key, index] as const));
  const ordered = [...builtIn, ...custom]
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (rank.get(a.entry.item.key) ?? rank.size + a.index) - (rank.get(b.entry.item.key) ?? rank.size + b.index))
    .map(({ entry }) => entry);

  const main = ordered.filter((e) => !e.account).map((e) => e.item);
  const account = ordered.filter((e) => e.account).map((e) => e.item);

  const dropdown: MenuItem[] = [];
  const profile = builtIn.find((e) => e.item.key === 'profile');
  if (profile) dropdown.push({ key: 'my-profile', label: t(lang, 'menuMyProfile'), href: PROFILE_HREF, icon: ICONS.profile });
  dropdown.push(...account.filter((item) => item.key !== 'profile'));
  if (tabs.show_logout) dropdown.push({ key: 'logout', label: tabs.logout_label ?? t(lang, 'menuLogout'), href: LOGOUT_HREF, icon: 'logout' });

  return { main, account, dropdown };
}

/** The key of the item the current path belongs to ("/app" only exactly; others by path prefix), or null. */
export function activeMenuKey(items: readonly MenuItem[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: MenuItem | null = null;
  for (const item of items) {
    if (item.external) continue;
    const href = item.href.replace(/\/+$/, '') || '/';
    const matches = href === '/app' ? path === href : path === href || path.startsWith(`${href}/`);
    if (matches && (!best || href.length > best.href.length)) best = item;
  }
  return best?.key ?? null;
}

/** The built-in tab a portal path belongs to (rewards/v3 included), or null for other paths. */
export function tabKeyForPath(pathname: string): TabKey | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/app') return 'dashboard';
  const match = /^\/app\/(stats|rewards|transactions|activity-portal|assets|sharing|account)(?:\/|$)/.exec(path);
  if (!match) return null;
  const segment = match[1]!;
  return segment === 'activity-portal' ? 'activity' : segment === 'account' ? 'profile' : (segment as TabKey);
}

/**
 * Whether a built-in tab's page may be opened (the server applies this, so a hidden tab is hidden for
 * real): the company's variant has it (admin3_access), its show setting is on and spec §4 lets the
 * person see it.
 */
export function isBuiltInTabAllowed(
  key: TabKey,
  { customization, admin3Access, selectedCampaignId, userGroupUids = [] }: Omit<BuildMenuOptions, 'lang'>,
): boolean {
  const settings = customization.tabs.items[key];
  return tabHref(key, admin3Access) !== null && settings.show && isTabVisible(settings, selectedCampaignId, userGroupUids);
}
