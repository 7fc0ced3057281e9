import { z } from 'zod';
import { normalizeLanguage, SUPPORTED_LANGUAGES } from '../languages.ts';
import { filePart } from './common.ts';
import { queryInteger } from './numbers.ts';
import { components } from './registry';

// Operator API: a company's ambassadors (create, invite, CSV import, deactivate, move between
// groups and campaigns) and its promotional assets. Messages are keys of src/lib/i18n/en.ts.
//
// A group is named by its uid (or, when no uid matches, by its name if exactly one group has it); a
// campaign by its uid or its numeric id. The CSV import's columns are the create call's fields.

const text = (max: 64 | 255) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, max === 64 ? 'maxChars64' : 'maxChars255');

/** An e-mail as an account stores it: trimmed, lower case. */
export const accountEmail = z.string({ error: 'required' }).trim().toLowerCase().min(1, 'required').max(255, 'maxChars255')
  .pipe(z.email('invalidEmail'));

/** A supported language code in any spelling ("pt", "es_mx"), stored canonically; '' or null: none. */
const language = z.union([z.string(), z.null()], { error: 'invalidField' })
  // Operator-facing (English): the message names the codes the portal has.
  .refine((v) => !v?.trim() || normalizeLanguage(v) !== null, `Unknown language; use one of ${SUPPORTED_LANGUAGES.join(', ')}.`)
  .transform((v) => (v?.trim() ? normalizeLanguage(v) : null));

const groupRef = z.union([z.string().trim().max(255, 'maxChars255'), z.null()], { error: 'invalidField' })
  .transform((v) => v || null);
const campaignRef = z.union([z.string().trim().min(1, 'required').max(64, 'maxChars64'), z.number().int().positive()], { error: 'invalidField' })
  .transform(String);

/** POST /v1/operator/ambassadors */
export const ambassadorCreateSchema = z.object({
  email: accountEmail,
  first_name: text(255),
  last_name: text(255),
  language: language.optional().transform((v) => v ?? null),
  group: groupRef.optional().transform((v) => v ?? null),
  /** Absent: the campaigns a registration joins (active, shown on the dashboard). `[]`: none. */
  campaigns: z.array(campaignRef, { error: 'invalidField' }).max(50, 'invalidField').optional(),
  /** Absent: the company's `register.set_contact_loyalty_on_register`. */
  loyalty_access: z.boolean({ error: 'invalidField' }).optional(),
  /** Send the set-password e-mail now. */
  invite: z.boolean({ error: 'invalidField' }).default(false),
}).strict();
export type AmbassadorCreateInput = z.input<typeof ambassadorCreateSchema>;
export type AmbassadorCreate = z.infer<typeof ambassadorCreateSchema>;

const flag = z.enum(['true', 'false'], { error: 'invalidField' }).transform((v) => v === 'true');
const paging = {
  limit: queryInteger('invalidField', 1, 100).default(50),
  offset: queryInteger('invalidField', 0, Number.MAX_SAFE_INTEGER).default(0),
};

/** How a list of ambassadors is ordered: newest first unless said; `-` reverses. */
export const AMBASSADOR_SORTS = ['-created_at', 'created_at', 'name', '-name', 'email', '-email'] as const;
export type AmbassadorSort = (typeof AMBASSADOR_SORTS)[number];

/** The filters of a list and of its CSV export (all optional). */
const ambassadorFilters = {
  /** Part of the name ("first last") or of the e-mail, case-insensitive. */
  q: z.string().trim().max(255, 'maxChars255').optional(),
  /** Part of the e-mail, case-insensitive. */
  email: z.string().trim().max(255, 'maxChars255').optional(),
  group: z.string().trim().max(255, 'maxChars255').optional(),
  campaign: z.string().trim().max(64, 'maxChars64').optional(),
  active: flag.optional(),
  sort: z.enum(AMBASSADOR_SORTS, { error: 'invalidField' }).default('-created_at'),
};

/** GET /v1/operator/ambassadors: filters (all optional), the order and the page. */
export const ambassadorListSchema = z.object({ ...ambassadorFilters, ...paging });
export type AmbassadorListQuery = z.infer<typeof ambassadorListSchema>;

/** GET /v1/operator/ambassadors/export: the list's filters and order, every matching row. */
export const ambassadorExportSchema = z.object(ambassadorFilters);
export type AmbassadorFilters = z.infer<typeof ambassadorExportSchema>;

export const TIMELINE_KINDS = ['click', 'referral', 'commission', 'payout', 'points', 'cash'] as const;

/** GET /v1/operator/ambassadors/{uid}/timeline: a page, newest first, of every kind or of one. */
export const timelineQuerySchema = z.object({
  kind: z.enum(TIMELINE_KINDS, { error: 'invalidField' }).optional(),
  limit: queryInteger('invalidField', 1, 200).default(50),
  offset: queryInteger('invalidField', 0, 100_000).default(0),
});

/** POST /v1/operator/ambassadors/{uid}/cash_adjustments: a signed amount of the company's cash, with its reason. */
export const cashAdjustmentSchema = z.object({
  /** Minor units of the company currency; + credits, - debits (never below a zero balance). */
  amount: z.number({ error: 'console.ambassadors.amountInvalid' }).int('console.ambassadors.amountInvalid').min(-1_000_000_000, 'console.ambassadors.amountInvalid')
    .max(1_000_000_000, 'console.ambassadors.amountInvalid').refine((n) => n !== 0, 'console.ambassadors.amountInvalid'),
  reason: z.string({ error: 'required' }).trim().min(1, 'required').max(255, 'maxChars255'),
  /** Your own id of this adjustment: the same uid again answers the first one and moves nothing. */
  uid: z.string().trim().regex(/^[\x21-\x7e]{1,100}$/, 'invalidField').optional(),
}).strict();

/** PUT /v1/operator/ambassadors/{uid}/group: `null` takes the ambassador out of every group. */
export const groupMoveSchema = z.object({ group: groupRef }).strict();

/** Deactivate, reactivate, invite: no fields (an empty body or `{}`). */
export const emptySchema = z.object({}).strict();

// CSV import ----------------------------------------------------------------------------------------

export const IMPORT_MAX_ROWS = 1000;
/** Larger than 1000 rows of any sensible width; refused before the body is read. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_REQUIRED_COLUMNS = ['email', 'first_name', 'last_name'] as const;
export const IMPORT_OPTIONAL_COLUMNS = ['group', 'campaigns', 'language'] as const;
export type ImportColumn = (typeof IMPORT_REQUIRED_COLUMNS)[number] | (typeof IMPORT_OPTIONAL_COLUMNS)[number];

/** POST /v1/operator/ambassadors/import?invite=true|false */
export const importQuerySchema = z.object({
  invite: flag.default(false),
  /** Check every row and report what the import would do, writing nothing. */
  dry_run: flag.default(false),
});

/** The CSV body as the OpenAPI document shows it (the route reads the text itself: see people-import.ts). */
export const importCsvSchema = z.string().min(1).describe(
  'UTF-8 CSV (RFC 4180 quoting; a BOM is ignored). Header row: email, first_name, last_name and optionally group, campaigns ' +
  '(campaign uids or ids separated by ";") and language. At most 1000 data rows.',
);

/** One data row of the CSV, cells by column name (missing optional cells are ''). */
export const importRowSchema = z.object({
  email: accountEmail,
  first_name: text(255),
  last_name: text(255),
  group: groupRef,
  campaigns: z.string().transform((v) => v.split(';').map((c) => c.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(64, 'maxChars64')).max(50, 'invalidField')),
  language,
});
export type ImportRow = z.infer<typeof importRowSchema>;

// Assets ---------------------------------------------------------------------------------------------

/** Largest asset file: under the Worker's 6 MB request limit (src/edge/app.ts MAX_BODY_BYTES) with room for the form. */
export const ASSET_MAX_BYTES = 5 * 1024 * 1024;
export const ASSET_FILE_FIELD = 'file';

/** The text fields of POST /v1/operator/assets (multipart; the file is the `file` part). */
export const assetUploadSchema = z.object({
  /** Absent: the file name without its extension. */
  title: z.string().trim().max(255, 'maxChars255').optional(),
  campaign: campaignRef,
  group: groupRef.optional().transform((v) => v ?? null),
}).strict();
export type AssetUpload = z.infer<typeof assetUploadSchema>;

/** PATCH /v1/operator/assets/{uid}: the fields to change (`group: null` shows it to the whole campaign again). */
export const assetUpdateSchema = z.object({
  title: text(255).optional(),
  campaign: campaignRef.optional(),
  group: groupRef.optional(),
}).strict();
export type AssetUpdate = z.infer<typeof assetUpdateSchema>;

/** GET /v1/operator/assets */
export const assetListSchema = z.object({
  campaign: z.string().trim().max(64, 'maxChars64').optional(),
  group: z.string().trim().max(255, 'maxChars255').optional(),
  ...paging,
});
export type AssetListQuery = z.infer<typeof assetListSchema>;

// Answers ---------------------------------------------------------------------------------------------

const isoTime = z.string().describe('ISO 8601 UTC time');
const named = z.object({ uid: z.string(), name: z.string() }).strict();

export const operatorAmbassador = z.object({
  uid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string().nullable().describe('Language of the portal and e-mails; null: the company default'),
  group: named.nullable(),
  campaigns: z.array(z.object({
    campaign_uid: z.string(),
    campaign_id: z.number().int(),
    name: z.string(),
    short_code: z.string().nullable().describe('The referral link: /r/<short_code> on the company portal'),
    joined_at: isoTime,
  }).strict()).describe('Campaigns the ambassador belongs to, oldest membership first'),
  share_code: z.string(),
  active: z.boolean().describe('false once the company deactivated the ambassador: no log in, no session'),
  deactivated_at: isoTime.nullable(),
  deactivated_by_self: z.boolean().describe('The ambassador paused their own account (they can undo it)'),
  has_password: z.boolean().describe('false until the ambassador sets a password from the invitation'),
  loyalty_access: z.boolean(),
  created_at: isoTime,
}).strict().register(components, { id: 'OperatorAmbassador' });

export const operatorAmbassadorAnswer = z.object({ ambassador: operatorAmbassador }).strict().register(components, { id: 'OperatorAmbassadorAnswer' });
export const ambassadorCreatedAnswer = z.object({ ambassador: operatorAmbassador, invited: z.boolean() }).strict()
  .register(components, { id: 'OperatorAmbassadorCreated' });
export const ambassadorInvitedAnswer = z.object({ ambassador: operatorAmbassador, invited: z.literal(true) }).strict()
  .register(components, { id: 'OperatorAmbassadorInvited' });
export const ambassadorListAnswer = z.object({
  count: z.number().int().describe('How many match the filters'), limit: z.number().int(), offset: z.number().int(),
  results: z.array(operatorAmbassador),
}).strict().register(components, { id: 'OperatorAmbassadorList' });

export const importReportAnswer = z.object({
  dry_run: z.boolean().optional().describe('true: nothing was written; `created` rows are those the import would create'),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  rows: z.array(z.object({
    row: z.number().int().describe('Line of the file the row starts on (the header is row 1)'),
    email: z.string(),
    status: z.enum(['created', 'skipped', 'error']).describe('skipped: the e-mail already has an account (or came earlier in the file)'),
    uid: z.string().optional().describe('The new ambassador (created), or the existing one (skipped)'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Per column: what is wrong (status error)'),
  }).strict()),
}).strict().register(components, { id: 'OperatorImportReport' });

/** One thing that happened to an ambassador, as the timeline lists it. */
export const timelineItem = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: isoTime,
  uid: z.string().nullable().describe('The commission\'s or payout\'s uid, or the ledger entry\'s own uid'),
  campaign: z.string().nullable().describe('The campaign\'s name (clicks, referrals, commissions)'),
  status: z.string().nullable().describe('A commission\'s or payout\'s status, a ledger entry\'s type, a click\'s `counted` / `not_counted`'),
  amount: z.number().int().nullable().describe('Minor units of `currency` (commissions, payouts, cash) or points'),
  currency: z.string().nullable(),
  description: z.string().nullable().describe('A ledger entry\'s description, a commission\'s transaction id'),
}).strict().register(components, { id: 'OperatorTimelineItem' });
export const timelineAnswer = z.object({
  limit: z.number().int(), offset: z.number().int(), more: z.boolean().describe('Older items follow'),
  results: z.array(timelineItem),
}).strict().register(components, { id: 'OperatorTimeline' });
export type TimelineItem = z.output<typeof timelineItem>;

/** GET /v1/operator/ambassadors/export: the file (its columns are the endpoint's description). */
export const ambassadorCsvAnswer = z.string().describe('UTF-8 CSV, RFC 4180 quoting, a header row then one row per ambassador')
  .register(components, { id: 'OperatorAmbassadorCsv' });

export const operatorAsset = z.object({
  uid: z.string(),
  title: z.string(),
  campaign: z.object({ uid: z.string(), id: z.number().int(), name: z.string() }).strict(),
  group: named.nullable().describe('Only this group of the campaign sees it; null: every member'),
  file_name: z.string(),
  content_type: z.string().describe('The type found in the bytes'),
  kind: z.enum(['video', 'image', 'audio', 'pdf', 'other']),
  size_bytes: z.number().int(),
  file_url: z.string().describe('Served on the company portal host (/media/...)'),
  created_at: isoTime,
  updated_at: isoTime.nullable(),
}).strict().register(components, { id: 'OperatorAsset' });
export const assetAnswer = z.object({ asset: operatorAsset }).strict().register(components, { id: 'OperatorAssetAnswer' });
export const assetListAnswer = z.object({ count: z.number().int(), limit: z.number().int(), offset: z.number().int(), results: z.array(operatorAsset) })
  .strict().register(components, { id: 'OperatorAssetList' });
export const assetDeletedAnswer = z.object({ uid: z.string(), deleted: z.literal(true) }).strict().register(components, { id: 'OperatorAssetDeleted' });

/** POST /v1/operator/assets as the route reads it: the multipart text fields and the one `file` part. */
export const assetUploadForm = assetUploadSchema.extend({
  file: filePart('The file: PNG, JPEG, WebP, MP4, WebM, MP3, Ogg, WAV or PDF, at most 5 MB (judged by its bytes)'),
});

export type OperatorAmbassadorAnswer = z.output<typeof operatorAmbassadorAnswer>;
export type AmbassadorCreated = z.output<typeof ambassadorCreatedAnswer>;
export type AmbassadorInvited = z.output<typeof ambassadorInvitedAnswer>;
export type AmbassadorList = z.output<typeof ambassadorListAnswer>;
export type ImportReport = z.output<typeof importReportAnswer>;
export type AssetAnswer = z.output<typeof assetAnswer>;
export type AssetList = z.output<typeof assetListAnswer>;
export type AssetDeleted = z.output<typeof assetDeletedAnswer>;
