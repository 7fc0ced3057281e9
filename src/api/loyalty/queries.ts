/** Loyalty tasks and the ambassador's completions of them. */

export interface TaskRow {
  id: number;
  uid: string;
  campaign_id: number | null;
  campaign_uid: string | null;
  name: string;
  description: string;
  points: number;
  url: string | null;
  position: number;
  completed_at: string | null;
  /** The name and description per language (migration 0023), JSON. */
  translations: string;
}

/**
 * Active tasks of the company that apply to the ambassador: company-wide ones and those of campaigns the
 * ambassador belongs to (optionally only one campaign's plus the company-wide ones), in position order.
 */
export function listTasksStatement(db: D1Database, companyId: string, ambassadorUid: string, campaignId: number | null) {
  const args: (string | number)[] = [ambassadorUid, companyId, ambassadorUid];
  let campaignSql = '';
  if (campaignId !== null) {
    campaignSql = ' AND (t.campaign_id IS NULL OR t.campaign_id = ?)';
    args.push(campaignId);
  }
  return db
    .prepare(
      `SELECT t.id, t.uid, t.campaign_id, c.uid AS campaign_uid, t.name, t.description, t.points, t.url, t.position,
              tc.completed_at, t.translations
         FROM tasks t
         LEFT JOIN campaigns c ON c.id = t.campaign_id AND c.company_id = t.company_id
         LEFT JOIN task_completions tc ON tc.task_id = t.id AND tc.ambassador_uid = ? AND tc.company_id = t.company_id
        WHERE t.company_id = ? AND t.is_active = 1
          AND (t.campaign_id IS NULL OR t.campaign_id IN (
                SELECT campaign_id FROM ambassador_campaigns WHERE ambassador_uid = ? AND company_id = t.company_id))
          ${campaignSql}
        ORDER BY t.position, t.id`,
    )
    .bind(...args);
}

/**
 * Adds task ids to the ambassador's clicked list (a JSON array of numbers): the union is taken in SQL, so
 * two clicks at once both land. Answers the new list.
 */
export function addClickedTasksStatement(db: D1Database, companyId: string, ambassadorUid: string, taskIds: readonly number[]) {
  return db
    .prepare(
      `UPDATE ambassadors SET loyalty_clickable_tasks = (
         SELECT json_group_array(id) FROM (
           SELECT CAST(value AS INTEGER) AS id
             FROM json_each(CASE WHEN json_valid(loyalty_clickable_tasks) AND json_type(loyalty_clickable_tasks) = 'array'
                                 THEN loyalty_clickable_tasks ELSE '[]' END)
            WHERE CAST(value AS INTEGER) > 0
           UNION SELECT value FROM json_each(?3)
           ORDER BY id))
        WHERE company_id = ?1 AND uid = ?2
       RETURNING loyalty_clickable_tasks`,
    )
    .bind(companyId, ambassadorUid, JSON.stringify(taskIds));
}

/** The completion of a task, written only when the ambassador has none yet (the PRIMARY KEY stays the last word). */
export function completeTaskStatement(db: D1Database, companyId: string, ambassadorUid: string, taskId: number) {
  return db
    .prepare(
      `INSERT INTO task_completions (ambassador_uid, task_id, company_id)
       SELECT ?2, ?3, ?1
        WHERE NOT EXISTS (SELECT 1 FROM task_completions WHERE ambassador_uid = ?2 AND task_id = ?3)`,
    )
    .bind(companyId, ambassadorUid, taskId);
}

/**
 * The activity row of a task's points, copied from its ledger entry (found by the entry's uid): it exists
 * exactly when the entry of the same batch was written. It names its task (migration 0025), so readers
 * show the task's name in their language; event_data1 keeps the name as written, for when the task is gone.
 */
export function taskActivityStatement(db: D1Database, companyId: string, entryUid: string, taskName: string) {
  return db
    .prepare(
      `INSERT INTO activities (company_id, ambassador_uid, campaign_id, type, points, status, event_data1, expire_at, created_at, task_id)
       SELECT company_id, ambassador_uid, campaign_id, 'task', amount, 'earn', ?3, expire_at, created_at, task_id
         FROM loyalty_ledger WHERE company_id = ?1 AND uid = ?2`,
    )
    .bind(companyId, entryUid, taskName);
}
