import { removeAnswer } from '../../lib/schemas/catalog';
import {
  badgeAnswer, badgeListAnswer, clickTasksAnswer, loyaltyAnswer, loyaltyDataSchema, loyaltyEntryAnswer, loyaltyEntrySchema, loyaltyRunAnswer,
  loyaltyTaskListAnswer, taskAnswer, taskListAnswer, tasksQuery, tierAnswer, tierListAnswer, type LoyaltyDataInput,
} from '../../lib/schemas/loyalty';
import { transitionSchema } from '../../lib/schemas/operator';
import {
  badgeCreateSchema, badgePatchSchema, taskCreateSchema, taskPatchSchema, tierCreateSchema, tierPatchSchema,
} from '../../lib/schemas/operator-catalog';
import { endpoint, reply, type RawRequest } from '../core/endpoint';
import { readBody } from '../core/validate';
import { z } from 'zod';
import { loyaltyOf, postLoyaltyEntry, runForCompany } from './operator';
import {
  createBadge, createTask, createTier, deleteBadge, deleteTask, deleteTier, listBadges, listTasks as listProgramTasks, listTiers,
  patchBadge, patchTask, patchTier,
} from './program';
import { clickTasks, listTasks } from './service';

// Loyalty: the caller's tasks and the tasks they click (points, rewards and tiers: the rewards area and the
// profile); the operator's ledger entries, balances and scheduled run, and the program's tiers, badges and tasks.

// ------------------------------------------------------------------------------------------------------
// Ambassador API
// ------------------------------------------------------------------------------------------------------

const tasksWords = {
  description: 'The company\'s active tasks that apply to the caller (company-wide ones and those of their campaigns, or of one ' +
    'campaign with `campaign_uid`), in order, each with the caller\'s completed state; names in the reader\'s language where written.',
  errors: { 404: 'Not the caller\'s company, or a `campaign_uid` that is not one of the caller\'s campaigns' },
};

// GET /v1/companies/{id}/loyalty_program/tasks/ - the company's active tasks with the caller's completed state
export const tasksEndpoint = endpoint({
  method: 'get',
  path: '/companies/:id/loyalty_program/tasks/',
  auth: 'ambassador',
  own: { id: 'company' },
  operationId: 'tasks',
  tag: 'Tasks',
  summary: 'The caller\'s tasks',
  description: tasksWords.description,
  query: tasksQuery,
  answer: { status: 200, schema: loyaltyTaskListAnswer, description: 'The tasks' },
  errors: tasksWords.errors,
  handle: ({ svc, caller, query }) => listTasks(svc, caller, query),
});

// GET /v1/companies/{id}/tasks/ - the same list (spec §7 names both forms)
export const companyTasksEndpoint = endpoint({
  method: 'get',
  path: '/companies/:id/tasks/',
  auth: 'ambassador',
  own: { id: 'company' },
  operationId: 'companyTasks',
  tag: 'Tasks',
  summary: 'The caller\'s tasks (short path)',
  description: `${tasksWords.description} The same as GET /v1/companies/{id}/loyalty_program/tasks/.`,
  query: tasksQuery,
  answer: { status: 200, schema: loyaltyTaskListAnswer, description: 'The tasks' },
  errors: tasksWords.errors,
  handle: ({ svc, caller, query }) => listTasks(svc, caller, query),
});

/** The body as sent, JSON (any value) or an HTML form: the service checks loyalty access (403) before it parses it. */
const bodyAsSent = (req: RawRequest) =>
  readBody({ req } as unknown as Parameters<typeof readBody>[0], z.unknown()) as Promise<LoyaltyDataInput>;

// POST /v1/ambassadors/{id}/loyalty/data/ - record clicked tasks and award the points of those now completed
export const clickTasksEndpoint = endpoint({
  method: 'post',
  path: '/ambassadors/:id/loyalty/data/',
  auth: 'ambassador',
  own: { id: 'ambassador' },
  operationId: 'clickTasks',
  tag: 'Tasks',
  summary: 'Click tasks',
  description: 'Records the tasks the caller clicked (by id or uid, in `loyalty_data["affiliate.loyalty_clickable_tasks"]`) and completes ' +
    'each that has points and is not completed yet: its points are credited, once. Answers the refreshed profile with the clicked tasks.',
  body: loyaltyDataSchema,
  parseIn: 'handler',
  readRequest: bodyAsSent,
  example: { loyalty_data: { 'affiliate.loyalty_clickable_tasks': ['task-demo-newsletter'] } },
  answer: { status: 200, schema: clickTasksAnswer, description: 'The caller\'s profile and the clicked tasks' },
  errors: { 404: 'Not the caller' },
  handle: ({ svc, caller, body }) => clickTasks(svc, caller, body),
});

// ------------------------------------------------------------------------------------------------------
// Operator API: ledger
// ------------------------------------------------------------------------------------------------------

const unknownAmbassador = 'Unknown ambassador (or of another company)';

// POST /v1/operator/ambassadors/{uid}/loyalty/entries - one ledger entry; 201, or 200 for a uid already posted
export const postLoyaltyEntryEndpoint = endpoint({
  method: 'post',
  path: '/operator/ambassadors/:uid/loyalty/entries',
  auth: 'operator',
  operationId: 'postLoyaltyEntry',
  tag: 'Loyalty',
  summary: 'Credit, correct or claw back points or cash',
  description:
    'One ledger entry. A positive `amount` opens a lot that lapses at `expire_at`, after `expire_days`, or after the company\'s ' +
    '`loyalty.points_expire_days`; a negative one (`adjust`, or `reverse` for a clawback) is taken from the soonest-expiring lots. ' +
    'Balances never go below zero: a debit the lots cannot cover is refused whole (400 `notEnoughFunds`). The same `uid` again ' +
    'answers 200 with the first entry and credits nothing.',
  body: loyaltyEntrySchema,
  example: { kind: 'points', amount: 250, description: 'Birthday bonus', expire_days: 90, uid: 'bday-2026-amb-ava' },
  answer: { status: 201, schema: loyaltyEntryAnswer, description: 'The entry and the balances after it' },
  alsoOk: { status: 200, description: 'An entry with this uid already exists: the first one, nothing credited' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params, body }) =>
    postLoyaltyEntry(svc, operator, params.uid, body).then(({ created, body: answer }) => reply(answer, created ? 201 : 200)),
});

// GET /v1/operator/ambassadors/{uid}/loyalty - balances, open lots and the newest entries
export const getLoyaltyEndpoint = endpoint({
  method: 'get',
  path: '/operator/ambassadors/:uid/loyalty',
  auth: 'operator',
  operationId: 'getLoyalty',
  tag: 'Loyalty',
  summary: 'Balances, open lots and entries of an ambassador',
  description: 'Points and cash balances (earned, available, held, redeemed, expired), what is left of each earning and the newest entries.',
  answer: { status: 200, schema: loyaltyAnswer, description: 'The ambassador\'s loyalty ledger' },
  errors: { 404: unknownAmbassador },
  handle: ({ svc, operator, params }) => loyaltyOf(svc, operator, params.uid),
});

// POST /v1/operator/loyalty/run - the scheduled job now, for this company only
export const runLoyaltyEndpoint = endpoint({
  method: 'post',
  path: '/operator/loyalty/run',
  auth: 'operator',
  operationId: 'runLoyalty',
  tag: 'Loyalty',
  summary: 'Run the loyalty job now',
  description:
    'What the hourly cron does, for this company: expire lapsed lots, void redemptions pending longer than `loyalty.hold_timeout_hours`, ' +
    'and e-mail ambassadors whose points lapse within `loyalty.expiry_warning_days` (once per lot). Safe to repeat.',
  body: transitionSchema,
  example: {},
  answer: { status: 200, schema: loyaltyRunAnswer, description: 'How many lots expired, holds were voided and warnings sent' },
  errors: {},
  handle: ({ svc, operator }) => runForCompany(svc, operator),
});

// ------------------------------------------------------------------------------------------------------
// Operator API: the program's tiers, badges and tasks
// ------------------------------------------------------------------------------------------------------

/** The texts per language of tiers, badges and tasks (and campaigns and rewards). */
const TRANSLATIONS_NOTE = '`translations`: the texts in other portal languages, by language code (e.g. `{"es": {"name": "..."}}`); ' +
  'a page in that language shows them, and the row\'s own texts (written in the company\'s default language) wherever a language leaves one out.';
const EDIT_NOTE = ' Only the fields sent change; unknown fields are refused.';
const REMOVED = '`deleted`, or `deactivated` when something refers to it';
const unknown = (what: string) => ({ 404: `Unknown ${what} (or one of another company)` });
const look = { color: '#2e7d32', image: '/brand/acme/tier-ridge.svg' };

// GET /v1/operator/tiers
export const listTiersEndpoint = endpoint({
  method: 'get',
  path: '/operator/tiers',
  auth: 'operator',
  operationId: 'listTiers',
  tag: 'Programs',
  summary: 'List tiers',
  description: 'Every tier of the company, active or not.',
  answer: { status: 200, schema: tierListAnswer, description: 'The company\'s tiers' },
  errors: {},
  handle: ({ svc, operator }) => listTiers(svc.db, operator.companyId),
});

// POST /v1/operator/tiers
export const createTierEndpoint = endpoint({
  method: 'post',
  path: '/operator/tiers',
  auth: 'operator',
  operationId: 'createTier',
  tag: 'Programs',
  summary: 'Create a tier',
  description: 'A tier starts at `threshold`, counted in the company\'s tier metric (points, referrals, or revenue in minor units). ' +
    TRANSLATIONS_NOTE + ' A tier translates `name` and `description`.',
  body: tierCreateSchema,
  example: {
    name: 'Ridge', threshold: 10, description: 'Free shipping on your own orders.', ...look,
    translations: { es: { name: 'Cresta', description: 'Envío gratis en tus propios pedidos.' } },
  },
  answer: { status: 201, schema: tierAnswer, description: 'Created' },
  errors: {},
  handle: ({ svc, operator, body }) => createTier(svc.db, operator.companyId, body),
});

// PATCH /v1/operator/tiers/{uid}
export const editTierEndpoint = endpoint({
  method: 'patch',
  path: '/operator/tiers/:uid',
  auth: 'operator',
  operationId: 'editTier',
  tag: 'Programs',
  summary: 'Edit a tier',
  description: `Rename, recolour, move the threshold or deactivate; \`translations\` is replaced whole.${EDIT_NOTE}`,
  body: tierPatchSchema,
  example: { threshold: 12 },
  answer: { status: 200, schema: tierAnswer, description: 'The tier as it is now' },
  errors: unknown('tier'),
  handle: ({ svc, operator, params, body }) => patchTier(svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/tiers/{uid}
export const deleteTierEndpoint = endpoint({
  method: 'delete',
  path: '/operator/tiers/:uid',
  auth: 'operator',
  operationId: 'deleteTier',
  tag: 'Programs',
  summary: 'Delete a tier',
  description: 'Nothing refers to a tier (it is computed), so it is deleted.',
  answer: { status: 200, schema: removeAnswer, description: REMOVED },
  errors: unknown('tier'),
  handle: ({ svc, operator, params }) => deleteTier(svc.db, operator.companyId, params.uid),
});

// GET /v1/operator/badges
export const listBadgesEndpoint = endpoint({
  method: 'get',
  path: '/operator/badges',
  auth: 'operator',
  operationId: 'listBadges',
  tag: 'Programs',
  summary: 'List badges',
  description: 'Every badge of the company, active or not.',
  answer: { status: 200, schema: badgeListAnswer, description: 'The company\'s badges' },
  errors: {},
  handle: ({ svc, operator }) => listBadges(svc.db, operator.companyId),
});

// POST /v1/operator/badges
export const createBadgeEndpoint = endpoint({
  method: 'post',
  path: '/operator/badges',
  auth: 'operator',
  operationId: 'createBadge',
  tag: 'Programs',
  summary: 'Create a badge',
  description: 'A badge earned at `points` points. ' + TRANSLATIONS_NOTE + ' A badge translates `name` and `description`.',
  body: badgeCreateSchema,
  example: { name: 'Peak performer', points: 3000, ...look, translations: { fr: { name: 'Performance au sommet' } } },
  answer: { status: 201, schema: badgeAnswer, description: 'Created' },
  errors: {},
  handle: ({ svc, operator, body }) => createBadge(svc.db, operator.companyId, body),
});

// PATCH /v1/operator/badges/{uid}
export const editBadgeEndpoint = endpoint({
  method: 'patch',
  path: '/operator/badges/:uid',
  auth: 'operator',
  operationId: 'editBadge',
  tag: 'Programs',
  summary: 'Edit a badge',
  description: `Edit or deactivate a badge; \`translations\` is replaced whole.${EDIT_NOTE}`,
  body: badgePatchSchema,
  example: { is_active: false },
  answer: { status: 200, schema: badgeAnswer, description: 'The badge as it is now' },
  errors: unknown('badge'),
  handle: ({ svc, operator, params, body }) => patchBadge(svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/badges/{uid}
export const deleteBadgeEndpoint = endpoint({
  method: 'delete',
  path: '/operator/badges/:uid',
  auth: 'operator',
  operationId: 'deleteBadge',
  tag: 'Programs',
  summary: 'Delete a badge',
  description: 'A badge someone earned is deactivated (they keep it); otherwise deleted.',
  answer: { status: 200, schema: removeAnswer, description: REMOVED },
  errors: unknown('badge'),
  handle: ({ svc, operator, params }) => deleteBadge(svc.db, operator.companyId, params.uid),
});

// GET /v1/operator/tasks
export const listProgramTasksEndpoint = endpoint({
  method: 'get',
  path: '/operator/tasks',
  auth: 'operator',
  operationId: 'listTasks',
  tag: 'Programs',
  summary: 'List tasks',
  description: 'Every task of the company, active or not.',
  answer: { status: 200, schema: taskListAnswer, description: 'The company\'s tasks' },
  errors: {},
  handle: ({ svc, operator }) => listProgramTasks(svc.db, operator.companyId),
});

// POST /v1/operator/tasks
export const createTaskEndpoint = endpoint({
  method: 'post',
  path: '/operator/tasks',
  auth: 'operator',
  operationId: 'createTask',
  tag: 'Programs',
  summary: 'Create a task',
  description: 'A task worth `points`, for every ambassador or, with `campaign_uid`, for that campaign\'s members. ' + TRANSLATIONS_NOTE,
  body: taskCreateSchema,
  example: { name: 'Join our Strava club', points: 50, url: 'https://www.strava.com/clubs/acme', position: 2, translations: { es: { name: 'Únete a nuestro club de Strava' } } },
  answer: { status: 201, schema: taskAnswer, description: 'Created' },
  errors: {},
  handle: ({ svc, operator, body }) => createTask(svc.db, operator.companyId, body),
});

// PATCH /v1/operator/tasks/{uid}
export const editTaskEndpoint = endpoint({
  method: 'patch',
  path: '/operator/tasks/:uid',
  auth: 'operator',
  operationId: 'editTask',
  tag: 'Programs',
  summary: 'Edit a task',
  description: `Edit, reorder or deactivate a task; \`translations\` is replaced whole.${EDIT_NOTE}`,
  body: taskPatchSchema,
  example: { points: 75, position: 1 },
  answer: { status: 200, schema: taskAnswer, description: 'The task as it is now' },
  errors: unknown('task'),
  handle: ({ svc, operator, params, body }) => patchTask(svc.db, operator.companyId, params.uid, body),
});

// DELETE /v1/operator/tasks/{uid}
export const deleteTaskEndpoint = endpoint({
  method: 'delete',
  path: '/operator/tasks/:uid',
  auth: 'operator',
  operationId: 'deleteTask',
  tag: 'Programs',
  summary: 'Delete a task',
  description: 'A task someone completed is deactivated (points and completion stay); otherwise deleted.',
  answer: { status: 200, schema: removeAnswer, description: REMOVED },
  errors: unknown('task'),
  handle: ({ svc, operator, params }) => deleteTask(svc.db, operator.companyId, params.uid),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = { tasks: tasksEndpoint, companyTasks: companyTasksEndpoint, clickTasks: clickTasksEndpoint };
export const operatorEndpoints = {
  postLoyaltyEntry: postLoyaltyEntryEndpoint,
  getLoyalty: getLoyaltyEndpoint,
  runLoyalty: runLoyaltyEndpoint,
  listTiers: listTiersEndpoint,
  createTier: createTierEndpoint,
  editTier: editTierEndpoint,
  deleteTier: deleteTierEndpoint,
  listBadges: listBadgesEndpoint,
  createBadge: createBadgeEndpoint,
  editBadge: editBadgeEndpoint,
  deleteBadge: deleteBadgeEndpoint,
  listTasks: listProgramTasksEndpoint,
  createTask: createTaskEndpoint,
  editTask: editTaskEndpoint,
  deleteTask: deleteTaskEndpoint,
};
