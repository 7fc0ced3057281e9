import { z } from 'zod';
import {
  ambassadorCreateSchema, ambassadorListSchema, assetListSchema, assetUpdateSchema, assetUploadSchema, emptySchema, groupMoveSchema,
  importCsvSchema, importQuerySchema,
} from '../../lib/schemas/operator-people';
import type {
  createAmbassador, getAmbassador, inviteAmbassador, listAmbassadors,
} from '../people/ambassadors';
import type { deleteAsset, getAsset, listAssets } from '../people/assets';
import type { importAmbassadors } from '../people/ambassador-import';
import type { Operation } from './operations';
import { components } from './responses';

// OpenAPI rows of the people calls (ambassadors, assets) and their answers. The answers are checked at
// compile time against the services (bottom of the file), like ./responses.ts does for its own.

const isoTime = z.string().describe('ISO 8601 UTC time');
const named = z.object({ uid: z.string(), name: z.string() }).strict();

const ambassadorSchema = z.object({
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

const ambassadorAnswer = z.object({ ambassador: ambassadorSchema }).strict().register(components, { id: 'OperatorAmbassadorAnswer' });
const createAnswer = z.object({ ambassador: ambassadorSchema, invited: z.boolean() }).strict()
  .register(components, { id: 'OperatorAmbassadorCreated' });
const inviteAnswer = z.object({ ambassador: ambassadorSchema, invited: z.literal(true) }).strict()
  .register(components, { id: 'OperatorAmbassadorInvited' });
const ambassadorList = z.object({
  count: z.number().int().describe('How many match the filters'), limit: z.number().int(), offset: z.number().int(),
  results: z.array(ambassadorSchema),
}).strict().register(components, { id: 'OperatorAmbassadorList' });

const importReport = z.object({
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

const assetSchema = z.object({
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
const assetAnswer = z.object({ asset: assetSchema }).strict().register(components, { id: 'OperatorAssetAnswer' });
const assetList = z.object({ count: z.number().int(), limit: z.number().int(), offset: z.number().int(), results: z.array(assetSchema) })
  .strict().register(components, { id: 'OperatorAssetList' });
const assetDeleted = z.object({ uid: z.string(), deleted: z.literal(true) }).strict().register(components, { id: 'OperatorAssetDeleted' });

/** The upload's multipart fields as documented: the route reads the `file` part itself (people-request.ts). */
const assetUploadForm = assetUploadSchema.extend({
  file: z.string().meta({ format: 'binary', description: 'The file: PNG, JPEG, WebP, MP4, WebM, MP3, Ogg, WAV or PDF, at most 5 MB (judged by its bytes)' }),
});

const unknownAmbassador = 'Unknown ambassador uid (or one of another company)';
const unknownAsset = 'Unknown asset uid (or one of another company)';

export const OPERATIONS_PEOPLE: Operation[] = [
  {
    method: 'get', path: '/v1/operator/ambassadors', tag: 'Ambassadors', operationId: 'listAmbassadors', summary: 'List ambassadors',
    description: 'A page of the company\'s ambassadors, newest first. Filters: `email` (part of it), `group` (uid or name), `campaign` ' +
      '(uid or id), `active`. `limit` 1-100 (default 50), `offset`.',
    query: ambassadorListSchema,
    ok: { status: 200, schema: ambassadorList, description: 'The page and the number of matches' },
    errors: {},
  },
  {
    method: 'post', path: '/v1/operator/ambassadors', tag: 'Ambassadors', operationId: 'createAmbassador', summary: 'Create an ambassador',
    description: 'A complete ambassador account as registration makes it (membership and referral link per campaign, notification ' +
      'settings, loyalty balance), without a password. `campaigns` (uids or ids) defaults to the campaigns a registration joins; `[]` ' +
      'joins none. With `invite: true` the set-password e-mail goes out in the ambassador\'s language (else the company default). ' +
      'An e-mail that already has an account is a 400 on `email`. Sends the `ambassador.registered` webhook.',
    body: ambassadorCreateSchema,
    example: {
      email: 'jamie@example.com', first_name: 'Jamie', last_name: 'Rivera', language: 'es', group: 'grp-demo-creators',
      campaigns: ['cmp-demo-main'], invite: true,
    },
    ok: { status: 201, schema: createAnswer, description: 'The new ambassador; `invited` tells whether the e-mail was sent' },
    errors: {},
  },
  {
    method: 'post', path: '/v1/operator/ambassadors/import', tag: 'Ambassadors', operationId: 'importAmbassadors',
    summary: 'Import ambassadors from CSV',
    description: 'Body: the CSV file (`Content-Type: text/csv`, UTF-8). Columns: `email`, `first_name`, `last_name` (required), ' +
      '`group`, `campaigns` (uids or ids separated by `;`), `language`. Every data row gets a line in `rows` (`row` = its line in the ' +
      'file, the header being row 1): `created` with its uid, `skipped` when the e-mail already has an account, or `error` with ' +
      'the reasons per column. A bad row never stops the others, and a row is written whole or not at all. `invite=true` e-mails ' +
      'each new ambassador the set-password link. A missing, unknown or repeated column is a 400 naming it; more than 1000 data ' +
      'rows (or 2 MB) a 413; another content type a 415.',
    query: importQuerySchema,
    body: importCsvSchema,
    contentType: 'text/csv',
    example: 'email,first_name,last_name,group,campaigns,language\r\njamie@example.com,Jamie,Rivera,grp-demo-creators,cmp-demo-main;cmp-demo-summer,es\r\n' +
      '"lee@example.com",Lee,"O\'Neil, Jr.",,,\r\n',
    ok: { status: 200, schema: importReport, description: 'Counts and the report of every data row' },
    errors: {},
    tooLarge: 'more than 1000 data rows, or a file over 2 MB',
  },
  {
    method: 'get', path: '/v1/operator/ambassadors/:uid', tag: 'Ambassadors', operationId: 'getAmbassador', summary: 'Get an ambassador',
    description: 'The ambassador with their group, campaigns and status.',
    ok: { status: 200, schema: ambassadorAnswer, description: 'The ambassador' },
    errors: { 404: unknownAmbassador },
  },
  {
    method: 'post', path: '/v1/operator/ambassadors/:uid/invite', tag: 'Ambassadors', operationId: 'inviteAmbassador',
    summary: 'Send the invitation again',
    description: 'E-mails a new set-password link (valid 72 hours; earlier links stop working). 409 when the ambassador already set a ' +
      'password (they can use "Forgot your password?") or is deactivated.',
    body: emptySchema,
    example: {},
    ok: { status: 200, schema: inviteAnswer, description: 'The e-mail is in the outbox' },
    errors: { 404: unknownAmbassador },
  },
  {
    method: 'post', path: '/v1/operator/ambassadors/:uid/deactivate', tag: 'Ambassadors', operationId: 'deactivateAmbassador',
    summary: 'Deactivate an ambassador',
    description: 'The ambassador can no longer log in, and every session and API token of theirs stops working at once. Their data stays.',
    body: emptySchema,
    example: {},
    ok: { status: 200, schema: ambassadorAnswer, description: 'The ambassador, `active: false`' },
    errors: { 404: unknownAmbassador },
  },
  {
    method: 'post', path: '/v1/operator/ambassadors/:uid/reactivate', tag: 'Ambassadors', operationId: 'reactivateAmbassador',
    summary: 'Reactivate an ambassador',
    description: 'The ambassador can log in again (sessions ended by the deactivation stay ended).',
    body: emptySchema,
    example: {},
    ok: { status: 200, schema: ambassadorAnswer, description: 'The ambassador, `active: true`' },
    errors: { 404: unknownAmbassador },
  },
  {
    method: 'put', path: '/v1/operator/ambassadors/:uid/group', tag: 'Ambassadors', operationId: 'moveAmbassadorToGroup',
    summary: 'Move an ambassador to a group',
    description: '`group`: a group uid or name; `null` takes the ambassador out of every group. What the ambassador sees follows ' +
      '(group-only assets, tabs limited to groups).',
    body: groupMoveSchema,
    example: { group: 'grp-demo-customers' },
    ok: { status: 200, schema: ambassadorAnswer, description: 'The ambassador' },
    errors: { 404: unknownAmbassador },
  },
  {
    method: 'put', path: '/v1/operator/ambassadors/:uid/campaigns/:campaign', tag: 'Ambassadors', operationId: 'joinCampaign',
    summary: 'Add an ambassador to a campaign',
    description: '`campaign`: uid or id. The ambassador gets the campaign\'s referral link (the one kept from an earlier membership, ' +
      'else a new one). Already a member: nothing changes.',
    ok: { status: 200, schema: ambassadorAnswer, description: 'The ambassador' },
    errors: { 404: 'Unknown ambassador or campaign (or one of another company)' },
  },
  {
    method: 'delete', path: '/v1/operator/ambassadors/:uid/campaigns/:campaign', tag: 'Ambassadors', operationId: 'leaveCampaign',
    summary: 'Remove an ambassador from a campaign',
    description: 'Ends the membership: the campaign, its assets and its link leave the ambassador\'s portal. Share links and past ' +
      'clicks, referrals and commissions stay.',
    ok: { status: 200, schema: ambassadorAnswer, description: 'The ambassador' },
    errors: { 404: 'Unknown ambassador or campaign (or one of another company)' },
  },
  {
    method: 'get', path: '/v1/operator/assets', tag: 'Assets', operationId: 'listAssets', summary: 'List assets',
    description: 'A page of the company\'s assets, newest first; filters `campaign` (uid or id) and `group` (uid or name).',
    query: assetListSchema,
    ok: { status: 200, schema: assetList, description: 'The page and the number of matches' },
    errors: {},
  },
  {
    method: 'post', path: '/v1/operator/assets', tag: 'Assets', operationId: 'uploadAsset', summary: 'Upload an asset',
    description: '`multipart/form-data` with a `file` part, `campaign` (uid or id) and optionally `title` (default: the file name) and ' +
      '`group` (only that group of the campaign sees it). The type is judged by the bytes, never the name or declared type: PNG, ' +
      'JPEG, WebP, MP4, WebM, MP3, Ogg (Vorbis, Opus, FLAC), WAV or PDF, at most 5 MB (413 beyond). The file is kept in R2 and ' +
      'shows on the assets page of the campaign\'s members.',
    body: assetUploadForm,
    contentType: 'multipart/form-data',
    example: { file: '(the bytes of spring-brochure.pdf)', campaign: 'cmp-demo-main', title: 'Spring brochure', group: 'grp-demo-creators' },
    ok: { status: 201, schema: assetAnswer, description: 'The stored asset' },
    errors: {},
    tooLarge: 'a file over 5 MB',
  },
  {
    method: 'get', path: '/v1/operator/assets/:uid', tag: 'Assets', operationId: 'getAsset', summary: 'Get an asset',
    description: 'The asset and the URL of its file.',
    ok: { status: 200, schema: assetAnswer, description: 'The asset' },
    errors: { 404: unknownAsset },
  },
  {
    method: 'patch', path: '/v1/operator/assets/:uid', tag: 'Assets', operationId: 'updateAsset', summary: 'Edit an asset',
    description: 'Changes `title`, `campaign` and `group` (`null`: every member of the campaign sees it). The file stays.',
    body: assetUpdateSchema,
    example: { title: 'Spring brochure 2026', campaign: 'cmp-demo-summer', group: null },
    ok: { status: 200, schema: assetAnswer, description: 'The asset' },
    errors: { 404: unknownAsset },
  },
  {
    method: 'delete', path: '/v1/operator/assets/:uid', tag: 'Assets', operationId: 'deleteAsset', summary: 'Delete an asset',
    description: 'Deletes the file from R2, then the asset.',
    ok: { status: 200, schema: assetDeleted, description: 'Deleted' },
    errors: { 404: unknownAsset },
  },
];

// Compile-time: each documented answer infers exactly what its service returns (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
export type _PeopleAnswersMatchServices = [
  Expect<Same<z.infer<typeof ambassadorList>, Answer<typeof listAmbassadors>>>,
  Expect<Same<z.infer<typeof ambassadorAnswer>, Answer<typeof getAmbassador>>>,
  Expect<Same<z.infer<typeof createAnswer>, Answer<typeof createAmbassador>>>,
  Expect<Same<z.infer<typeof inviteAnswer>, Answer<typeof inviteAmbassador>>>,
  Expect<Same<z.infer<typeof importReport>, Answer<typeof importAmbassadors>>>,
  Expect<Same<z.infer<typeof assetAnswer>, Answer<typeof getAsset>>>,
  Expect<Same<z.infer<typeof assetList>, Answer<typeof listAssets>>>,
  Expect<Same<z.infer<typeof assetDeleted>, Answer<typeof deleteAsset>>>,
];
