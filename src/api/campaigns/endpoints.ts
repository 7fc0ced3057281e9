import {
  campaignAnswer, campaignCreateSchema, campaignListAnswer, campaignPatchSchema, groupAnswer, groupListAnswer, groupSchema,
} from '../../lib/schemas/campaigns';
import { removeAnswer } from '../../lib/schemas/catalog';
import { endpoint } from '../core/endpoint';
import { createCampaign, createGroup, deleteGroup, getCampaign, listCampaigns, listGroups, patchCampaign, patchGroup } from './operator';

// The company's campaigns (their commission rules among them) and ambassador groups. POST creates (with
// Idempotency-Key), PATCH edits the fields it names, DELETE removes a group nothing refers to.

/** The texts per language of campaigns, tiers, badges, tasks and rewards. */
const TRANSLATIONS_NOTE = '`translations`: the texts in other portal languages, by language code (e.g. `{"es": {"name": "..."}}`); ' +
  'a page in that language shows them, and the row\'s own texts (written in the company\'s default language) wherever a language leaves one out.';
/** What an edit (PATCH) says of the fields it takes. */
const EDIT_RULE = ' Only the fields sent change; unknown fields are refused.';

// GET /v1/operator/campaigns - every campaign of the company
export const listCampaignsEndpoint = endpoint({
  method: 'get',
  path: '/operator/campaigns',
  auth: 'operator',
  operationId: 'listCampaigns',
  tag: 'Campaigns',
  summary: 'List campaigns',
  description: 'Every campaign of the company, active or not.',
  answer: { status: 200, schema: campaignListAnswer, description: 'The company\'s campaigns' },
  handle: ({ svc, operator }) => listCampaigns(svc.db, operator),
});

// POST /v1/operator/campaigns - a campaign with its landing page and commission rule
export const createCampaignEndpoint = endpoint({
  method: 'post',
  path: '/operator/campaigns',
  auth: 'operator',
  operationId: 'createCampaign',
  tag: 'Campaigns',
  summary: 'Create a campaign',
  description:
    'A campaign with its landing page and commission rule (percentage of revenue in basis points, or a fixed amount in minor units; ' +
    '`is_monetary: false` for store credit; loyalty points per conversion). Ambassadors join it through the ambassador calls. ' +
    TRANSLATIONS_NOTE + ' A campaign translates `name`, `description` and `native_message` (the share message that pre-fills share texts).',
  body: campaignCreateSchema,
  example: {
    name: 'Spring trail run',
    description: 'Invite your running friends.',
    url: 'https://acme-outdoor.test/spring',
    allowed_hosts: ['shop.acme-outdoor.test'],
    commission: { type: 'percentage', rate_bps: 1200, loyalty_points: 50 },
    translations: {
      es: { name: 'Carrera de primavera', description: 'Invita a tus amigos corredores.' },
      fr: { name: 'Course de printemps', native_message: 'Courez avec moi : -10 % sur l\'équipement Acme Outdoor avec mon lien.' },
    },
  },
  answer: { status: 201, schema: campaignAnswer, description: 'Created' },
  handle: ({ svc, operator, body }) => createCampaign(svc.db, operator, body),
});

// GET /v1/operator/campaigns/{uid} - the campaign, its rule, members and tabs
export const getCampaignEndpoint = endpoint({
  method: 'get',
  path: '/operator/campaigns/:uid',
  auth: 'operator',
  operationId: 'getCampaign',
  tag: 'Campaigns',
  summary: 'Read a campaign',
  description: 'The campaign, its commission rule, member count and the tabs its ambassadors may see.',
  answer: { status: 200, schema: campaignAnswer, description: 'The campaign' },
  errors: { 404: 'Unknown campaign (or one of another company)' },
  handle: ({ svc, operator, params }) => getCampaign(svc.db, operator, params.uid),
});

// PATCH /v1/operator/campaigns/{uid} - edit, activate, hide from the dashboard, commission rule
export const editCampaignEndpoint = endpoint({
  method: 'patch',
  path: '/operator/campaigns/:uid',
  auth: 'operator',
  operationId: 'editCampaign',
  tag: 'Campaigns',
  summary: 'Edit a campaign',
  description:
    'Edit, activate or deactivate (`is_active`), hide from the dashboard (`is_hidden_dashboard`), change the commission rule (any of ' +
    '`commission`\'s fields; conversions recorded afterwards use it, existing commissions keep their amounts); `translations` is replaced whole.' +
    EDIT_RULE,
  body: campaignPatchSchema,
  example: { is_hidden_dashboard: true, commission: { type: 'fixed', fixed_minor: 1500 } },
  answer: { status: 200, schema: campaignAnswer, description: 'The campaign as it is now' },
  errors: { 404: 'Unknown campaign (or one of another company)' },
  handle: ({ svc, operator, params, body }) => patchCampaign(svc.db, operator, params.uid, body),
});

// GET /v1/operator/groups - every group of the company
export const listGroupsEndpoint = endpoint({
  method: 'get',
  path: '/operator/groups',
  auth: 'operator',
  operationId: 'listGroups',
  tag: 'Campaigns',
  summary: 'List groups',
  description: 'Every group of the company, active or not.',
  answer: { status: 200, schema: groupListAnswer, description: 'The company\'s groups' },
  handle: ({ svc, operator }) => listGroups(svc.db, operator.companyId),
});

// POST /v1/operator/groups - a group of ambassadors (a unique name)
export const createGroupEndpoint = endpoint({
  method: 'post',
  path: '/operator/groups',
  auth: 'operator',
  operationId: 'createGroup',
  tag: 'Campaigns',
  summary: 'Create a group',
  description: 'A group of ambassadors (its name is unique in the company).',
  body: groupSchema,
  example: { name: 'Mountain guides' },
  answer: { status: 201, schema: groupAnswer, description: 'Created' },
  handle: ({ svc, operator, body }) => createGroup(svc.env, svc.db, operator.companyId, body),
});

// PATCH /v1/operator/groups/{uid} - rename
export const renameGroupEndpoint = endpoint({
  method: 'patch',
  path: '/operator/groups/:uid',
  auth: 'operator',
  operationId: 'renameGroup',
  tag: 'Campaigns',
  summary: 'Edit a group',
  description: 'Rename the group.' + EDIT_RULE,
  body: groupSchema,
  example: { name: 'Trail guides' },
  answer: { status: 200, schema: groupAnswer, description: 'The group as it is now' },
  errors: { 404: 'Unknown group (or one of another company)' },
  handle: ({ svc, operator, params, body }) => patchGroup(svc.env, svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/groups/{uid} - only a group nothing uses
export const deleteGroupEndpoint = endpoint({
  method: 'delete',
  path: '/operator/groups/:uid',
  auth: 'operator',
  operationId: 'deleteGroup',
  tag: 'Campaigns',
  summary: 'Delete a group',
  description: 'Only a group nothing uses is deleted: no ambassador in it, no asset limited to it, no tab access rule naming it.',
  answer: { status: 200, schema: removeAnswer, description: '`deleted`, or `deactivated` when something refers to it' },
  errors: {
    404: 'Unknown group (or one of another company)',
    409: { conflict: 'ambassadors are still in the group, assets are limited to it, or a tab access rule names it; change those first' },
  },
  handle: ({ svc, operator, params }) => deleteGroup(svc.env, svc.db, operator.companyId, params.uid),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  listCampaigns: listCampaignsEndpoint,
  createCampaign: createCampaignEndpoint,
  getCampaign: getCampaignEndpoint,
  editCampaign: editCampaignEndpoint,
  listGroups: listGroupsEndpoint,
  createGroup: createGroupEndpoint,
  renameGroup: renameGroupEndpoint,
  deleteGroup: deleteGroupEndpoint,
};
