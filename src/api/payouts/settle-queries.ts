// The SQL of settling a run's item (./settle.ts). Every statement names the company. A settle is one batch whose
// statements are each guarded by the item still being in the state the settle leaves (`from`), and whose last
// statement moves the item: in a D1 batch (one transaction) the guard reads the same state for every
// statement, so either all of them take effect or none, and a second settle of the same item finds it moved
// and writes nothing.

export type ItemState = 'sent' | 'paid';

export interface SettleItemRow {
  id: number;
  run_uid: string;
  ambassador_uid: string;
  amount_minor: number;
  status: string;
  payout_uid: string | null;
  provider_ref: string | null;
  failure: string | null;
  rail: string;
  currency: string;
  payout_id: number | null;
  email: string | null;
  first_name: string | null;
  language: string | null;
  company_name: string;
  host: string | null;
}

const ITEM_SQL = `SELECT i.id, i.run_uid, i.ambassador_uid, i.amount_minor, i.status, i.payout_uid, i.provider_ref, i.failure,
    r.rail, r.currency, p.id AS payout_id, u.email, u.first_name, a.language, c.name AS company_name,
    (SELECT host FROM company_hosts h WHERE h.company_id = i.company_id ORDER BY length(host), host LIMIT 1) AS host
  FROM payout_run_items i
  JOIN payout_runs r ON r.company_id = i.company_id AND r.uid = i.run_uid
  JOIN companies c ON c.id = i.company_id
  LEFT JOIN payouts p ON p.company_id = i.company_id AND p.uid = i.payout_uid
  LEFT JOIN ambassadors a ON a.company_id = i.company_id AND a.uid = i.ambassador_uid
  LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.user_id`;

export const settleItemByIdStatement = (db: D1Database, companyId: string, itemId: number) =>
  db.prepare(`${ITEM_SQL} WHERE i.company_id = ? AND i.id = ?`).bind(companyId, itemId);

/** The item a provider's id names (the newest, should a provider ever reuse one). */
export const settleItemByRefStatement = (db: D1Database, companyId: string, providerRef: string) =>
  db.prepare(`${ITEM_SQL} WHERE i.company_id = ? AND i.provider_ref = ? ORDER BY i.id DESC LIMIT 1`).bind(companyId, providerRef);

/** Item states as an SQL list (constants of this module, never input). */
const states = (from: readonly ItemState[]) => from.map((s) => `'${s}'`).join(', ');

/** The item is still in one of `from` (?1 company, ?2 item id, as every statement below binds them). */
const guard = (from: readonly ItemState[]) =>
  `EXISTS (SELECT 1 FROM payout_run_items g WHERE g.company_id = ?1 AND g.id = ?2 AND g.status IN (${states(from)}))`;

/** The item event's source (webhooks' eventOfRowSteps): the item, only while it is still in `from`. */
export const itemEventSource = (itemId: number, from: readonly ItemState[]) => ({
  from: `FROM payout_run_items i WHERE i.company_id = ?2 AND i.id = ?6 AND i.status IN (${states(from)})`,
  payload: '?4',
  binds: [itemId] as const,
});

/** `sent` stays `sent`: the provider's id recorded (once known, kept). */
export const itemRefStatement = (db: D1Database, companyId: string, itemId: number, ref: string, now: string) =>
  db.prepare(
    `UPDATE payout_run_items SET provider_ref = ?3, updated_at = ?4
      WHERE company_id = ?1 AND id = ?2 AND status = 'sent' AND provider_ref IS NULL RETURNING 1`,
  ).bind(companyId, itemId, ref, now);

/** The payout of an item going `paid`: paid now (with the payer's own reference as its transaction id, when given). */
export const payoutPaidStatement = (db: D1Database, companyId: string, itemId: number, payoutId: number, ref: string | null, now: string) =>
  db.prepare(
    `UPDATE payouts SET status = 'paid', paid_at = ?5, transaction_id = COALESCE(?4, transaction_id)
      WHERE company_id = ?1 AND id = ?3 AND status = 'processing' AND ${guard(['sent'])}`,
  ).bind(companyId, itemId, payoutId, ref, now);

/** The payout's activity row follows its payout (`paid`, or `denied` with why in event_data2 when it failed). */
export const payoutActivityStatusStatement = (
  db: D1Database, companyId: string, itemId: number, payoutId: number, status: 'paid' | 'denied', why: string | null, from: readonly ItemState[],
) =>
  db.prepare(
    `UPDATE activities SET status = ?4, event_data2 = COALESCE(?5, event_data2)
      WHERE company_id = ?1 AND payout_id = ?3 AND type = 'payout' AND ${guard(from)}`,
  ).bind(companyId, itemId, payoutId, status, why);

/** sent -> paid, last in its batch. */
export const itemSettledPaidStatement = (db: D1Database, companyId: string, itemId: number, ref: string | null, now: string) =>
  db.prepare(
    `UPDATE payout_run_items SET status = 'paid', provider_ref = COALESCE(provider_ref, ?3), updated_at = ?4
      WHERE company_id = ?1 AND id = ?2 AND status = 'sent' RETURNING 1`,
  ).bind(companyId, itemId, ref, now);

/** The correcting entry: one row per commission (and clawback) the failed payout had taken. */
export const returnsStatement = (db: D1Database, companyId: string, itemId: number, payoutId: number, reason: string, now: string, from: readonly ItemState[]) =>
  db.prepare(
    `INSERT INTO payout_returns (company_id, payout_id, commission_id, amount_minor, reason, created_at)
     SELECT company_id, payout_id, id, amount_minor, ?4, ?5 FROM commissions
      WHERE company_id = ?1 AND payout_id = ?3 AND ${guard(from)}
     ON CONFLICT (company_id, payout_id, commission_id) DO NOTHING`,
  ).bind(companyId, itemId, payoutId, reason, now);

/** Those commissions given back: `approved` in no payout, so payable again at once (their holding period is behind them). */
export const releaseStatement = (db: D1Database, companyId: string, itemId: number, payoutId: number, now: string, from: readonly ItemState[]) =>
  db.prepare(
    `UPDATE commissions SET status = 'approved', payout_id = NULL, updated_at = ?4
      WHERE company_id = ?1 AND payout_id = ?3 AND ${guard(from)}`,
  ).bind(companyId, itemId, payoutId, now);

/** The payout `failed` (it was `processing`, or `paid` and came back). */
export const payoutFailedStatement = (db: D1Database, companyId: string, itemId: number, payoutId: number, from: readonly ItemState[]) =>
  db.prepare(
    `UPDATE payouts SET status = 'failed' WHERE company_id = ?1 AND id = ?3 AND status IN ('processing', 'paid') AND ${guard(from)}`,
  ).bind(companyId, itemId, payoutId);

/** The ambassador's e-mail saying why, only with the failure it tells of. */
export const failureEmailStatement = (
  db: D1Database, companyId: string, itemId: number, m: { to: string; subject: string; text: string }, from: readonly ItemState[],
) =>
  db.prepare(
    `INSERT INTO email_outbox (company_id, to_email, template, subject, body_text)
     SELECT ?1, ?3, 'payout_failed', ?4, ?5 WHERE ${guard(from)} RETURNING id`,
  ).bind(companyId, itemId, m.to, m.subject, m.text);

/** sent | paid -> failed, with why, last in its batch. */
export const itemSettledFailedStatement = (
  db: D1Database, companyId: string, itemId: number, reason: string, ref: string | null, now: string, from: readonly ItemState[],
) =>
  db.prepare(
    `UPDATE payout_run_items SET status = 'failed', failure = ?3, provider_ref = COALESCE(provider_ref, ?4), updated_at = ?5
      WHERE company_id = ?1 AND id = ?2 AND status IN (${states(from)}) RETURNING 1`,
  ).bind(companyId, itemId, reason, ref, now);
