import {
  apiKeyListAnswer, apiKeySchema, companyAnswer, companyListAnswer, customizationAnswer, customizationDeletedAnswer, hostAnswer,
  newApiKeyAnswer, portalListAnswer, portalQuery, tabAccessAnswer, type NewApiKey,
} from '../../lib/schemas/companies';
import { addHostSchema, createCompanySchema, createKeySchema } from '../../lib/schemas/operator-admin';
import { customizationDocument, tabAccessSchema } from '../../lib/schemas/operator-catalog';
import { endpoint, reply } from '../core/endpoint';
import { parseWith } from '../core/validate';
import { addHost, createCompany, getCompany, listCompanies, removeHost } from './admin';
import { issueKey, listKeys, revokeKey } from './admin-keys';
import {
  deleteCampaignCustomization, getCampaignCustomization, getCompanyCustomization, putCampaignCustomization, putCompanyCustomization,
  putTabAccessRequest,
} from './operator-customization';
import { publicPortal } from './portal';
import {
  customizationDraftAnswer, customizationPublishedAnswer, customizationVersionListAnswer, logoUploadForm, noFieldsBody,
} from '../../lib/schemas/customization-versions';
import {
  getCustomizationDraft, listCustomizationVersions, publishCustomizationDraft, rollbackCustomization, saveCustomizationDraft,
} from './customization-drafts';
import { logoFingerprint, readLogoUpload, uploadDraftLogo } from './brand-logo';

// Companies: the public portal record, a company's customization and tab rules (its key), and the
// deployment owner's companies, hosts and company API keys (ADMIN_API_KEY).

// GET /v1/portal.json?host= - the company (and its public customization) serving a host; [] when none
export const getPortalEndpoint = endpoint({
  method: 'get',
  path: '/portal.json',
  auth: 'public',
  operationId: 'getPortal',
  tag: 'Portal',
  summary: 'The portal serving a host',
  description: 'The company serving `host` with its public customization layers (the signed-in pages\' scripts and the content of ' +
    'custom tabs limited to campaigns or groups left out), as a list of one; `[]` when no company serves the host. ' +
    'Cached by browsers and proxies for 30 s.',
  query: portalQuery,
  answer: { status: 200, schema: portalListAnswer, description: 'The portal, or none' },
  handle: async ({ svc, query }) => reply(await publicPortal(svc.db, query.host), 200, { 'Cache-Control': 'public, max-age=30' }),
});

// Customization (company key) ----------------------------------------------------------------------------

const P = '/operator';
const unknown = (what: string) => ({ 404: `Unknown ${what} (or one of another company)` });
const answer = <S>(schema: S, description: string) => ({ status: 200 as const, schema, description });

const customizationExample = {
  meta: { head_title: 'Acme Outdoor Crew', head_description: 'Share the trail, earn Acme Coins.' },
  theme: { button_color: '#ef6c00', link_color: '#2e7d32' },
  tabs: { theme: 'light', items: { transactions: { label: 'My coins' } } },
  attribution: { window_days: 30 },
  default_language: 'es',
};
const CUSTOMIZATION_RULES =
  'The document is the one the portal reads (spec §3, §9; every field optional, with defaults). It is refused whole when anything is ' +
  'wrong, and nothing changes: a 400 names every error by its dotted path (`{ "theme.button_color": ["This field is invalid."] }`), ' +
  'including fields the schema does not know and campaign ids or group uids the company does not have. Over 1 MB: 413.';

// GET /v1/operator/customization - the stored document and what the portal makes of it
export const getCustomizationEndpoint = endpoint({
  method: 'get', path: `${P}/customization`, auth: 'operator', tag: 'Customization', operationId: 'getCustomization', summary: 'Read the customization',
  description: '`settings` is the stored document as it was sent; `effective` is what the portal uses (the document over the defaults).',
  answer: answer(customizationAnswer, 'The company\'s customization'), errors: {},
  handle: ({ svc, operator }) => getCompanyCustomization(svc.db, operator.companyId),
});

// PUT /v1/operator/customization - replace the whole document (refused whole, every error by path)
export const putCustomizationEndpoint = endpoint({
  method: 'put', path: `${P}/customization`, auth: 'operator', tag: 'Customization', operationId: 'putCustomization', summary: 'Replace the customization',
  description: `Replaces the company's whole document (fields left out take their defaults). ${CUSTOMIZATION_RULES} ` +
    'The portal shows the change on its next request. An empty document (`{}`, or no body) is a 400: it would reset every setting. ' +
    '`attribution.window_days` (whole days, 1-365, default 90) is how long the store script (`GET /t.js` on the portal host) keeps a ' +
    'visitor\'s click id in a cookie on the company\'s store; it is read from this document only (a campaign layer\'s is not used).',
  body: customizationDocument, example: customizationExample, answer: answer(customizationAnswer, 'The stored customization'), errors: {},
  tooLarge: 'a document over 1 MB',
  handle: ({ svc, operator, body }) => putCompanyCustomization(svc.env, svc.db, operator.companyId, body, operator.actor.label),
});

// PUT /v1/operator/tabs/{key}/access - which campaigns and groups see a tab
export const putTabAccessEndpoint = endpoint({
  method: 'put', path: `${P}/tabs/:key/access`, auth: 'operator', tag: 'Customization', operationId: 'putTabAccess', summary: 'Set who sees a tab',
  description: 'A built-in tab (`dashboard`, `stats`, `rewards`, `transactions`, `activity`, `assets`, `sharing`, `profile`) or a custom tab\'s slug. ' +
    'With `campaigns`, only ambassadors of those campaigns see it; with none, everyone does, or only members of `groups` when that lists ' +
    'groups (spec §4). Edits the company document\'s tab rules only. Unknown uids: 400 by index. An empty body (`{}`) is a 400: ' +
    'two empty lists open the tab to everyone.',
  body: tabAccessSchema,
  // The handler parses: an empty body is told from two empty lists by the fields as sent.
  parseIn: 'handler',
  example: { campaigns: ['cmp-acme-summit'], groups: [] }, answer: answer(tabAccessAnswer, 'The tab\'s rules, by uid'),
  errors: { 404: 'No such tab in the company document', 409: { conflict: 'the document changed while this request ran; retry' } },
  handle: ({ svc, operator, params, body }) => putTabAccessRequest(svc.env, svc.db, operator.companyId, params.key, body, operator.actor.label),
});

// GET /v1/operator/campaigns/{uid}/customization - a campaign's layer and its pages' customization
export const getCampaignCustomizationEndpoint = endpoint({
  method: 'get', path: `${P}/campaigns/:uid/customization`, auth: 'operator', tag: 'Customization', operationId: 'getCampaignCustomization',
  summary: 'Read a campaign\'s customization layer',
  description: '`settings` is the campaign\'s layer (what differs from the company); `effective` the campaign\'s pages\' customization.',
  answer: answer(customizationAnswer, 'The campaign layer'), errors: unknown('campaign'),
  handle: ({ svc, operator, params }) => getCampaignCustomization(svc.db, operator.companyId, params.uid),
});

// PUT /v1/operator/campaigns/{uid}/customization - replace a campaign's layer
export const putCampaignCustomizationEndpoint = endpoint({
  method: 'put', path: `${P}/campaigns/:uid/customization`, auth: 'operator', tag: 'Customization', operationId: 'putCampaignCustomization',
  summary: 'Replace a campaign\'s customization layer',
  description: `What the campaign's pages show differently from the company's (a field left out is the company's). ${CUSTOMIZATION_RULES} ` +
    'An empty layer (`{}`, or no body) is a 400: DELETE removes a layer.',
  body: customizationDocument, example: { meta: { head_title: 'Acme Summit Club' }, theme: { button_color: '#c62828' } },
  answer: answer(customizationAnswer, 'The stored layer'), errors: unknown('campaign'), tooLarge: 'a document over 1 MB',
  handle: ({ svc, operator, params, body }) => putCampaignCustomization(svc.env, svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/campaigns/{uid}/customization - the campaign shows the company's customization again
export const deleteCampaignCustomizationEndpoint = endpoint({
  method: 'delete', path: `${P}/campaigns/:uid/customization`, auth: 'operator', tag: 'Customization', operationId: 'deleteCampaignCustomization',
  summary: 'Remove a campaign\'s customization layer', description: 'The campaign\'s pages show the company\'s customization again.',
  answer: answer(customizationDeletedAnswer, 'Whether a layer was removed'), errors: unknown('campaign'),
  handle: ({ svc, operator, params }) => deleteCampaignCustomization(svc.env, svc.db, operator.companyId, params.uid),
});

// The draft and its versions (the console's branding screen) ---------------------------------------------

/** The roles whose console shows branding: they read the draft; owners and admins change it. */
const BRANDING_READERS = ['owner', 'admin', 'viewer'] as const;

// GET /v1/operator/customization/draft - the document being edited (the live one while there is no draft)
export const getCustomizationDraftEndpoint = endpoint({
  method: 'get', path: `${P}/customization/draft`, auth: 'operator', tag: 'Customization', operationId: 'getCustomizationDraft',
  summary: 'Read the customization draft', staffRoles: BRANDING_READERS,
  description: 'The company document being edited, which no ambassador sees until it is published (`has_draft: false`: there is ' +
    'none, `content` is the live document), what the portal would make of it (`effective`), and its colours measured against WCAG ' +
    'AA (`contrast`: the ratio of each text or button colour to what it sits on, computed here).',
  answer: answer(customizationDraftAnswer, 'The draft'), errors: {},
  handle: ({ svc, operator }) => getCustomizationDraft(svc.db, operator.companyId),
});

// PUT /v1/operator/customization/draft - replace the draft (the live portal is unchanged)
export const putCustomizationDraftEndpoint = endpoint({
  method: 'put', path: `${P}/customization/draft`, auth: 'operator', tag: 'Customization', operationId: 'putCustomizationDraft',
  summary: 'Save the customization draft',
  description: `Replaces the draft with a whole document; the live portal does not change until \`POST /v1/operator/customization/publish\`. ${CUSTOMIZATION_RULES}`,
  body: customizationDocument, example: customizationExample, answer: answer(customizationDraftAnswer, 'The saved draft'), errors: {},
  tooLarge: 'a document over 1 MB',
  handle: ({ svc, operator, body }) => saveCustomizationDraft(svc.db, operator.companyId, body, operator.actor.label),
});

// POST /v1/operator/customization/draft/logo - upload a logo into the draft (multipart: file, slot)
export const uploadCustomizationLogoEndpoint = endpoint({
  method: 'post', path: `${P}/customization/draft/logo`, auth: 'operator', tag: 'Customization', operationId: 'uploadCustomizationLogo',
  summary: 'Upload a logo into the draft',
  description: '`multipart/form-data` with a `file` part and `slot`: `login`, `register`, `portal` (the signed-in pages) or `favicon`. ' +
    'Judged by its bytes: PNG, JPEG or WebP up to 1 MB, or SVG up to 256 KB, which is sanitised (scripts, event handlers, ' +
    'foreignObject, styles and every reference out of the file are removed; a DOCTYPE is refused). Kept in R2 and served at ' +
    '`/media/brand/...` on the portal host; its URL goes into the draft\'s slot (published with the draft).',
  body: logoUploadForm, readRequest: readLogoUpload, idempotencyText: logoFingerprint, contentType: 'multipart/form-data',
  example: { slot: 'login', file: '(the bytes of logo.svg)' },
  answer: answer(customizationDraftAnswer, 'The draft with the logo'), errors: {}, tooLarge: 'a logo over 1 MB (SVG: 256 KB)',
  handle: ({ svc, operator, body }) => uploadDraftLogo(svc.env, svc.db, operator.companyId, body, operator.actor.label),
});

// POST /v1/operator/customization/publish - the draft goes live as a new version
export const publishCustomizationEndpoint = endpoint({
  method: 'post', path: `${P}/customization/publish`, auth: 'operator', tag: 'Customization', operationId: 'publishCustomization',
  summary: 'Publish the customization draft',
  description: 'The draft becomes the live document as a new version (checked again as a PUT of the document is), the draft is ' +
    'removed and the portal shows it on its next request. No body (or `{}`). No draft: 409.',
  body: noFieldsBody, example: {},
  answer: answer(customizationPublishedAnswer, 'The new live version'),
  errors: { 409: { conflict: 'there is no draft, or the document changed meanwhile' } },
  handle: ({ svc, operator }) => publishCustomizationDraft(svc.env, svc.db, operator.companyId, operator.actor.label),
});

// GET /v1/operator/customization/versions - the published versions, newest (live) first
export const listCustomizationVersionsEndpoint = endpoint({
  method: 'get', path: `${P}/customization/versions`, auth: 'operator', tag: 'Customization', operationId: 'listCustomizationVersions',
  summary: 'List the published customization versions', staffRoles: BRANDING_READERS,
  description: 'Every company document that went live (published, put directly, rolled back to), newest first with who and when; ' +
    'the first is the live one. What was live before versions were kept is version 1 (`baseline`).',
  answer: answer(customizationVersionListAnswer, 'The versions'), errors: {},
  handle: ({ svc, operator }) => listCustomizationVersions(svc.db, operator.companyId),
});

// POST /v1/operator/customization/versions/{uid}/rollback - an earlier version goes live again
export const rollbackCustomizationEndpoint = endpoint({
  method: 'post', path: `${P}/customization/versions/:uid/rollback`, auth: 'operator', tag: 'Customization',
  operationId: 'rollbackCustomization', summary: 'Roll back to a customization version',
  description: 'Publishes that version\'s content again, as a new version (the history is kept). A draft being edited is kept. ' +
    'No body (or `{}`).',
  body: noFieldsBody, example: {},
  answer: answer(customizationPublishedAnswer, 'The new live version'), errors: unknown('version'),
  handle: ({ svc, operator, params }) => rollbackCustomization(svc.env, svc.db, operator.companyId, params.uid, operator.actor.label),
});

// The deployment owner (ADMIN_API_KEY) --------------------------------------------------------------------

const ADMIN = 'Deployment owner only: `Authorization: Bearer <ADMIN_API_KEY>` (a company key is refused; ADMIN_API_KEY unset: 503). ';
const hostTaken = { hostTaken: 'another company serves this host; `params: { host, company_id }` names it' };
const noCompany = 'Unknown company id';

// POST /v1/operator/companies - a company with its brand, languages and (optionally) hosts
export const createCompanyEndpoint = endpoint({
  method: 'post',
  path: '/operator/companies',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'createCompany',
  summary: 'Create a company',
  description: ADMIN +
    'Creates a tenant whose portal renders at once on each of `hosts`: the company, its customization (the document is ' +
    'checked against the portal\'s own schema, every invalid or unknown setting named as `customization.<path>`; the page ' +
    'title defaults to `name`), its languages (`default_language` always among them) and hosts, in one batch. ' +
    'Campaigns, groups and ambassadors follow with the company\'s own key (`POST /v1/operator/companies/{id}/keys`).',
  body: createCompanySchema,
  example: {
    id: 'northwind',
    name: 'Northwind Outfitters',
    currency: 'USD',
    default_language: 'en',
    languages: ['en', 'es'],
    support_email: 'ambassadors@northwind.example',
    hosts: ['ambassadors.northwind.example'],
    customization: {
      theme: { button_color: '#0b7285', link_color: '#0b7285' },
      login: { login_button_color: '#0b7285', button_text_color: '#ffffff' },
    },
  },
  answer: { status: 201, schema: companyAnswer, description: 'The company' },
  errors: { 409: { companyExists: 'a company has this id', ...hostTaken } },
  handle: async ({ svc, body }) => ({ company: await createCompany(svc.env, body) }),
});

// GET /v1/operator/companies - every company with its hosts and number of live keys
export const listCompaniesEndpoint = endpoint({
  method: 'get',
  path: '/operator/companies',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'listCompanies',
  summary: 'List companies',
  description: `${ADMIN}Every company of the deployment with its hosts, languages and number of live API keys, by id.`,
  answer: { status: 200, schema: companyListAnswer, description: 'The companies' },
  errors: {},
  handle: ({ svc }) => listCompanies(svc.db),
});

// GET /v1/operator/companies/{id}
export const getCompanyEndpoint = endpoint({
  method: 'get',
  path: '/operator/companies/:id',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'getCompany',
  summary: 'Get a company',
  description: `${ADMIN}One company with its hosts, languages and number of live API keys.`,
  answer: { status: 200, schema: companyAnswer, description: 'The company' },
  errors: { 404: noCompany },
  handle: async ({ svc, params }) => ({ company: await getCompany(svc.db, params.id) }),
});

// POST /v1/operator/companies/{id}/hosts - attach a host (unique across companies); it serves at once
export const addCompanyHostEndpoint = endpoint({
  method: 'post',
  path: '/operator/companies/:id/hosts',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'addCompanyHost',
  summary: 'Attach a host',
  description: ADMIN +
    'The portal serves `host` from the next request on (the tenant cache is cleared). A host belongs to one company; ' +
    'lower-cased, without scheme, port or path; an international name is stored in its ASCII (punycode) form. ' +
    'Point the domain at the Worker too (a custom domain or route).',
  body: addHostSchema,
  example: { host: 'partners.northwind.example' },
  answer: { status: 201, schema: hostAnswer, description: 'Attached' },
  alsoOk: { status: 200, description: 'The company already had this host' },
  errors: { 404: noCompany, 409: hostTaken },
  handle: async ({ svc, params, body }) => {
    const { created, ...host } = await addHost(svc.env, params.id, body.host);
    return reply(host, created ? 201 : 200);
  },
});

// DELETE /v1/operator/companies/{id}/hosts/{host} - detach a host; it answers 404 at once
export const removeCompanyHostEndpoint = endpoint({
  method: 'delete',
  path: '/operator/companies/:id/hosts/:host',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'removeCompanyHost',
  summary: 'Detach a host',
  description: `${ADMIN}The host answers 404 from the next request on.`,
  answer: { status: 200, schema: hostAnswer, description: 'Detached' },
  errors: { 404: 'Unknown company, or the host is not one of its hosts' },
  handle: ({ svc, params }) => removeHost(svc.env, params.id, parseWith(addHostSchema, { host: params.host }).host),
});

// POST /v1/operator/companies/{id}/keys - a company API key, shown in this answer only
export const createCompanyKeyEndpoint = endpoint({
  method: 'post',
  path: '/operator/companies/:id/keys',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'createCompanyKey',
  summary: 'Issue a company API key',
  description: ADMIN +
    'A new `opk_` key acting for this company only. The key is in this answer and nowhere else (only its SHA-256 is ' +
    'stored; `Cache-Control: no-store`): keep it. A replay of the same Idempotency-Key names the key with `key: null`.',
  body: createKeySchema,
  example: { label: 'Shop backend' },
  answer: { status: 201, schema: newApiKeyAnswer, description: 'The key, shown once' },
  errors: { 404: noCompany },
  // A plain API key must not stay in any cache on its way to the owner.
  headers: { 'Cache-Control': 'no-store' },
  handle: async ({ svc, params, body }) => {
    const made = await issueKey(svc.db, params.id, body.label);
    const answer = reply<NewApiKey>(made, 201);
    // A replay names the key without the key itself: only its hash is kept.
    answer.stored = { ...made, key: null };
    return answer;
  },
});

// GET /v1/operator/companies/{id}/keys - every key of the company, revoked ones too
export const listCompanyKeysEndpoint = endpoint({
  method: 'get',
  path: '/operator/companies/:id/keys',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'listCompanyKeys',
  summary: 'List a company\'s API keys',
  description: `${ADMIN}Every key of the company, revoked ones too, without the keys themselves.`,
  answer: { status: 200, schema: apiKeyListAnswer, description: 'The keys' },
  errors: { 404: noCompany },
  handle: ({ svc, params }) => listKeys(svc.db, params.id),
});

// DELETE /v1/operator/companies/{id}/keys/{key_id} - revoke; the key is refused from the next request on
export const revokeCompanyKeyEndpoint = endpoint({
  method: 'delete',
  path: '/operator/companies/:id/keys/:key_id',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'revokeCompanyKey',
  summary: 'Revoke a company API key',
  description: `${ADMIN}The key is refused (401) from the next request on. Revoking it again answers the same.`,
  answer: { status: 200, schema: apiKeySchema, description: 'The revoked key' },
  errors: { 404: 'Unknown company, or no such key of this company' },
  handle: ({ svc, params }) => revokeKey(svc.db, params.id, params.key_id),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = { getPortal: getPortalEndpoint };
export const operatorEndpoints = {
  getCustomization: getCustomizationEndpoint,
  putCustomization: putCustomizationEndpoint,
  putTabAccess: putTabAccessEndpoint,
  getCampaignCustomization: getCampaignCustomizationEndpoint,
  putCampaignCustomization: putCampaignCustomizationEndpoint,
  deleteCampaignCustomization: deleteCampaignCustomizationEndpoint,
  getCustomizationDraft: getCustomizationDraftEndpoint,
  putCustomizationDraft: putCustomizationDraftEndpoint,
  uploadCustomizationLogo: uploadCustomizationLogoEndpoint,
  publishCustomization: publishCustomizationEndpoint,
  listCustomizationVersions: listCustomizationVersionsEndpoint,
  rollbackCustomization: rollbackCustomizationEndpoint,
  createCompany: createCompanyEndpoint,
  listCompanies: listCompaniesEndpoint,
  getCompany: getCompanyEndpoint,
  addCompanyHost: addCompanyHostEndpoint,
  removeCompanyHost: removeCompanyHostEndpoint,
  createCompanyKey: createCompanyKeyEndpoint,
  listCompanyKeys: listCompanyKeysEndpoint,
  revokeCompanyKey: revokeCompanyKeyEndpoint,
};
