import type { CommissionList } from '../../lib/schemas/commissions';
import type { OperatorRedemptionList } from '../../lib/schemas/rewards-catalog';

// The review inbox (/console/review) as one list: the operator API's fraud holds, pending commissions and
// redemptions become items with the moment each started waiting, then the page's filters (kind, campaign, how
// long it has waited) and its order apply. Pure: the page reads the API, this decides what shows.

export type HeldCommission = CommissionList['results'][number];
export type OperatorRedemption = OperatorRedemptionList['results'][number];

export const INBOX_KINDS = ['held', 'pending', 'redemption', 'failed'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/** "Waited at least" choices, in days (0: any). */
export const INBOX_AGES = [0, 1, 7, 30] as const;

export type InboxItem =
  | { kind: 'held' | 'pending'; key: string; since: string; campaignUid: string | null; commission: HeldCommission }
  | { kind: 'redemption' | 'failed'; key: string; since: string; campaignUid: string | null; redemption: OperatorRedemption };

export interface InboxFilters {
  kind: InboxKind | null;
  campaign: string | null;
  /** Only items waiting at least this many days (0: all). */
  age: number;
  order: 'oldest' | 'newest';
}

/** A failed redemption is shown for this long after it failed: it asks for a look, not a decision. */
export const FAILED_SHOWN_DAYS = 30;
const DAY = 86_400_000;

/** The page's filters from its query string; anything unknown is the default (everything, oldest first). */
export function inboxFilters(params: URLSearchParams): InboxFilters {
  const kind = params.get('kind');
  const age = Number(params.get('age'));
  return {
    kind: (INBOX_KINDS as readonly string[]).includes(kind ?? '') ? (kind as InboxKind) : null,
    campaign: params.get('campaign')?.trim() || null,
    age: (INBOX_AGES as readonly number[]).includes(age) ? age : 0,
    order: params.get('order') === 'newest' ? 'newest' : 'oldest',
  };
}

/** The items of the API's answers: holds since they were held, the rest since they were made (a failure since it failed). */
export function inboxItems(
  held: HeldCommission[], pending: HeldCommission[], redemptions: OperatorRedemption[], now: number,
): InboxItem[] {
  const items: InboxItem[] = [];
  for (const c of held) items.push({ kind: 'held', key: `c:${c.uid}`, since: c.held_at ?? c.created_at, campaignUid: c.campaign_uid, commission: c });
  for (const c of pending) {
    if (c.held_reason === null) items.push({ kind: 'pending', key: `c:${c.uid}`, since: c.created_at, campaignUid: c.campaign_uid, commission: c });
  }
  for (const r of redemptions) {
    if (r.status === 'processing') items.push({ kind: 'redemption', key: `r:${r.id}`, since: r.created_at, campaignUid: r.campaign_uid, redemption: r });
    else if (r.status === 'failed') {
      const since = r.updated_at ?? r.created_at;
      if (now - Date.parse(since) <= FAILED_SHOWN_DAYS * DAY) items.push({ kind: 'failed', key: `r:${r.id}`, since, campaignUid: r.campaign_uid, redemption: r });
    }
  }
  return items;
}

/** The items the filters let through, in their order (the oldest first by default; ties by key, stable). */
export function filterInbox(items: InboxItem[], f: InboxFilters, now: number): InboxItem[] {
  const shown = items.filter((i) => (f.kind === null || i.kind === f.kind)
    && (f.campaign === null || i.campaignUid === f.campaign)
    && (f.age === 0 || now - Date.parse(i.since) >= f.age * DAY));
  const sign = f.order === 'oldest' ? 1 : -1;
  return shown.sort((a, b) => sign * (Date.parse(a.since) - Date.parse(b.since)) || a.key.localeCompare(b.key));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['year', 365 * DAY], ['month', 30 * DAY], ['week', 7 * DAY], ['day', DAY], ['hour', 3_600_000], ['minute', 60_000]];

/** How long ago `since` was, in the page language ("3 days ago", "hace 3 días"): the largest whole unit, at least minutes. */
export function waitedFor(since: string, now: number, lang: string): string {
  const ms = Math.max(0, now - Date.parse(since));
  const [unit, size] = UNITS.find(([, s]) => ms >= s) ?? UNITS[UNITS.length - 1]!;
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
  return format.format(-Math.floor(ms / size), unit);
}
