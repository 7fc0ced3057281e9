import type { BadgeCreate, BadgePatch, TaskCreate, TaskPatch, TierCreate, TierPatch } from '../../lib/schemas/operator-catalog';
import { parseTranslations } from '../../lib/row-language';
import { newUid } from '../core/crypto';
import { bit, campaignIdOf, storedTranslations, insertStatement, patchRow, removeOrDeactivate } from '../core/catalog-queries';
import type { BadgeView, ProgramTaskView, TierView } from '../../lib/schemas/loyalty';
import { badgeRow, badgeRows, taskRow, taskRows, tierRows, type BadgeRow, type TaskRow, type TierRow } from './program-queries';

/**
 * The loyalty program of the company: tiers, badges and tasks. Points are integers, guarded by
 * zod here and by 0008's triggers in SQL. A badge someone earned or a task someone completed is
 * deactivated instead of deleted, so ambassadors keep what they have (and its history).
 */

// Tiers --------------------------------------------------------------------------------------------

const tierView = (t: TierRow): TierView => ({
  uid: t.uid, name: t.name, color: t.color, threshold: t.threshold, image: t.image, description: t.description, is_active: !!t.is_active,
  translations: parseTranslations(t.translations),
});

export async function listTiers(db: D1Database, companyId: string) {
  const { results } = await tierRows(db, companyId);
  return { count: results.length, results: results.map(tierView) };
}

export async function createTier(db: D1Database, companyId: string, input: TierCreate) {
  const row = await insertStatement(db, 'tiers', {
    uid: newUid('tier'), company_id: companyId, ...input, is_active: bit(input.is_active), translations: JSON.stringify(input.translations),
  }).first<TierRow>();
  return { tier: tierView(row!) };
}

export async function patchTier(db: D1Database, companyId: string, uid: string, input: TierPatch) {
  const tier = await patchRow<TierRow>(db, 'tiers', companyId, uid, {
    ...input, is_active: bit(input.is_active), translations: storedTranslations(input.translations),
  });
  return { tier: tierView(tier) };
}

/** Nothing refers to a tier (an ambassador's tier is computed from the metric), so it is deleted. */
export const deleteTier = (db: D1Database, companyId: string, uid: string) => removeOrDeactivate(db, 'tiers', companyId, uid);

// Badges -------------------------------------------------------------------------------------------

const badgeView = (b: BadgeRow): BadgeView => ({
  uid: b.uid, name: b.name, color: b.color, points: b.points, image: b.image, description: b.description, is_active: !!b.is_active,
  awarded: b.awarded ?? 0, translations: parseTranslations(b.translations),
});

export async function listBadges(db: D1Database, companyId: string) {
  const { results } = await badgeRows(db, companyId);
  return { count: results.length, results: results.map(badgeView) };
}

async function badgeOf(db: D1Database, companyId: string, uid: string) {
  return { badge: badgeView((await badgeRow(db, companyId, uid))!) };
}

export async function createBadge(db: D1Database, companyId: string, input: BadgeCreate) {
  const row = await insertStatement(db, 'badges', {
    uid: newUid('badge'), company_id: companyId, ...input, is_active: bit(input.is_active), translations: JSON.stringify(input.translations),
  }).first<BadgeRow>();
  return badgeOf(db, companyId, row!.uid);
}

export async function patchBadge(db: D1Database, companyId: string, uid: string, input: BadgePatch) {
  await patchRow(db, 'badges', companyId, uid, { ...input, is_active: bit(input.is_active), translations: storedTranslations(input.translations) });
  return badgeOf(db, companyId, uid);
}

/** A badge someone earned is deactivated (it leaves the portal, the awards stay). */
export const deleteBadge = (db: D1Database, companyId: string, uid: string) =>
  removeOrDeactivate(db, 'badges', companyId, uid,
    `EXISTS (SELECT 1 FROM ambassador_badges ab JOIN badges b ON b.id = ab.badge_id
              WHERE ab.company_id = ?1 AND b.company_id = ?1 AND b.uid = ?2)`);

// Tasks --------------------------------------------------------------------------------------------

const taskView = (t: TaskRow): ProgramTaskView => ({
  uid: t.uid, name: t.name, description: t.description, points: t.points, url: t.url, position: t.position,
  campaign_uid: t.campaign_uid ?? null, is_active: !!t.is_active, completions: t.completions ?? 0, translations: parseTranslations(t.translations),
});

export async function listTasks(db: D1Database, companyId: string) {
  const { results } = await taskRows(db, companyId);
  return { count: results.length, results: results.map(taskView) };
}

async function taskOf(db: D1Database, companyId: string, uid: string) {
  return { task: taskView((await taskRow(db, companyId, uid))!) };
}

export async function createTask(db: D1Database, companyId: string, input: TaskCreate) {
  const { campaign_uid, ...fields } = input;
  const campaignId = await campaignIdOf(db, companyId, campaign_uid);
  const row = await insertStatement(db, 'tasks', {
    uid: newUid('task'), company_id: companyId, ...fields, campaign_id: campaignId, is_active: bit(input.is_active),
    translations: JSON.stringify(fields.translations),
  }).first<TaskRow>();
  return taskOf(db, companyId, row!.uid);
}

export async function patchTask(db: D1Database, companyId: string, uid: string, input: TaskPatch) {
  const { campaign_uid, ...fields } = input;
  const campaignId = campaign_uid === undefined ? undefined : await campaignIdOf(db, companyId, campaign_uid);
  await patchRow(db, 'tasks', companyId, uid, {
    ...fields, campaign_id: campaignId, is_active: bit(input.is_active), translations: storedTranslations(fields.translations),
  });
  return taskOf(db, companyId, uid);
}

/** A task someone completed is deactivated (their points and completion stay). */
export const deleteTask = (db: D1Database, companyId: string, uid: string) =>
  removeOrDeactivate(db, 'tasks', companyId, uid,
    `EXISTS (SELECT 1 FROM task_completions tc JOIN tasks t ON t.id = tc.task_id
              WHERE tc.company_id = ?1 AND t.company_id = ?1 AND t.uid = ?2)`);
