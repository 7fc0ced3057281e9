// The SQL of payout rules per group and ambassador (migration 0041). Every statement names the company.

export interface RuleRow {
  minimum_minor: number | null;
  holding_days: number | null;
}

export interface OverrideRow extends RuleRow {
  uid: string;
}

// An ambassador's rules over their group's, field by field (NULL: the level above says).
const OVERRIDES = `SELECT a.uid, COALESCE(ar.minimum_minor, gr.minimum_minor) AS minimum_minor,
                          COALESCE(ar.holding_days, gr.holding_days) AS holding_days
     FROM ambassadors a
     LEFT JOIN payout_rules gr ON gr.company_id = a.company_id AND gr.group_id = a.group_id
     LEFT JOIN payout_rules ar ON ar.company_id = a.company_id AND ar.ambassador_uid = a.uid
    WHERE a.company_id = ?1 AND (gr.id IS NOT NULL OR ar.id IS NOT NULL)`;

/** Every ambassador of the company whose group or self has a rule of its own. */
export const overridesStatement = (db: D1Database, companyId: string) => db.prepare(OVERRIDES).bind(companyId);

/** One ambassador's rules over their group's (no row: the company's apply). */
export const ambassadorOverrideStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${OVERRIDES} AND a.uid = ?2`).bind(companyId, uid);

export const groupIdStatement = (db: D1Database, companyId: string, groupUid: string) =>
  db.prepare('SELECT id FROM groups WHERE company_id = ? AND uid = ?').bind(companyId, groupUid);

export const groupRuleStatement = (db: D1Database, companyId: string, groupId: number) =>
  db.prepare('SELECT minimum_minor, holding_days FROM payout_rules WHERE company_id = ? AND group_id = ?').bind(companyId, groupId);

export const ambassadorRuleStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(
    `SELECT r.minimum_minor, r.holding_days, a.group_id FROM ambassadors a
       LEFT JOIN payout_rules r ON r.company_id = a.company_id AND r.ambassador_uid = a.uid
      WHERE a.company_id = ? AND a.uid = ?`,
  ).bind(companyId, uid);

export const saveGroupRuleStatement = (db: D1Database, companyId: string, groupId: number, rule: RuleRow, now: string) =>
  rule.minimum_minor === null && rule.holding_days === null
    ? db.prepare('DELETE FROM payout_rules WHERE company_id = ? AND group_id = ?').bind(companyId, groupId)
    : db.prepare(
      `INSERT INTO payout_rules (company_id, group_id, minimum_minor, holding_days, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (company_id, group_id) WHERE group_id IS NOT NULL
       DO UPDATE SET minimum_minor = excluded.minimum_minor, holding_days = excluded.holding_days, updated_at = excluded.updated_at`,
    ).bind(companyId, groupId, rule.minimum_minor, rule.holding_days, now);

export const saveAmbassadorRuleStatement = (db: D1Database, companyId: string, uid: string, rule: RuleRow, now: string) =>
  rule.minimum_minor === null && rule.holding_days === null
    ? db.prepare('DELETE FROM payout_rules WHERE company_id = ? AND ambassador_uid = ?').bind(companyId, uid)
    : db.prepare(
      `INSERT INTO payout_rules (company_id, ambassador_uid, minimum_minor, holding_days, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (company_id, ambassador_uid) WHERE ambassador_uid IS NOT NULL
       DO UPDATE SET minimum_minor = excluded.minimum_minor, holding_days = excluded.holding_days, updated_at = excluded.updated_at`,
    ).bind(companyId, uid, rule.minimum_minor, rule.holding_days, now);
