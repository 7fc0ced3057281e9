import { formatMoney } from '../../lib/format';
import { formatPoints } from '../../lib/points';
import { t, type Language } from '../../lib/i18n';
import { isTabVisible } from '../../lib/tabs';
import { ClientError, type AmbassadorClient, type AmbassadorProfile } from '../client';
import type { RewardView, VaultBalance } from '../../lib/schemas/rewards';
import { LEGACY_PATH, V3_PATH, spendConfirmStep, type RedeemFormState } from './forms/rewards';
import { orNull, requireSignedIn, sessionConfirmed, type SignedIn } from './page-data';

// What /app/rewards (gift cards, legacy) and /app/rewards/v3 (vault, admin3) share before they paint:
// the gate, the redeem post, list page numbers, the redemption detail's status and the balance tiles.

export type RewardsVariant = 'legacy' | 'v3';

/** One figure of the balance header (src/ui/rewards/RewardsBalance.astro). */
export interface BalanceTile {
  key: string;
  label: string;
  value: string;
}

export interface RewardsPage {
  gate: SignedIn;
  lang: Language;
  /** The ambassador may use the loyalty program (spec §6 loyalty_access). */
  hasLoyalty: boolean;
  title: string;
}

/**
 * Opens a rewards page: a Response (not signed in) or a redirect (the company's other variant; a hidden
 * or not-for-me rewards tab is no page of mine either, spec §4 tab visibility), else what the page needs.
 */
export function openRewardsPage(locals: App.Locals, url: URL, variant: RewardsVariant): Response | { redirect: string } | RewardsPage {
  const gate = requireSignedIn(locals, url.pathname);
  if (gate instanceof Response) return gate;
  const admin3 = locals.portal.admin3_access;
  if (variant === 'legacy' && admin3) return { redirect: V3_PATH };
  if (variant === 'v3' && !admin3) return { redirect: LEGACY_PATH };
  const tab = gate.settings.tabs.items.rewards;
  if (!tab.show || !isTabVisible(tab, gate.selection.selectedCampaignId, gate.groupUids)) return { redirect: '/app' };
  const { lang } = gate;
  return { gate, lang, hasLoyalty: gate.me.user.loyalty_access, title: tab.label ?? t(lang, 'menuRewards') };
}

type RedeemPost = (locals: App.Locals, request: Request, lang: Language) => Promise<Response | RedeemFormState>;

/** A POST is a redeem form (post/redirect/get): the redirect, or the refused form's state; null for a GET. */
export async function readRedeemPost(locals: App.Locals, request: Request, lang: Language, handle: RedeemPost): Promise<Response | RedeemFormState | null> {
  if (request.method !== 'POST') return null;
  return (await spendConfirmStep(request)) ?? handle(locals, request, lang);
}

/** A list's page number from the URL (`?page=N`, `?ledger_page=N`): 1 unless it is a sane positive integer. */
export function listPage(search: URLSearchParams, name: string): number {
  const n = Number(search.get(name) ?? '1');
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** A call's value or its error, so one failed section does not take the page down. */
export const attempt = <T>(work: Promise<T>) =>
  work.then((value) => ({ value, error: null }), (error: unknown) => ({ value: null, error }));

export type Attempt<T> = Awaited<ReturnType<typeof attempt<T>>>;

/** The rewards program is not mine: no loyalty access, or the API refused the list (403). */
export const noLoyaltyAccess = (hasLoyalty: boolean, list: Attempt<unknown> | null) =>
  !hasLoyalty || (list?.error instanceof ClientError && list.error.status === 403);

/** Logs a list the page could not read (a 403 of a program that is not mine is no error). */
export function logListError(what: string, list: Attempt<unknown> | null, noAccess: boolean): void {
  if (list?.error && !noAccess) console.error(`page data: ${what}`, list.error instanceof ClientError ? list.error.status : list.error);
}

/** The page's status when the redemption it was asked to show could not be read (404 or 500); a redeem post keeps its own. */
export function detailStatus(detailId: string | null, detail: Attempt<unknown> | null, posted: RedeemFormState | null): number | null {
  if (!detailId || !detail?.error || posted) return null;
  return detail.error instanceof ClientError && detail.error.status === 404 ? 404 : 500;
}

/**
 * A redemption's detail answers 404 when it is not there: that view waits for its data before the first
 * byte, and for the session's confirmation (a revoked session learns nothing from the status either).
 */
export async function confirmedDetailStatus(locals: App.Locals, view: Promise<{ status: number | null }>): Promise<number | null> {
  const [{ status }, confirmed] = await Promise.all([view, sessionConfirmed(locals)]);
  return status && confirmed ? status : null;
}

/** A link to this page keeping its list pages (those past the first) and adding `params` (null: left out). */
export function rewardsHref(path: string, keep: Record<string, number>, params: Record<string, string | number | null>, anchor = ''): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(keep)) if (v > 1) q.set(k, String(v));
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, String(v));
  const query = q.toString();
  return `${path}${query ? `?${query}` : ''}${anchor}`;
}

/** Legacy balance tiles: points available, held by redemptions not yet issued (from stats), redeemed, expired. */
export function pointTiles(p: AmbassadorProfile, pointsHeld: number | null, pointName: string | null, lang: Language): BalanceTile[] {
  return [
    { key: 'points_available', label: t(lang, 'pointsAvailable'), value: formatPoints(p.loyalty_points_available, pointName, lang) },
    ...(pointsHeld !== null ? [{ key: 'points_held', label: t(lang, 'rewards.pointsHeld'), value: formatPoints(pointsHeld, pointName, lang) }] : []),
    { key: 'points_redeemed', label: t(lang, 'pointsRedeemed'), value: formatPoints(p.loyalty_points_redeemed, pointName, lang) },
    { key: 'points_expired', label: t(lang, 'pointsExpired'), value: formatPoints(p.loyalty_points_expired, pointName, lang) },
  ];
}

/** v3 balance tiles: the cash the vault can spend (the vault list's balance, else the profile's), held cash, points. */
export function vaultTiles(p: AmbassadorProfile, balance: VaultBalance | null, currency: string, pointName: string | null, lang: Language): BalanceTile[] {
  return [
    { key: 'balance_available', label: t(lang, 'rewards.balanceAvailable'), value: formatMoney(balance?.balance_available ?? p.loyalty_cash_available, currency, lang) },
    ...(balance ? [{ key: 'balance_held', label: t(lang, 'rewards.balanceHeld'), value: formatMoney(balance.balance_held, currency, lang) }] : []),
    { key: 'points_available', label: t(lang, 'pointsAvailable'), value: formatPoints(balance?.points_available ?? p.loyalty_points_available, pointName, lang) },
  ];
}

/** The gift card of the redeem view: on this page of the catalogue, else looked up page by page. */
export async function findGiftCard(client: AmbassadorClient, cards: RewardView[], page: number, uid: string): Promise<RewardView | null> {
  const here = cards.find((r) => r.uid === uid);
  if (here) return here;
  for (let p = 1; p <= 50; p++) {
    if (p === page) continue;
    const list = await orNull('gift cards', client.giftCards({ query: { page: p } }));
    const found = list?.results.find((r) => r.uid === uid);
    if (found || !list || list.next === null) return found ?? null;
  }
  return null;
}
