import type { RecordWrite } from '../core/writes';
import { GENESIS, entryHash } from './chain';
import { appendStatements, headRow, type AuditRow } from './queries';
import { storedJson } from './redact';

/** How often an append that lost the race to another writer reads the head again before it gives up. */
const ATTEMPTS = 12;
const MAX_TEXT = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clip = (text: string | null) => (text === null ? null : text.slice(0, MAX_TEXT));

/**
 * The audit log's `RecordWrite` (src/api/core/writes.ts): a successful write of a company key or a staff
 * member becomes the next entry of its company's chain. Who (the actor), what (the operation, method and
 * path, the input), the resource before and after (secrets redacted, sizes capped), when, and from where
 * (the client's address and user agent the edge named). The company is the tenant of the request's host,
 * which a key and a staff session both must match.
 *
 * D1 has no interactive transaction: the head is read, the entry hashed onto it, and one guarded batch writes
 * the row and moves the head only if the head is still the one read. A lost race (a guard miss, or the
 * primary key taken) reads the head again, a few times with a short random pause. Any other failure of the
 * log's D1 statements is thrown: the request answers 500 and the caller knows something went wrong.
 */
export const recordAudit: RecordWrite = async (svc, write) => {
  const companyId = svc.tenantCompanyId;
  if (!companyId) return;
  const fields = {
    company_id: companyId, at: new Date().toISOString(), actor_kind: write.actor.kind, actor_id: write.actor.id,
    actor_label: clip(write.actor.label) ?? '', action: write.operationId, method: write.method, path: clip(write.path) ?? '',
    input: storedJson(write.input), before_json: storedJson(write.before), after_json: storedJson(write.after),
    ip: clip(svc.clientIp), user_agent: clip(svc.userAgent),
  };
  let lastError: unknown = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(Math.random() * 10 * attempt);
    const head = await headRow(svc.db, companyId);
    const entry: Omit<AuditRow, 'hash'> = { ...fields, seq: (head?.seq ?? 0) + 1, prev_hash: head?.hash ?? GENESIS };
    const row: AuditRow = { ...entry, hash: await entryHash(entry) };
    try {
      const { appended, moved } = await appendStatements(svc.db, row);
      if (appended === 1 && moved === 1) return;
    } catch (err) {
      // Another writer took this seq (the row's primary key): read the head again.
      if (!/UNIQUE|constraint/i.test(String(err))) throw err;
      lastError = err;
    }
  }
  // The write itself is done and its answer true: failing the request now would make the caller retry a change
  // that happened. The missing entry is logged where the deployment's logs are read.
  console.error(`audit log: could not append ${write.operationId} (${write.path}) for ${companyId} after ${ATTEMPTS} attempts`, lastError);
};
