// The SQL of a payout's journey (./journey.ts): the payout, its run item and run, its returns; all of one company.

export interface JourneyRow {
  uid: string;
  status: string;
  paid_at: string | null;
  created_at: string;
  item_status: string | null;
  failure: string | null;
  provider_ref: string | null;
  item_updated_at: string | null;
  rail: string | null;
  run_created_at: string | null;
  run_sent_at: string | null;
  returned: number | null;
  return_reason: string | null;
  returned_at: string | null;
}

/** The caller's payout (by number or uid) with its run item, its run and what came back of it. */
export const journeyStatement = (db: D1Database, companyId: string, ambassadorUid: string, key: number | string) =>
  db.prepare(
    `SELECT COALESCE(p.uid, 'po-' || p.id) AS uid, p.status, p.paid_at, p.created_at,
            i.status AS item_status, i.failure, i.provider_ref, i.updated_at AS item_updated_at,
            r.rail, r.created_at AS run_created_at, r.sent_at AS run_sent_at,
            (SELECT SUM(x.amount_minor) FROM payout_returns x WHERE x.company_id = p.company_id AND x.payout_id = p.id) AS returned,
            (SELECT x.reason FROM payout_returns x WHERE x.company_id = p.company_id AND x.payout_id = p.id ORDER BY x.id LIMIT 1) AS return_reason,
            (SELECT MIN(x.created_at) FROM payout_returns x WHERE x.company_id = p.company_id AND x.payout_id = p.id) AS returned_at
       FROM payouts p
       LEFT JOIN payout_run_items i ON i.company_id = p.company_id AND i.payout_uid = p.uid
       LEFT JOIN payout_runs r ON r.company_id = i.company_id AND r.uid = i.run_uid
      WHERE p.company_id = ?1 AND p.ambassador_uid = ?2 AND ${typeof key === 'number' ? 'p.id = ?3' : 'p.uid = ?3'}`,
  ).bind(companyId, ambassadorUid, key);
