// The data-loading cycle most resources share (spec §4 "Data loading status").

export const LOAD_STATUSES = ['idle', 'needsFetching', 'fetching', 'fetched', 'fetchError'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
