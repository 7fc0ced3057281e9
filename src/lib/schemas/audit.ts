import { z } from 'zod';
import { queryInteger } from './numbers.ts';
import { components } from './registry';

// The audit log (src/api/audit/): the operator's filters of its entries, the entries as the API answers them
// and the chain check's verdict. The operator API speaks English, so messages are plain English text.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
const timeMessage = 'A date (YYYY-MM-DD, UTC) or a UTC time (YYYY-MM-DDTHH:MM:SSZ).';

/** A day or an instant; empty is no filter. A day is checked as a calendar date. */
const time = z.string().trim().max(40, timeMessage)
  .refine((v) => v === '' || ((DAY.test(v) || INSTANT.test(v)) && !Number.isNaN(Date.parse(DAY.test(v) ? `${v}T00:00:00Z` : v))), timeMessage)
  .optional()
  .transform((v) => v || null);

/** GET /v1/operator/audit, /audit/export: which entries. */
export const auditFilterSchema = z.object({
  actor: z.string().trim().max(200, 'At most 200 characters.').optional().transform((v) => v || null)
    .describe('A staff member\'s uid or a key\'s id, or part of their name, e-mail or key label'),
  action: z.string().trim().max(100, 'At most 100 characters.').regex(/^[A-Za-z0-9_]*$/, 'An operation id, e.g. approveCommission.').optional()
    .transform((v) => v || null).describe('An operation id of the API reference, e.g. `approveCommission`'),
  from: time.describe('From this day (UTC) or time on'),
  to: time.describe('Up to this day (UTC, the whole day) or before this time'),
});
export type AuditFilterInput = z.input<typeof auditFilterSchema>;

export const auditListSchema = auditFilterSchema.extend({
  limit: queryInteger('A number from 1 to 200.', 1, 200).default(50),
  before: queryInteger('A seq from `next_before`.', 1, Number.MAX_SAFE_INTEGER).optional(),
});

// Answers ------------------------------------------------------------------------------------------

const json = z.unknown().describe('JSON as recorded: keys sorted, secrets "[redacted]", at most 16,000 characters (else `{ "[truncated]": true, chars }`)');

export const auditEntrySchema = z
  .object({
    seq: z.number().int().describe('Position in the company\'s chain, from 1 without gaps'),
    at: z.string().describe('ISO 8601 UTC time of the write'),
    actor: z.object({
      kind: z.enum(['key', 'staff']),
      id: z.string().describe('The key\'s id or the staff member\'s uid'),
      label: z.string().describe('The key\'s prefix and label, or the staff member\'s name and e-mail'),
    }).strict(),
    action: z.string().describe('The operation id (the API reference\'s)'),
    method: z.string(),
    path: z.string(),
    input: json,
    before: json.describe('The resource before (its read endpoint\'s answer), null when there is none'),
    after: json.describe('The write\'s answer'),
    ip: z.string().nullable().describe('The client\'s address as the edge saw it'),
    user_agent: z.string().nullable(),
    prev_hash: z.string().describe('The previous entry\'s hash (empty for the first)'),
    hash: z.string().describe('SHA-256 (hex) of the entry\'s canonical JSON with seq and prev_hash'),
  })
  .strict()
  .register(components, { id: 'AuditEntry' });
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditListAnswer = z
  .object({
    count: z.number().int(),
    results: z.array(auditEntrySchema),
    next_before: z.number().int().nullable().describe('Pass as `before` for the next (older) page; null: no more'),
    actions: z.array(z.string()).describe('Every operation id the company\'s log holds (for a filter)'),
  })
  .strict()
  .register(components, { id: 'AuditEntryList' });
export type AuditEntryList = z.output<typeof auditListAnswer>;

export const AUDIT_BREAKS = ['edited', 'missing', 'head'] as const;

export const auditVerifyAnswer = z
  .object({
    ok: z.boolean(),
    checked: z.number().int().describe('Entries checked, in seq order'),
    broken_at_seq: z.number().int().nullable().describe('The first entry that is not as written (null when ok)'),
    reason: z.enum(AUDIT_BREAKS).nullable().describe(
      'edited: the entry differs from what was hashed (or its successor names another hash); missing: the seq is not there; ' +
      'head: the newest entries are gone (or added) past the head the log keeps',
    ),
    head: z.object({ seq: z.number().int(), hash: z.string() }).strict().nullable().describe('The head the log keeps (keep a copy elsewhere)'),
  })
  .strict()
  .register(components, { id: 'AuditVerification' });
export type AuditVerification = z.output<typeof auditVerifyAnswer>;

export const auditCsvRow = z.string().describe('CSV (RFC 4180): seq, at, actor kind, actor id, actor, action, method, path, ip, user agent, input, before, after, hash').register(components, { id: 'AuditCsv' });
