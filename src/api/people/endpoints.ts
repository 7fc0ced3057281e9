import { notificationsUpdateSchema, optoutSchema } from '../../lib/schemas/notifications';
import {
  ambassadorCreatedAnswer, ambassadorCreateSchema, ambassadorCsvAnswer, ambassadorExportSchema, ambassadorInvitedAnswer, ambassadorListAnswer, ambassadorListSchema,
  assetAnswer, assetDeletedAnswer, assetListAnswer, assetListSchema, assetUpdateSchema, assetUploadForm, cashAdjustmentSchema, emptySchema,
  groupMoveSchema, importCsvSchema, importQuerySchema, importReportAnswer, operatorAmbassadorAnswer, timelineAnswer, timelineQuerySchema,
} from '../../lib/schemas/operator-people';
import { loyaltyEntryAnswer } from '../../lib/schemas/loyalty';
import {
  activeAnswer, companyAmbassadorsAnswer, notificationsAnswer, optoutAnswer, profileAnswer, userAnswer,
} from '../../lib/schemas/people';
import { activeSchema, AVATAR_FIELD, profileUpdateSchema } from '../../lib/schemas/profile';
import { filePart, hostQuery } from '../../lib/schemas/common';
import { endpoint, reply } from '../core/endpoint';
import {
  createAmbassador, deactivateAmbassador, getAmbassador, inviteAmbassador, joinCampaign, leaveCampaign, listAmbassadors, moveToGroup,
  reactivateAmbassador,
} from './ambassadors';
import { exportAmbassadors } from './ambassador-export';
import { importAmbassadors } from './ambassador-import';
import { adjustCash, ambassadorTimeline } from './ambassador-timeline';
import { deleteAsset, getAsset, listAssets, updateAsset, uploadAssetFile } from './assets';
import { updateProfile } from './edit';
import { assetFingerprint, readAssetUpload, readCsvText } from './operator-request';
import { optOut } from './optout';
import { readActiveBody, readNotificationsBody, readProfileBody, splitAvatar } from './profile-request';
import { companyAmbassadors, getNotifications, getProfile, getUser, setActive, updateNotifications } from './service';

// People: the signed-in ambassador's user record, profile, notification settings and account state, the
// unsubscribe link (spec §7), and the operator API's ambassadors and assets.

const notYours = 'Not the caller\'s own';

// GET /v1/users/{id}/ - the caller's own user record
export const userEndpoint = endpoint({
  method: 'get',
  path: '/users/:id/',
  auth: 'ambassador',
  own: { id: 'user' },
  operationId: 'user',
  tag: 'Profile',
  summary: 'The signed-in user',
  description: 'The caller\'s user record: e-mail, names, loyalty access.',
  answer: { status: 200, schema: userAnswer, description: 'The user' },
  errors: { 404: notYours },
  handle: async ({ caller }) => getUser(caller),
});

// GET /v1/companies/{id}/ambassadors/ - the caller's ambassador within their company (exactly one)
export const companyAmbassadorsEndpoint = endpoint({
  method: 'get',
  path: '/companies/:id/ambassadors/',
  auth: 'ambassador',
  own: { id: 'company' },
  operationId: 'companyAmbassadors',
  tag: 'Profile',
  summary: 'The signed-in ambassador as the company lists it',
  description: 'The company\'s ambassadors as the caller may see them: exactly one, the caller.',
  answer: { status: 200, schema: companyAmbassadorsAnswer, description: 'A list of one' },
  errors: { 404: notYours },
  handle: async ({ caller }) => companyAmbassadors(caller),
});

// GET /v1/portal/ambassadors/{id}/ - the caller's full profile
export const profileEndpoint = endpoint({
  method: 'get',
  path: '/portal/ambassadors/:id/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'profile',
  tag: 'Profile',
  summary: 'The signed-in ambassador\'s profile',
  description: 'The whole profile of spec §3: personal fields, campaigns and referral links, payout preference, loyalty standing ' +
    '(points, cash, tier, badges). Campaigns, tiers and badges are named in the caller\'s language where the company wrote them.',
  answer: { status: 200, schema: profileAnswer, description: 'The profile' },
  errors: { 404: notYours },
  handle: ({ svc, caller }) => getProfile(svc, caller),
});

// PATCH /v1/portal/ambassadors/{id}/ - edit the profile; multipart with an `avatar` file changes the avatar
export const updateProfileEndpoint = endpoint({
  method: 'patch',
  path: '/portal/ambassadors/:id/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'updateProfile',
  tag: 'Profile',
  summary: 'Edit the profile',
  description: 'Some profile fields (JSON, a form, or `multipart/form-data`); `\'\'` or null clears an optional one. A multipart `' +
    AVATAR_FIELD + '` file part is the new picture: PNG, JPEG or WebP judged by its bytes. Nothing is stored when any field or the ' +
    'file is refused. Answers the whole profile.',
  body: profileUpdateSchema.extend({ [AVATAR_FIELD]: filePart('The new picture (multipart): PNG, JPEG or WebP').optional() }),
  parseIn: 'handler',
  readRequest: readProfileBody,
  example: { first_name: 'Ava', city: 'Lisbon', facebook_url: '' },
  answer: { status: 200, schema: profileAnswer, description: 'The profile as changed' },
  errors: { 404: notYours },
  handle: ({ svc, caller, body }) => {
    const { fields, avatar } = splitAvatar(body);
    return updateProfile(svc, caller, fields, avatar);
  },
});

// PATCH /v1/ambassadors/{id}/active/ - deactivate or reactivate one's own account
export const setActiveEndpoint = endpoint({
  method: 'patch',
  path: '/ambassadors/:id/active/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'setActive',
  tag: 'Profile',
  summary: 'Deactivate or reactivate one\'s account',
  description: '`deactivated_by_self: true` pauses the account (and ends the person\'s other sessions); `false` reactivates it.',
  body: activeSchema,
  parseIn: 'handler',
  readRequest: readActiveBody,
  example: { deactivated_by_self: true },
  answer: { status: 200, schema: activeAnswer, description: 'The account\'s state' },
  errors: { 404: notYours },
  handle: ({ svc, caller, body }) => setActive(svc, caller, body),
});

// GET /v1/ambassadors/{id}/notifications/ - which e-mails the ambassador receives (spec §3 options)
export const notificationsEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:id/notifications/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'notifications',
  tag: 'Profile',
  summary: 'Notification settings',
  description: 'Which e-mails the caller receives (spec §3 options).',
  answer: { status: 200, schema: notificationsAnswer, description: 'The settings' },
  errors: { 404: notYours },
  handle: ({ svc, caller }) => getNotifications(svc, caller),
});

// PATCH /v1/ambassadors/{id}/notifications/ - change some of them; the answer is the whole set
export const updateNotificationsEndpoint = endpoint({
  method: 'patch',
  path: '/ambassadors/:id/notifications/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'updateNotifications',
  tag: 'Profile',
  summary: 'Change notification settings',
  description: 'Some of the options (JSON booleans); the answer is the whole set.',
  body: notificationsUpdateSchema,
  parseIn: 'handler',
  readRequest: readNotificationsBody,
  example: { commission_denied: false },
  answer: { status: 200, schema: notificationsAnswer, description: 'The settings as changed' },
  errors: { 404: notYours },
  handle: ({ svc, caller, body }) => updateNotifications(svc, caller, body),
});

// POST /v1/optout/?host= - unsubscribe from an e-mailed link (code, action, email_template); no login
export const optoutEndpoint = endpoint({
  method: 'post',
  path: '/optout/',
  auth: 'public',
  operationId: 'optout',
  tag: 'Profile',
  summary: 'Unsubscribe from an e-mailed link',
  description: 'Applies the e-mail preference chosen on an unsubscribe link (spec §3): `stop_email` turns every notification ' +
    'e-mail off, `stop_all` also deactivates the account, `keep_participating` turns e-mail back on. `host`: the portal\'s host.',
  query: hostQuery,
  body: optoutSchema,
  example: { code: 'f3a9c2', action: 'stop_email', email_template: 'commission_approved' },
  answer: { status: 200, schema: optoutAnswer, description: 'The preference now in force' },
  errors: { 404: 'No company serves `host`' },
  handle: ({ svc, query, body }) => optOut(svc, query.host, body),
});

// Operator API -------------------------------------------------------------------------------------------

const unknownAmbassador = 'Unknown ambassador uid (or one of another company)';
const unknownAsset = 'Unknown asset uid (or one of another company)';

// GET /v1/operator/ambassadors - a page of the company's ambassadors (filters: q, email, group, campaign, active; sort)
export const listAmbassadorsEndpoint = endpoint({
  method: 'get', path: '/operator/ambassadors', auth: 'operator', tag: 'Ambassadors', operationId: 'listAmbassadors', summary: 'List ambassadors',
  description: 'A page of the company\'s ambassadors. Filters: `q` (part of the name or the e-mail), `email` (part of it), `group` ' +
    '(uid or name), `campaign` (uid or id), `active`. `sort`: `-created_at` (newest first, the default), `created_at`, `name`, ' +
    '`-name`, `email`, `-email`. `limit` 1-100 (default 50), `offset`.',
  query: ambassadorListSchema,
  answer: { status: 200, schema: ambassadorListAnswer, description: 'The page and the number of matches' },
  errors: {},
  handle: ({ svc, operator, query }) => listAmbassadors(svc, operator, query),
});

// POST /v1/operator/ambassadors - create an ambassador (and, with invite, e-mail the set-password link)
export const createAmbassadorEndpoint = endpoint({
  method: 'post', path: '/operator/ambassadors', auth: 'operator', tag: 'Ambassadors', operationId: 'createAmbassador', summary: 'Create an ambassador',
  description: 'A complete ambassador account as registration makes it (membership and referral link per campaign, notification ' +
    'settings, loyalty balance), without a password. `campaigns` (uids or ids) defaults to the campaigns a registration joins; `[]` ' +
    'joins none. With `invite: true` the set-password e-mail goes out in the ambassador\'s language (else the company default). ' +
    'An e-mail that already has an account is a 400 on `email`. Sends the `ambassador.registered` webhook.',
  body: ambassadorCreateSchema,
  example: {
    email: 'jamie@example.com', first_name: 'Jamie', last_name: 'Rivera', language: 'es', group: 'grp-demo-creators',
    campaigns: ['cmp-demo-main'], invite: true,
  },
  answer: { status: 201, schema: ambassadorCreatedAnswer, description: 'The new ambassador; `invited` tells whether the e-mail was sent' },
  errors: {},
  handle: ({ svc, operator, body }) => createAmbassador(svc, operator, body),
});

// POST /v1/operator/ambassadors/import?invite=true|false - ambassadors from a CSV file, with a per-row report
export const importAmbassadorsEndpoint = endpoint({
  method: 'post', path: '/operator/ambassadors/import', auth: 'operator', tag: 'Ambassadors', operationId: 'importAmbassadors',
  summary: 'Import ambassadors from CSV',
  description: 'Body: the CSV file (`Content-Type: text/csv`, UTF-8). Columns: `email`, `first_name`, `last_name` (required), ' +
    '`group`, `campaigns` (uids or ids separated by `;`), `language`. Every data row gets a line in `rows` (`row` = its line in the ' +
    'file, the header being row 1): `created` with its uid, `skipped` when the e-mail already has an account, or `error` with ' +
    'the reasons per column. A bad row never stops the others, and a row is written whole or not at all. `invite=true` e-mails ' +
    'each new ambassador the set-password link. A missing, unknown or repeated column is a 400 naming it; more than 1000 data ' +
    'rows (or 2 MB) a 413; another content type a 415. `dry_run=true` checks every row against the company and reports what the ' +
    'import would do (`created`: would be created, without a uid) and writes nothing, sends nothing.',
  query: importQuerySchema,
  body: importCsvSchema,
  // The importer reports on the file itself (an empty one too): the route only reads the text.
  parseIn: 'handler',
  readRequest: readCsvText,
  idempotencyText: (csv, query) => `invite=${query.invite}\ndry_run=${query.dry_run}\n${csv}`,
  contentType: 'text/csv',
  example: 'email,first_name,last_name,group,campaigns,language\r\njamie@example.com,Jamie,Rivera,grp-demo-creators,cmp-demo-main;cmp-demo-summer,es\r\n' +
    '"lee@example.com",Lee,"O\'Neil, Jr.",,,\r\n',
  answer: { status: 200, schema: importReportAnswer, description: 'Counts and the report of every data row' },
  errors: {},
  tooLarge: 'more than 1000 data rows, or a file over 2 MB',
  handle: ({ svc, operator, query, body }) => importAmbassadors(svc, operator, body, query.invite, query.dry_run),
});

// GET /v1/operator/ambassadors/export - the filtered list as a CSV file, streamed
export const exportAmbassadorsEndpoint = endpoint({
  method: 'get', path: '/operator/ambassadors/export', auth: 'operator', tag: 'Ambassadors', operationId: 'exportAmbassadors',
  summary: 'Export ambassadors as CSV',
  description: 'Every ambassador the list\'s filters (`q`, `email`, `group`, `campaign`, `active`) match, in its `sort`, as a CSV ' +
    'download (`text/csv`, UTF-8, RFC 4180 quoting), streamed as it is read. Columns: `email`, `first_name`, `last_name`, `group` ' +
    '(uid), `campaigns` (uids separated by `;`), `language` (the import\'s, so the file can be imported again), then `uid`, ' +
    '`active`, `has_password`, `created_at`. A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) starts ' +
    'with an apostrophe.',
  query: ambassadorExportSchema,
  answer: { status: 200, schema: ambassadorCsvAnswer, description: 'The CSV file', contentType: 'text/csv' },
  errors: {},
  handle: ({ svc, operator, query }) => exportAmbassadors(svc, operator, query),
});

// GET /v1/operator/ambassadors/{uid}
export const getAmbassadorEndpoint = endpoint({
  method: 'get', path: '/operator/ambassadors/:uid', auth: 'operator', tag: 'Ambassadors', operationId: 'getAmbassador', summary: 'Get an ambassador',
  description: 'The ambassador with their group, campaigns and status.',
  answer: { status: 200, schema: operatorAmbassadorAnswer, description: 'The ambassador' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params }) => getAmbassador(svc, operator, params.uid),
});

// POST /v1/operator/ambassadors/{uid}/invite - (re)send the set-password e-mail
export const inviteAmbassadorEndpoint = endpoint({
  method: 'post', path: '/operator/ambassadors/:uid/invite', auth: 'operator', tag: 'Ambassadors', operationId: 'inviteAmbassador',
  summary: 'Send the invitation again',
  description: 'E-mails a new set-password link (valid 72 hours; earlier links stop working). 409 when the ambassador already set a ' +
    'password (they can use "Forgot your password?") or is deactivated.',
  body: emptySchema,
  example: {},
  answer: { status: 200, schema: ambassadorInvitedAnswer, description: 'The e-mail is in the outbox' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params }) => inviteAmbassador(svc, operator, params.uid),
});

// POST /v1/operator/ambassadors/{uid}/deactivate - no log in, every session ends
export const deactivateAmbassadorEndpoint = endpoint({
  method: 'post', path: '/operator/ambassadors/:uid/deactivate', auth: 'operator', tag: 'Ambassadors', operationId: 'deactivateAmbassador',
  summary: 'Deactivate an ambassador',
  description: 'The ambassador can no longer log in, and every session and API token of theirs stops working at once. Their data stays.',
  body: emptySchema,
  example: {},
  answer: { status: 200, schema: operatorAmbassadorAnswer, description: 'The ambassador, `active: false`' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params }) => deactivateAmbassador(svc, operator, params.uid),
});

// POST /v1/operator/ambassadors/{uid}/reactivate
export const reactivateAmbassadorEndpoint = endpoint({
  method: 'post', path: '/operator/ambassadors/:uid/reactivate', auth: 'operator', tag: 'Ambassadors', operationId: 'reactivateAmbassador',
  summary: 'Reactivate an ambassador',
  description: 'The ambassador can log in again (sessions ended by the deactivation stay ended).',
  body: emptySchema,
  example: {},
  answer: { status: 200, schema: operatorAmbassadorAnswer, description: 'The ambassador, `active: true`' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params }) => reactivateAmbassador(svc, operator, params.uid),
});

// PUT /v1/operator/ambassadors/{uid}/group - move to a group ({ group: null }: out of every group)
export const moveAmbassadorToGroupEndpoint = endpoint({
  method: 'put', path: '/operator/ambassadors/:uid/group', auth: 'operator', tag: 'Ambassadors', operationId: 'moveAmbassadorToGroup',
  summary: 'Move an ambassador to a group',
  description: '`group`: a group uid or name; `null` takes the ambassador out of every group. What the ambassador sees follows ' +
    '(group-only assets, tabs limited to groups).',
  body: groupMoveSchema,
  example: { group: 'grp-demo-customers' },
  answer: { status: 200, schema: operatorAmbassadorAnswer, description: 'The ambassador' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params, body }) => moveToGroup(svc, operator, params.uid, body),
});

// PUT /v1/operator/ambassadors/{uid}/campaigns/{campaign} - join a campaign (uid or id)
export const joinCampaignEndpoint = endpoint({
  method: 'put', path: '/operator/ambassadors/:uid/campaigns/:campaign', auth: 'operator', tag: 'Ambassadors', operationId: 'joinCampaign',
  summary: 'Add an ambassador to a campaign',
  description: '`campaign`: uid or id. The ambassador gets the campaign\'s referral link (the one kept from an earlier membership, ' +
    'else a new one). Already a member: nothing changes.',
  answer: { status: 200, schema: operatorAmbassadorAnswer, description: 'The ambassador' },
  errors: { 404: 'Unknown ambassador or campaign (or one of another company)' },
  handle: ({ svc, operator, params }) => joinCampaign(svc, operator, params.uid, params.campaign),
});

// DELETE /v1/operator/ambassadors/{uid}/campaigns/{campaign} - leave a campaign
export const leaveCampaignEndpoint = endpoint({
  method: 'delete', path: '/operator/ambassadors/:uid/campaigns/:campaign', auth: 'operator', tag: 'Ambassadors', operationId: 'leaveCampaign',
  summary: 'Remove an ambassador from a campaign',
  description: 'Ends the membership: the campaign, its assets and its link leave the ambassador\'s portal. Share links and past ' +
    'clicks, referrals and commissions stay.',
  answer: { status: 200, schema: operatorAmbassadorAnswer, description: 'The ambassador' },
  errors: { 404: 'Unknown ambassador or campaign (or one of another company)' },
  handle: ({ svc, operator, params }) => leaveCampaign(svc, operator, params.uid, params.campaign),
});

// GET /v1/operator/ambassadors/{uid}/timeline - clicks, referrals, commissions, payouts and ledger entries, newest first
export const ambassadorTimelineEndpoint = endpoint({
  method: 'get', path: '/operator/ambassadors/:uid/timeline', auth: 'operator', tag: 'Ambassadors', operationId: 'ambassadorTimeline',
  summary: 'What happened to an ambassador',
  description: 'The ambassador\'s clicks, referrals, commissions, payouts and points and cash ledger entries in one list, newest ' +
    'first; `kind` (`click`, `referral`, `commission`, `payout`, `points`, `cash`) keeps one kind. `limit` 1-200 (default 50), ' +
    '`offset`; `more` says whether older items follow.',
  query: timelineQuerySchema,
  answer: { status: 200, schema: timelineAnswer, description: 'A page of the timeline' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params, query }) => ambassadorTimeline(svc, operator, params.uid, query),
});

// POST /v1/operator/ambassadors/{uid}/cash_adjustments - credit or debit cash with a reason; 201, or 200 for a uid already posted
export const adjustAmbassadorCashEndpoint = endpoint({
  method: 'post', path: '/operator/ambassadors/:uid/cash_adjustments', auth: 'operator', tag: 'Ambassadors', operationId: 'adjustAmbassadorCash',
  summary: 'Adjust an ambassador\'s cash',
  description: 'One `adjust` entry of the cash ledger: `amount` in minor units of the company currency (+ credits, - debits), ' +
    '`reason` (required, kept as the entry\'s description). A debit the open cash cannot cover is refused whole (400 ' +
    '`notEnoughFunds`). The same `uid` again answers 200 with the first entry and moves nothing. Staff: owners, admins and ' +
    'finance, with a second factor of the last 10 minutes.',
  staffRoles: ['owner', 'admin', 'finance'],
  stepUp: true,
  body: cashAdjustmentSchema,
  example: { amount: -1500, reason: 'Duplicate bonus of March', uid: 'fix-2026-03-ava' },
  answer: { status: 201, schema: loyaltyEntryAnswer, description: 'The entry and the balances after it' },
  alsoOk: { status: 200, description: 'An entry with this uid already exists: the first one, nothing moved' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params, body }) =>
    adjustCash(svc, operator, params.uid, body).then(({ created, body: answer }) => reply(answer, created ? 201 : 200)),
});

// GET /v1/operator/assets - a page of the company's assets (filters: campaign, group)
export const listAssetsEndpoint = endpoint({
  method: 'get', path: '/operator/assets', auth: 'operator', tag: 'Assets', operationId: 'listAssets', summary: 'List assets',
  description: 'A page of the company\'s assets, newest first; filters `campaign` (uid or id) and `group` (uid or name).',
  query: assetListSchema,
  answer: { status: 200, schema: assetListAnswer, description: 'The page and the number of matches' },
  errors: {},
  handle: ({ svc, operator, query }) => listAssets(svc, operator, query),
});

// POST /v1/operator/assets - upload an asset (multipart: file, campaign, title?, group?)
export const uploadAssetEndpoint = endpoint({
  method: 'post', path: '/operator/assets', auth: 'operator', tag: 'Assets', operationId: 'uploadAsset', summary: 'Upload an asset',
  description: '`multipart/form-data` with a `file` part, `campaign` (uid or id) and optionally `title` (default: the file name) and ' +
    '`group` (only that group of the campaign sees it). The type is judged by the bytes, never the name or declared type: PNG, ' +
    'JPEG, WebP, MP4, WebM, MP3, Ogg (Vorbis, Opus, FLAC), WAV or PDF, at most 5 MB (413 beyond). The file is kept in R2 and ' +
    'shows on the assets page of the campaign\'s members.',
  body: assetUploadForm,
  readRequest: readAssetUpload,
  idempotencyText: assetFingerprint,
  contentType: 'multipart/form-data',
  example: { file: '(the bytes of spring-brochure.pdf)', campaign: 'cmp-demo-main', title: 'Spring brochure', group: 'grp-demo-creators' },
  answer: { status: 201, schema: assetAnswer, description: 'The stored asset' },
  errors: {},
  tooLarge: 'a file over 5 MB',
  handle: ({ svc, operator, body }) => uploadAssetFile(svc, operator, body),
});

// GET /v1/operator/assets/{uid}
export const getAssetEndpoint = endpoint({
  method: 'get', path: '/operator/assets/:uid', auth: 'operator', tag: 'Assets', operationId: 'getAsset', summary: 'Get an asset',
  description: 'The asset and the URL of its file.',
  answer: { status: 200, schema: assetAnswer, description: 'The asset' },
  errors: { 404: unknownAsset },
  handle: ({ svc, operator, params }) => getAsset(svc, operator, params.uid),
});

// PATCH /v1/operator/assets/{uid} - edit title, campaign, group
export const updateAssetEndpoint = endpoint({
  method: 'patch', path: '/operator/assets/:uid', auth: 'operator', tag: 'Assets', operationId: 'updateAsset', summary: 'Edit an asset',
  description: 'Changes `title`, `campaign` and `group` (`null`: every member of the campaign sees it). The file stays.',
  body: assetUpdateSchema,
  example: { title: 'Spring brochure 2026', campaign: 'cmp-demo-summer', group: null },
  answer: { status: 200, schema: assetAnswer, description: 'The asset' },
  errors: { 404: unknownAsset },
  handle: ({ svc, operator, params, body }) => updateAsset(svc, operator, params.uid, body),
});

// DELETE /v1/operator/assets/{uid} - the row and its R2 file
export const deleteAssetEndpoint = endpoint({
  method: 'delete', path: '/operator/assets/:uid', auth: 'operator', tag: 'Assets', operationId: 'deleteAsset', summary: 'Delete an asset',
  description: 'Deletes the file from R2, then the asset.',
  answer: { status: 200, schema: assetDeletedAnswer, description: 'Deleted' },
  errors: { 404: unknownAsset },
  handle: ({ svc, operator, params }) => deleteAsset(svc, operator, params.uid),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  user: userEndpoint,
  companyAmbassadors: companyAmbassadorsEndpoint,
  profile: profileEndpoint,
  updateProfile: updateProfileEndpoint,
  setActive: setActiveEndpoint,
  notifications: notificationsEndpoint,
  updateNotifications: updateNotificationsEndpoint,
  optout: optoutEndpoint,
};
export const operatorEndpoints = {
  listAmbassadors: listAmbassadorsEndpoint,
  createAmbassador: createAmbassadorEndpoint,
  importAmbassadors: importAmbassadorsEndpoint,
  // Before getAmbassador: `/operator/ambassadors/export` is no uid.
  exportAmbassadors: exportAmbassadorsEndpoint,
  getAmbassador: getAmbassadorEndpoint,
  ambassadorTimeline: ambassadorTimelineEndpoint,
  adjustAmbassadorCash: adjustAmbassadorCashEndpoint,
  inviteAmbassador: inviteAmbassadorEndpoint,
  deactivateAmbassador: deactivateAmbassadorEndpoint,
  reactivateAmbassador: reactivateAmbassadorEndpoint,
  moveAmbassadorToGroup: moveAmbassadorToGroupEndpoint,
  joinCampaign: joinCampaignEndpoint,
  leaveCampaign: leaveCampaignEndpoint,
  listAssets: listAssetsEndpoint,
  uploadAsset: uploadAssetEndpoint,
  getAsset: getAssetEndpoint,
  updateAsset: updateAssetEndpoint,
  deleteAsset: deleteAssetEndpoint,
};
