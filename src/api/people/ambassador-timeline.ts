import type { z } from 'zod';
import type { cashAdjustmentSchema, TimelineItem, timelineQuerySchema } from '../../lib/schemas/operator-people';
import type { LoyaltyEntryAnswer } from '../../lib/schemas/loyalty';
import { loadCustomization } from '../companies/customization';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { balanceOf, entryByUid, postLedgerEntry, type EntryRow } from '../money/ledger';
import { mustFind } from './ambassadors';
import { timelineRows } from './operator-queries';

// An ambassador's timeline (what happened to them, newest first) and the operator's cash adjustment, a
// ledger entry of kind `cash` written by the money core's postLedgerEntry (one guarded batch: the balance
// never goes below zero).

/** An operator's own uid of a ledger entry, without the `op:<ambassador>:` scope the ledger keeps it under. */
const ownUid = (uid: string | null) => (uid?.startsWith('op:') ? uid.replace(/^op:[^:]*:/, '') : uid);

/** GET /v1/operator/ambassadors/{uid}/timeline - a page of clicks, referrals, commissions, payouts and ledger entries. */
export async function ambassadorTimeline(svc: ServiceContext, op: Operator, uid: string, q: z.output<typeof timelineQuerySchema>) {
  await mustFind(svc.db, op.companyId, uid);
  const rows = await timelineRows(svc.db, op.companyId, uid, q.kind ?? null, q.limit + 1, q.offset);
  const results: TimelineItem[] = rows.slice(0, q.limit).map((r) => (r.kind === 'points' || r.kind === 'cash' ? { ...r, uid: ownUid(r.uid) } : r));
  return { limit: q.limit, offset: q.offset, more: rows.length > q.limit, results };
}

const entryView = (e: EntryRow) => ({
  ...e, kind: e.kind as 'points' | 'cash', entry_type: e.entry_type as LoyaltyEntryAnswer['entry']['entry_type'], uid: ownUid(e.uid),
});

/**
 * POST /v1/operator/ambassadors/{uid}/cash_adjustments - one `adjust` entry of cash with its reason; a credit
 * opens a lot that lapses as the company's points do, a debit is taken from the open lots or refused whole.
 * The same `uid` again answers the first entry (created: false) and moves nothing.
 */
export async function adjustCash(
  svc: ServiceContext, op: Operator, ambassadorUid: string, input: z.output<typeof cashAdjustmentSchema>,
): Promise<{ created: boolean; body: LoyaltyEntryAnswer }> {
  const { db } = svc;
  await mustFind(db, op.companyId, ambassadorUid);
  // The same namespace as POST .../loyalty/entries: an operator's uid is theirs per ambassador.
  const uid = input.uid ? `op:${ambassadorUid}:${input.uid}` : null;
  if (uid) {
    const existing = await entryByUid(db, op.companyId, uid);
    if (existing) return { created: false, body: { entry: entryView(existing), balance: await balanceOf(db, op.companyId, ambassadorUid) } };
  }
  let expireAt: string | null = null;
  if (input.amount > 0) {
    const days = (await loadCustomization(db, op.companyId)).company.loyalty.points_expire_days;
    expireAt = days > 0 ? new Date(Date.now() + days * 86_400_000).toISOString() : null;
  }
  const { entry, balance } = await postLedgerEntry(db, {
    companyId: op.companyId, ambassadorUid, kind: 'cash', amount: input.amount, description: input.reason, uid, expireAt, entryType: 'adjust',
  });
  return { created: true, body: { entry: entryView(entry), balance } };
}
