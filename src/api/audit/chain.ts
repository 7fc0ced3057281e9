import { sha256Hex } from '../core/crypto';
import { canonicalJson } from './redact';

/**
 * The audit log's hash chain (migrations/0031_audit_log.sql): an entry's hash is SHA-256 (hex) over the
 * canonical JSON of every column but the hash itself, its `seq` and `prev_hash` among them, so an entry
 * cannot be edited, moved or dropped without the chain showing it. `input`, `before` and `after` are
 * hashed as the JSON text stored, so the check reads exactly what the row holds.
 */
export interface ChainedFields {
  company_id: string;
  seq: number;
  at: string;
  actor_kind: string;
  actor_id: string;
  actor_label: string;
  action: string;
  method: string;
  path: string;
  input: string;
  before_json: string;
  after_json: string;
  ip: string | null;
  user_agent: string | null;
  prev_hash: string;
}

/** The first entry's `prev_hash`, and the head of a company with no entry yet. */
export const GENESIS = '';

export function entryHash(e: ChainedFields): Promise<string> {
  return sha256Hex(canonicalJson({
    company_id: e.company_id, seq: e.seq, at: e.at, actor_kind: e.actor_kind, actor_id: e.actor_id, actor_label: e.actor_label,
    action: e.action, method: e.method, path: e.path, input: e.input, before: e.before_json, after: e.after_json,
    ip: e.ip, user_agent: e.user_agent, prev_hash: e.prev_hash,
  }));
}
