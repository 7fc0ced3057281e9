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
              tc.completed_at
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
