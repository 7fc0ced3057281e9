import type { AmbassadorSort } from '../../lib/schemas/operator-people';
import { batch, row, rows, write } from '../core/named-batch';
/** D1 queries of the operator's ambassador and asset calls. Every one is scoped to the key's company. */

export interface GroupRow { id: number; uid: string; name: string }
export interface CampaignRefRow { id: number; uid: string; name: string; is_active: number; is_hidden_dashboard: number }

export interface AmbassadorOpRow {
  uid: string;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  language: string | null;
  share_code: string;
  group_uid: string | null;
  group_name: string | null;
  loyalty_access: number;
  has_password: number;
  deactivated_at: string | null;
  deactivated_by_self: number;
  created_at: string;
  /** JSON array of { campaign_uid, campaign_id, name, short_code, joined_at }, oldest membership first. */
  campaigns_json: string;
}

const AMBASSADOR_SELECT = `
  SELECT a.uid, u.id AS user_id, u.email, u.first_name, u.last_name, a.language, a.share_code, g.uid AS group_uid, g.name AS group_name,
         u.loyalty_access, (u.password_hash IS NOT NULL) AS has_password, a.deactivated_at, a.deactivated_by_self, a.created_at,
         (SELECT json_group_array(json_object('campaign_uid', x.uid, 'campaign_id', x.id, 'name', x.name, 'short_code', x.short_code,
                                              'joined_at', x.joined_at))
            FROM (SELECT c.uid, c.id, c.name, s.short_code, m.joined_at
                    FROM ambassador_campaigns m
                    JOIN campaigns c ON c.id = m.campaign_id AND c.company_id = m.company_id
                    LEFT JOIN share_links s ON s.company_id = m.company_id AND s.ambassador_uid = m.ambassador_uid
                                           AND s.campaign_id = m.campaign_id AND s.is_default = 1
                   WHERE m.company_id = a.company_id AND m.ambassador_uid = a.uid
                   ORDER BY m.joined_at, c.id) x) AS campaigns_json
    FROM ambassadors a
    JOIN users u ON u.id = a.user_id AND u.company_id = a.company_id
    LEFT JOIN groups g ON g.id = a.group_id AND g.company_id = a.company_id`;

export const ambassadorStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare(`${AMBASSADOR_SELECT} WHERE a.company_id = ? AND a.uid = ?`).bind(companyId, uid);

export const findAmbassador = (db: D1Database, companyId: string, uid: string) =>
  ambassadorStatement(db, companyId, uid).first<AmbassadorOpRow>();


/** What a list or an export of ambassadors is filtered by (resolved ids) and ordered by. */
export interface AmbassadorFilterIds {
  q?: string | undefined;
  email?: string | undefined;
  groupId?: number | undefined;
  campaignId?: number | undefined;
  active?: boolean | undefined;
  sort?: AmbassadorSort | undefined;
}

const ORDER: Record<AmbassadorSort, string> = {
  '-created_at': 'a.created_at DESC, a.uid DESC',
  created_at: 'a.created_at, a.uid',
  name: 'lower(u.first_name || \' \' || u.last_name), a.uid',
  '-name': 'lower(u.first_name || \' \' || u.last_name) DESC, a.uid DESC',
  email: 'lower(u.email), a.uid',
  '-email': 'lower(u.email) DESC, a.uid DESC',
};

/** The WHERE clause (always the company first) and its arguments. */
function ambassadorWhere(companyId: string, f: AmbassadorFilterIds) {
  let where = 'a.company_id = ?';
  const args: (string | number)[] = [companyId];
  // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes (a 500 for a long filter), and instr needs no escaping.
  if (f.q) {
    where += ' AND (instr(lower(u.first_name || \' \' || u.last_name), ?) > 0 OR instr(lower(u.email), ?) > 0)';
    args.push(f.q.toLowerCase(), f.q.toLowerCase());
  }
  if (f.email) { where += ' AND instr(lower(u.email), ?) > 0'; args.push(f.email.toLowerCase()); }
  if (f.groupId !== undefined) { where += ' AND a.group_id = ?'; args.push(f.groupId); }
  if (f.campaignId !== undefined) {
    where += ' AND EXISTS (SELECT 1 FROM ambassador_campaigns m WHERE m.company_id = a.company_id AND m.ambassador_uid = a.uid AND m.campaign_id = ?)';
    args.push(f.campaignId);
  }
  if (f.active !== undefined) where += f.active ? ' AND a.deactivated_at IS NULL' : ' AND a.deactivated_at IS NOT NULL';
  return { where, args, order: ORDER[f.sort ?? '-created_at'] };
}

/** A page of the company's ambassadors in the asked order (newest first unless said), and how many match the filters. */
export async function listAmbassadors(db: D1Database, companyId: string, f: AmbassadorFilterIds & { limit: number; offset: number }) {
  const { where, args, order } = ambassadorWhere(companyId, f);
  const page = await batch(db, {
    rows: rows<AmbassadorOpRow>(
      db.prepare(`${AMBASSADOR_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...args, f.limit, f.offset)),
    total: row<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM ambassadors a JOIN users u ON u.id = a.user_id AND u.company_id = a.company_id WHERE ${where}`)
      .bind(...args)),
  });
  return { rows: page.rows, count: page.total?.n ?? 0 };
}

/** One page of an export: `limit` rows from `offset`, in the export's order. */
export async function ambassadorExportPage(db: D1Database, companyId: string, f: AmbassadorFilterIds, limit: number, offset: number) {
  const { where, args, order } = ambassadorWhere(companyId, f);
  const { results } = await db.prepare(`${AMBASSADOR_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .bind(...args, limit, offset).all<AmbassadorOpRow>();
  return results;
}

export interface TimelineRow {
  kind: 'click' | 'referral' | 'commission' | 'payout' | 'points' | 'cash';
  at: string;
  uid: string | null;
  campaign: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  description: string | null;
}

/**
 * An ambassador's clicks, referrals, commissions, payouts and ledger entries (or those of one `kind`), newest
 * first: one UNION of the five tables, every part held to the company and the ambassador.
 */
export async function timelineRows(db: D1Database, companyId: string, uid: string, kind: TimelineRow['kind'] | null, limit: number, offset: number) {
  const { results } = await db.prepare(
    `SELECT * FROM (
       SELECT 'click' AS kind, k.created_at AS at, NULL AS uid, c.name AS campaign,
              CASE k.counted WHEN 1 THEN 'counted' ELSE 'not_counted' END AS status, NULL AS amount, NULL AS currency, NULL AS description, k.id AS rid
         FROM clicks k LEFT JOIN campaigns c ON c.company_id = k.company_id AND c.id = k.campaign_id
        WHERE k.company_id = ?1 AND k.ambassador_uid = ?2
       UNION ALL
       SELECT 'referral', r.created_at, NULL, c.name, NULL, NULL, NULL, NULL, r.id
         FROM referrals r LEFT JOIN campaigns c ON c.company_id = r.company_id AND c.id = r.campaign_id
        WHERE r.company_id = ?1 AND r.ambassador_uid = ?2
       UNION ALL
       SELECT 'commission', m.created_at, m.uid, c.name, m.status, m.amount_minor, CASE m.is_monetary WHEN 1 THEN m.currency END,
              m.transaction_id, m.id
         FROM commissions m LEFT JOIN campaigns c ON c.company_id = m.company_id AND c.id = m.campaign_id
        WHERE m.company_id = ?1 AND m.ambassador_uid = ?2
       UNION ALL
       SELECT 'payout', p.created_at, p.uid, NULL, p.status, p.amount_minor, p.currency, p.transaction_id, p.id
         FROM payouts p WHERE p.company_id = ?1 AND p.ambassador_uid = ?2
       UNION ALL
       SELECT l.kind, l.created_at, l.uid, NULL, l.entry_type, l.amount,
              CASE l.kind WHEN 'cash' THEN (SELECT currency FROM companies WHERE id = l.company_id) END, l.description, l.id
         FROM loyalty_ledger l WHERE l.company_id = ?1 AND l.ambassador_uid = ?2
     ) WHERE ?5 IS NULL OR kind = ?5 ORDER BY at DESC, rid DESC LIMIT ?3 OFFSET ?4`,
  ).bind(companyId, uid, limit, offset, kind).all<TimelineRow & { rid: number }>();
  return results.map(({ rid: _rid, ...item }) => item);
}

/** The company's groups and campaigns, to resolve names in a request (one round trip). */
export async function companyRefRows(db: D1Database, companyId: string) {
  return batch(db, {
    groups: rows<GroupRow>(db.prepare('SELECT id, uid, name FROM groups WHERE company_id = ? ORDER BY id').bind(companyId)),
    campaigns: rows<CampaignRefRow>(
      db.prepare('SELECT id, uid, name, is_active, is_hidden_dashboard FROM campaigns WHERE company_id = ? ORDER BY id').bind(companyId)),
  });
}

/** Runs the writes, then reads the ambassador back (null: the company has no such ambassador), in one batch. */
export async function writeThenReadAmbassador(db: D1Database, companyId: string, uid: string, writes: D1PreparedStatement[]) {
  const { ambassador } = await batch(db, {
    ...Object.fromEntries(writes.map((statement, i) => [`write${i}`, write(statement)])),
    ambassador: row<AmbassadorOpRow>(ambassadorStatement(db, companyId, uid)),
  });
  return ambassador;
}

/**
 * Which of these e-mails already have an account in the company (with the ambassador's uid). At most 99
 * e-mails per statement (D1 binds at most 100 parameters), all statements in one batch.
 */
export async function existingAccounts(db: D1Database, companyId: string, emails: string[]) {
  const found = new Map<string, string | null>();
  if (!emails.length) return found;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < emails.length; i += 99) {
    const part = emails.slice(i, i + 99);
    statements.push(db.prepare(
      `SELECT lower(u.email) AS email, a.uid FROM users u LEFT JOIN ambassadors a ON a.user_id = u.id AND a.company_id = u.company_id
        WHERE u.company_id = ? AND u.email IN (${part.map(() => '?').join(', ')})`,
    ).bind(companyId, ...part));
  }
  for (const result of await db.batch<{ email: string; uid: string | null }>(statements)) {
    for (const row of result.results) found.set(row.email, row.uid);
  }
  return found;
}

/** Company deactivation: stamps deactivated_at and ends every session of the ambassador, in one batch. */
export function deactivateStatements(db: D1Database, companyId: string, uid: string, nowIso: string) {
  return [
    db.prepare('UPDATE ambassadors SET deactivated_at = ? WHERE company_id = ? AND uid = ? AND deactivated_at IS NULL').bind(nowIso, companyId, uid),
    db.prepare(
      `UPDATE api_tokens SET revoked_at = ?1 WHERE company_id = ?2 AND revoked_at IS NULL
          AND user_id = (SELECT user_id FROM ambassadors WHERE company_id = ?2 AND uid = ?3)`,
    ).bind(nowIso, companyId, uid),
  ];
}

export const reactivateStatement = (db: D1Database, companyId: string, uid: string) =>
  db.prepare('UPDATE ambassadors SET deactivated_at = NULL WHERE company_id = ? AND uid = ?').bind(companyId, uid);

export const setGroupStatement = (db: D1Database, companyId: string, uid: string, groupId: number | null) =>
  db.prepare('UPDATE ambassadors SET group_id = ? WHERE company_id = ? AND uid = ?').bind(groupId, companyId, uid);

/**
 * Joining a campaign: the membership and, unless the ambassador kept one from an earlier membership, the
 * campaign's default share link (their referral link). Already a member: nothing changes.
 */
export function joinCampaignStatements(db: D1Database, companyId: string, uid: string, campaignId: number, shareLinkUid: string, shortCode: string) {
  return [
    db.prepare('INSERT INTO ambassador_campaigns (company_id, ambassador_uid, campaign_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(companyId, uid, campaignId),
    db.prepare(
      `INSERT INTO share_links (uid, company_id, ambassador_uid, campaign_id, short_code, is_default)
       SELECT ?1, ?2, ?3, ?4, ?5, 1
        WHERE NOT EXISTS (SELECT 1 FROM share_links WHERE company_id = ?2 AND ambassador_uid = ?3 AND campaign_id = ?4 AND is_default = 1)`,
    ).bind(shareLinkUid, companyId, uid, campaignId, shortCode),
  ];
}

/** Leaving a campaign ends the membership; share links stay, so past clicks and referrals keep their link. */
export const leaveCampaignStatement = (db: D1Database, companyId: string, uid: string, campaignId: number) =>
  db.prepare('DELETE FROM ambassador_campaigns WHERE company_id = ? AND ambassador_uid = ? AND campaign_id = ?').bind(companyId, uid, campaignId);
