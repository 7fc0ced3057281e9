// Where a table row's detail opens as a page of its own: a payout at /app/payouts/<id>, a
// redemption in the rewards page's redemption view (/app/rewards/v3 for companies with admin3_access).
// The tables link there, so a detail opens without JavaScript; with it, the row opens it in place.

/** The rows whose detail has a page of its own. */
export type DetailKind = 'payout' | 'redemption';

export function detailPaths(admin3Access: boolean): Record<DetailKind, string> {
  return {
    payout: '/app/payouts/{id}',
    redemption: `${admin3Access ? '/app/rewards/v3' : '/app/rewards'}?redemption={id}#redemption`,
  };
}

/** A payout's own page. */
export const payoutPath = (id: string | number) => `/app/payouts/${encodeURIComponent(String(id))}`;
