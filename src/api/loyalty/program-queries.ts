/** D1 reads of the loyalty program's catalogue (tiers, badges, tasks), scoped to the key's company. */

export interface TierRow {
  uid: string; name: string; color: string; threshold: number; image: string | null; description: string; is_active: number; translations: string;
}
export interface BadgeRow {
  uid: string; name: string; color: string; points: number; image: string | null; description: string; is_active: number; awarded?: number;
  translations: string;
}
export interface TaskRow {
  uid: string; name: string; description: string; points: number; url: string | null; position: number; is_active: number;
  campaign_uid?: string | null; completions?: number; translations: string;
}

export const tierRows = (db: D1Database, companyId: string) =>
  db.prepare('SELECT * FROM tiers WHERE company_id = ? ORDER BY threshold, id').bind(companyId).all<TierRow>();

const BADGE_SQL = `SELECT b.*, (SELECT COUNT(*) FROM ambassador_badges ab WHERE ab.company_id = b.company_id AND ab.badge_id = b.id) AS awarded
  FROM badges b WHERE b.company_id = ?`;

export const badgeRows = (db: D1Database, companyId: string) =>
  db.prepare(`${BADGE_SQL} ORDER BY b.points, b.id`).bind(companyId).all<BadgeRow>();

export const badgeRow = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${BADGE_SQL} AND b.uid = ?`).bind(companyId, uid).first<BadgeRow>();

const TASK_SQL = `SELECT t.*, c.uid AS campaign_uid,
    (SELECT COUNT(*) FROM task_completions tc WHERE tc.company_id = t.company_id AND tc.task_id = t.id) AS completions
  FROM tasks t LEFT JOIN campaigns c ON c.company_id = t.company_id AND c.id = t.campaign_id WHERE t.company_id = ?`;

export const taskRows = (db: D1Database, companyId: string) =>
  db.prepare(`${TASK_SQL} ORDER BY t.position, t.id`).bind(companyId).all<TaskRow>();

export const taskRow = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${TASK_SQL} AND t.uid = ?`).bind(companyId, uid).first<TaskRow>();
