import { auditCsvRow, auditFilterSchema, auditListAnswer, auditListSchema, auditVerifyAnswer } from '../../lib/schemas/audit';
import { endpoint } from '../core/endpoint';
import { exportAudit, listAudit, verifyAudit } from './log';

// The audit log's operator calls (the console's /console/audit): its entries, their CSV and the chain check.
// Owners and admins only, for a staff session; a company key reads them too.

const TAG = 'Audit log';
const MANAGERS = ['owner', 'admin'] as const;

// GET /v1/operator/audit - the company's entries, newest first, filtered, a page at a time
export const listAuditEndpoint = endpoint({
  method: 'get',
  path: '/operator/audit',
  auth: 'operator',
  staffRoles: MANAGERS,
  operationId: 'listAudit',
  tag: TAG,
  summary: 'List the audit log',
  description: 'Every write of a company key or a staff member (the event stream of sales and sign-ins aside), newest first: who ' +
    '(`actor`), what (`action`: the operation id, `method`, `path`, `input`), the resource `before` and `after`, when and from ' +
    'where (`ip`, `user_agent`). Secrets are never kept ("[redacted]"). Filters: `actor` (a uid or key id, or part of a name, ' +
    'e-mail or key label), `action`, `from` and `to` (UTC days or times). `before` pages on from `next_before`.',
  query: auditListSchema,
  answer: { status: 200, schema: auditListAnswer, description: 'A page of entries' },
  handle: ({ svc, operator, query }) => listAudit(svc, operator, query),
});

// GET /v1/operator/audit/export - the filtered entries as CSV, streamed
export const exportAuditEndpoint = endpoint({
  method: 'get',
  path: '/operator/audit/export',
  auth: 'operator',
  staffRoles: MANAGERS,
  operationId: 'exportAudit',
  tag: TAG,
  summary: 'Export the audit log as CSV',
  description: 'Every entry the filters match (as GET /operator/audit takes them), newest first, as a CSV download streamed as it is ' +
    'read. Cells that a spreadsheet would run as a formula start with an apostrophe.',
  query: auditFilterSchema,
  answer: { status: 200, schema: auditCsvRow, description: 'The CSV file', contentType: 'text/csv' },
  handle: async ({ svc, operator, query }) => exportAudit(svc, operator, query),
});

// GET /v1/operator/audit/verify - check the hash chain
export const verifyAuditEndpoint = endpoint({
  method: 'get',
  path: '/operator/audit/verify',
  auth: 'operator',
  staffRoles: MANAGERS,
  operationId: 'verifyAudit',
  tag: TAG,
  summary: 'Check the audit log\'s chain',
  description: 'Walks the chain in seq order: each entry\'s hash recomputed, each `prev_hash` the previous entry\'s hash, seqs from 1 ' +
    'without a gap, the last entry the head the log keeps. `ok: false` names the first broken entry and why (`edited`, `missing`, ' +
    '`head`). Someone able to write the database can rewrite the whole chain and its head: compare `head` with a copy kept elsewhere.',
  answer: { status: 200, schema: auditVerifyAnswer, description: 'The verdict' },
  handle: ({ svc, operator }) => verifyAudit(svc, operator),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  listAudit: listAuditEndpoint,
  exportAudit: exportAuditEndpoint,
  verifyAudit: verifyAuditEndpoint,
};
