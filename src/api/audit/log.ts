import type { z } from 'zod';
import type { AuditEntry, AuditEntryList, auditFilterSchema, auditListSchema, AuditVerification } from '../../lib/schemas/audit';
import { streamReply, type Reply } from '../core/endpoint';
import { batch, rows } from '../core/named-batch';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { csvCell, csvLine } from '../tables/csv';
import { GENESIS, entryHash } from './chain';
import { actionsStatement, chainPageStatement, entryPageStatement, headRow, type AuditFilter, type AuditRow } from './queries';

// The operator's reads of the audit log: a page of entries (newest first), the CSV of every entry the
// filters match, and the chain check.

const EXPORT_PAGE = 500;
const VERIFY_PAGE = 1000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000).toISOString();
const instant = (v: string) => new Date(v).toISOString();

/** The filters as the query compares them: a day `to` counts whole (up to the next day's start). */
export function filterOf(q: z.output<typeof auditFilterSchema>): AuditFilter {
  return {
    actor: q.actor,
    action: q.action,
    from: q.from === null ? null : DAY.test(q.from) ? dayStart(q.from) : instant(q.from),
    to: q.to === null ? null : DAY.test(q.to) ? dayStart(q.to, 1) : instant(q.to),
  };
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const entryView = (r: AuditRow): AuditEntry => ({
  seq: r.seq, at: r.at, actor: { kind: r.actor_kind as 'key' | 'staff', id: r.actor_id, label: r.actor_label },
  action: r.action, method: r.method, path: r.path, input: parsed(r.input), before: parsed(r.before_json), after: parsed(r.after_json),
  ip: r.ip, user_agent: r.user_agent, prev_hash: r.prev_hash, hash: r.hash,
});

/** GET /v1/operator/audit - a page of the company's entries matching the filters, newest first. */
export async function listAudit(svc: ServiceContext, op: Operator, q: z.output<typeof auditListSchema>): Promise<AuditEntryList> {
  const { page, actions } = await batch(svc.db, {
    page: rows<AuditRow>(entryPageStatement(svc.db, op.companyId, filterOf(q), q.before ?? null, q.limit + 1)),
    actions: rows<{ action: string }>(actionsStatement(svc.db, op.companyId)),
  });
  const results = page.slice(0, q.limit).map(entryView);
  return { count: results.length, results, next_before: page.length > q.limit ? results.at(-1)!.seq : null, actions: actions.map((a) => a.action) };
}

const CSV_HEADINGS = ['seq', 'at', 'actor_kind', 'actor_id', 'actor', 'action', 'method', 'path', 'ip', 'user_agent', 'input', 'before', 'after', 'prev_hash', 'hash'];

const csvRow = (r: AuditRow) => csvLine([
  csvCell(r.seq, true), csvCell(r.at), csvCell(r.actor_kind), csvCell(r.actor_id), csvCell(r.actor_label), csvCell(r.action), csvCell(r.method),
  csvCell(r.path), csvCell(r.ip), csvCell(r.user_agent), csvCell(r.input), csvCell(r.before_json), csvCell(r.after_json), csvCell(r.prev_hash), csvCell(r.hash),
]);

/**
 * GET /v1/operator/audit/export - every entry the filters match, newest first, as CSV read from D1 page by page
 * as the reader pulls (memory stays flat). Cells a spreadsheet would run as a formula get a leading apostrophe
 * (src/api/tables/csv.ts).
 */
export function exportAudit(svc: ServiceContext, op: Operator, q: z.output<typeof auditFilterSchema>): Reply<string> {
  const filter = filterOf(q);
  const encoder = new TextEncoder();
  let before: number | null = null;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(CSV_HEADINGS)));
        return;
      }
      const { results } = await entryPageStatement(svc.db, op.companyId, filter, before, EXPORT_PAGE).all<AuditRow>();
      if (results.length) controller.enqueue(encoder.encode(results.map(csvRow).join('')));
      if (results.length < EXPORT_PAGE) controller.close();
      else before = results.at(-1)!.seq;
    },
  }, { highWaterMark: 0 });
  return streamReply(stream, 'text/csv; charset=utf-8', {
    'content-disposition': `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
    'cache-control': 'private, no-store',
  }) as Reply<string>;
}

/**
 * GET /v1/operator/audit/verify - walks the company's chain in seq order: each entry's hash recomputed from
 * its columns (else `edited` at it), its `prev_hash` the previous entry's hash (else that previous entry was
 * rewritten with a hash of its own: `edited` at it), seqs from 1 without a gap (else `missing` at the first
 * absent one), and the last entry the head the log keeps (else `head`: the newest entries were removed, or
 * rows added past the head).
 */
export async function verifyAudit(svc: ServiceContext, op: Operator): Promise<AuditVerification> {
  const head = await headRow(svc.db, op.companyId);
  const headView = head ? { seq: head.seq, hash: head.hash } : null;
  let checked = 0;
  let prev: { seq: number; hash: string } = { seq: 0, hash: GENESIS };
  const broken = (seq: number, reason: 'edited' | 'missing' | 'head'): AuditVerification =>
    ({ ok: false, checked, broken_at_seq: seq, reason, head: headView });
  for (;;) {
    const { results } = await chainPageStatement(svc.db, op.companyId, prev.seq, VERIFY_PAGE).all<AuditRow>();
    for (const r of results) {
      if (r.seq !== prev.seq + 1) return broken(prev.seq + 1, 'missing');
      if ((await entryHash(r)) !== r.hash) return broken(r.seq, 'edited');
      if (r.prev_hash !== prev.hash) return broken(prev.seq, 'edited');
      checked++;
      prev = { seq: r.seq, hash: r.hash };
    }
    if (results.length < VERIFY_PAGE) break;
  }
  const headSeq = head?.seq ?? 0;
  // The same seq with another hash: the newest entry or the head was rewritten; else the first entry beyond the shorter.
  if (headSeq === prev.seq && (head?.hash ?? GENESIS) !== prev.hash) return broken(prev.seq, 'head');
  if (headSeq !== prev.seq) return broken(Math.min(headSeq, prev.seq) + 1, 'head');
  return { ok: true, checked, broken_at_seq: null, reason: null, head: headView };
}
