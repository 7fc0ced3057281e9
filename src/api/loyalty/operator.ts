import type { z } from 'zod';
import type { LedgerEntry, LoyaltyAnswer, LoyaltyEntryAnswer, loyaltyEntrySchema, OpenLot } from '../../lib/schemas/loyalty';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { batch, row, rows } from '../core/named-batch';
import { runLoyaltyMaintenance } from './scheduled';
import { balanceOf, entryByUid, postLedgerEntry, type BalanceRow, type EntryRow } from '../money/ledger';
import { BALANCE_COLUMNS, ENTRY_COLUMNS } from '../money/ledger-queries';
import { loadCustomization } from '../companies/customization';
import type { Operator } from '../core/operator-keys';

// The operator's loyalty calls: credit, correct and claw back points and cash; read an
// ambassador's balances and lots; run the scheduled job.
// Every write is a ledger entry, so the triggers of migration 0005 apply their guards here too.

const notFound = () => new ApiError('not_found', 'notFound');

/** An entry as the operator sees it: their own uid back (without the `op:<ambassador>:` scope). */
const entryView = (e: EntryRow): LedgerEntry => ({
  ...e, kind: e.kind as LedgerEntry['kind'], entry_type: e.entry_type as LedgerEntry['entry_type'],
  uid: e.uid?.startsWith('op:') ? e.uid.replace(/^op:[^:]*:/, '') : e.uid,
});

async function ensureAmbassador(db: D1Database, companyId: string, uid: string) {
  const found = await db.prepare('SELECT 1 AS ok FROM ambassadors WHERE company_id = ? AND uid = ?').bind(companyId, uid).first('ok');
  if (!found) throw notFound();
}

/** POST /v1/operator/ambassadors/{uid}/loyalty/entries - one entry; 201 (or 200: the same uid already posted). */
export async function postLoyaltyEntry(
  svc: ServiceContext, op: Operator, ambassadorUid: string, input: z.output<typeof loyaltyEntrySchema>,
): Promise<{ created: boolean; body: LoyaltyEntryAnswer }> {
  const { db } = svc;
  await ensureAmbassador(db, op.companyId, ambassadorUid);
  // The operator's uid is theirs per ambassador: the same uid for another ambassador is another entry.
  const uid = input.uid ? `op:${ambassadorUid}:${input.uid}` : null;
  if (uid) {
    const existing = await entryByUid(db, op.companyId, uid);
    if (existing) return { created: false, body: { entry: entryView(existing), balance: await balanceOf(db, op.companyId, ambassadorUid) } };
  }
  const type = input.entry_type ?? (input.amount > 0 ? 'earn' : 'adjust');
  let expireAt: string | null = null;
  if (input.amount > 0) {
    if (input.expire_at) expireAt = new Date(input.expire_at).toISOString();
    else {
      const days = input.expire_days ?? (await loadCustomization(db, op.companyId)).company.loyalty.points_expire_days;
      expireAt = days > 0 ? new Date(Date.now() + days * 86_400_000).toISOString() : null;
    }
  }
  const { entry, balance } = await postLedgerEntry(db, {
    companyId: op.companyId, ambassadorUid, kind: input.kind, amount: input.amount, description: input.description, uid, expireAt,
    entryType: type === 'adjust' ? 'adjust' : type === 'reverse' ? 'reverse' : 'earn',
  });
  return { created: true, body: { entry: entryView(entry), balance } };
}

/** GET /v1/operator/ambassadors/{uid}/loyalty - balances, open lots (soonest-expiring first) and the newest 50 entries. */
export async function loyaltyOf(svc: ServiceContext, op: Operator, ambassadorUid: string): Promise<LoyaltyAnswer> {
  const { db } = svc;
  await ensureAmbassador(db, op.companyId, ambassadorUid);
  const { balance, lots, entries } = await batch(db, {
    balance: row<BalanceRow>(db.prepare(`SELECT ${BALANCE_COLUMNS} FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?`)
      .bind(op.companyId, ambassadorUid)),
    lots: rows<OpenLot>(db.prepare(
      `SELECT entry_id AS id, kind, amount, remaining, expire_at, created_at FROM loyalty_lots
        WHERE company_id = ? AND ambassador_uid = ? AND remaining > 0 ORDER BY expire_at IS NULL, expire_at, entry_id`,
    ).bind(op.companyId, ambassadorUid)),
    entries: rows<EntryRow>(db.prepare(`SELECT ${ENTRY_COLUMNS} FROM loyalty_ledger WHERE company_id = ? AND ambassador_uid = ? ORDER BY id DESC LIMIT 50`)
      .bind(op.companyId, ambassadorUid)),
  });
  return { balance, open_lots: lots, entries: entries.map(entryView) };
}

/** POST /v1/operator/loyalty/run - the scheduled job now, for this company only. */
export const runForCompany = (svc: ServiceContext, op: Operator) => runLoyaltyMaintenance(svc, op.companyId);
