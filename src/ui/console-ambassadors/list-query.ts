import { AMBASSADOR_SORTS, type AmbassadorSort } from '../../lib/schemas/operator-people';

// The ambassadors list's URL (/console/ambassadors?q=&status=&group=&campaign=&sort=&page=) read into the
// operator API's query, and written back for the pager and the export link: one place for both.

export const PAGE_SIZE = 25;

export interface ListState {
  q: string;
  status: '' | 'active' | 'inactive';
  group: string;
  campaign: string;
  sort: AmbassadorSort;
  page: number;
}

/** The list's state from the page URL; anything unknown falls back to the default (no filter, newest first, page 1). */
export function readListState(url: URL): ListState {
  const get = (k: string) => (url.searchParams.get(k) ?? '').trim().slice(0, 255);
  const status = get('status');
  const sort = get('sort') as AmbassadorSort;
  const page = Number(get('page'));
  return {
    q: get('q'),
    status: status === 'active' || status === 'inactive' ? status : '',
    group: get('group').slice(0, 255),
    campaign: get('campaign').slice(0, 64),
    sort: AMBASSADOR_SORTS.includes(sort) ? sort : '-created_at',
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The filters as the operator API takes them (list and export alike). */
export function filterQuery(s: ListState) {
  return {
    q: s.q || undefined,
    active: s.status === '' ? undefined : s.status === 'active' ? 'true' : 'false',
    group: s.group || undefined,
    campaign: s.campaign || undefined,
    sort: s.sort,
  } as const;
}

/** A URL of `path` with the state's filters (and `page` when given); empty values left out. */
export function listHref(path: string, s: ListState, page?: number): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ q: s.q, status: s.status, group: s.group, campaign: s.campaign })) if (v) p.set(k, v);
  if (s.sort !== '-created_at') p.set('sort', s.sort);
  if (page && page > 1) p.set('page', String(page));
  const text = p.toString();
  return text ? `${path}?${text}` : path;
}
