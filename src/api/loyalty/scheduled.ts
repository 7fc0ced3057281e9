import { formatLongDate } from '../../lib/dates';
import { formatMoney, formatPoints } from '../../lib/format';
import { t } from '../../lib/i18n';
import { normalizeLanguage } from '../../lib/languages';
import type { ServiceContext } from '../core/types';
import { loadCustomization } from '../portal/customization';
import { settle } from '../rewards/service';
import { expireDueStatement } from './ledger';

/**
 * The loyalty program's scheduled run (cron trigger in wrangler.toml; by hand: `npm run loyalty:run`, or
 * POST /v1/operator/loyalty/run for one company). Each step is safe to run twice or concurrently:
 * 1. expire: what is left of every lot whose expire_at has passed becomes an expire entry (the lot's CHECK
 *    refuses a second expiry of the same amount);
 * 2. void: redemptions still `processing` after the company's `loyalty.hold_timeout_hours` are failed and
 *    their holds released (the status transition and the UNIQUE settlement let this happen once);
 * 3. warn: one e-mail per ambassador for lots lapsing within `loyalty.expiry_warning_days`, never twice for
 *    a lot (loyalty_notices).
 */
export interface RunSummary {
  expired: number;
  voided: number;
  warned: number;
}

const BATCH = 500;
const MAX_ROUNDS = 40;

export async function runLoyaltyMaintenance(svc: ServiceContext, companyId: string | null = null, now = new Date()): Promise<RunSummary> {
  return {
    expired: await expireDue(svc.db, companyId),
    voided: await voidStaleHolds(svc, companyId, now),
    warned: await warnExpiring(svc, companyId, now),
  };
}

async function expireDue(db: D1Database, companyId: string | null) {
  let total = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { results } = await expireDueStatement(db, companyId ? { companyId } : null, BATCH).all();
    total += results.length;
    if (results.length < BATCH) break;
  }
  return total;
}

interface StaleRow {
  company_id: string; idempotency_key: string; created_at: string; reward_uid: string | null; variant_uid: string | null;
}

async function voidStaleHolds(svc: ServiceContext, companyId: string | null, now: Date) {
  const { db } = svc;
  // The shortest timeout allowed is an hour: anything younger is never stale.
  const { results } = await db
    .prepare(
      `SELECT company_id, idempotency_key, created_at, reward_uid, variant_uid FROM redemptions
        WHERE status = 'processing' AND created_at <= ? ${companyId ? 'AND company_id = ?' : ''}
        ORDER BY created_at LIMIT 200`,
    )
    .bind(...[new Date(now.getTime() - 3_600_000).toISOString(), ...(companyId ? [companyId] : [])])
    .all<StaleRow>();
  const timeouts = new Map<string, number>();
  let voided = 0;
  for (const r of results) {
    if (!timeouts.has(r.company_id)) timeouts.set(r.company_id, (await loadCustomization(db, r.company_id)).company.loyalty.hold_timeout_hours);
    if (Date.parse(r.created_at) > now.getTime() - timeouts.get(r.company_id)! * 3_600_000) continue;
    const returnStock = r.reward_uid
      ? db.prepare('UPDATE rewards SET stock = stock + 1 WHERE company_id = ? AND uid = ? AND stock IS NOT NULL').bind(r.company_id, r.reward_uid)
      : db.prepare('UPDATE vault_item_variants SET stock = stock + 1 WHERE company_id = ? AND uid = ? AND stock IS NOT NULL').bind(r.company_id, r.variant_uid);
    try {
      await settle(svc, null, r.company_id, r.idempotency_key, { returnStock, name: '' }, 'timeout', { status: 'failed', reason: 'holdTimedOut' });
      voided++;
    } catch (err) {
      // Settled meanwhile (fulfilled or voided by another run): nothing to do.
      console.warn('loyalty: stale hold not voided', r.idempotency_key, err instanceof Error ? err.message : err);
    }
  }
  return voided;
}

interface DueRow {
  company_id: string; ambassador_uid: string; kind: 'points' | 'cash'; amount: number; first_expiry: string;
  email: string; first_name: string; language: string | null; company_name: string; point_name: string; currency: string; host: string | null;
}

async function warnExpiring(svc: ServiceContext, companyId: string | null, now: Date) {
  const { db } = svc;
  const companies = companyId
    ? [companyId]
    : (await db.prepare(
        `SELECT DISTINCT company_id FROM loyalty_lots WHERE remaining > 0 AND expire_at > ? AND expire_at <= ?`,
      ).bind(now.toISOString(), new Date(now.getTime() + 366 * 86_400_000).toISOString()).all<{ company_id: string }>()).results.map((r) => r.company_id);
  let warned = 0;
  for (const company of companies) {
    const days = (await loadCustomization(db, company)).company.loyalty.expiry_warning_days;
    if (days > 0) warned += await warnCompany(svc, company, now.toISOString(), new Date(now.getTime() + days * 86_400_000).toISOString());
  }
  return warned;
}

/** One e-mail per ambassador and kind for the lots of `company` lapsing in (from, until] that have no notice yet. */
async function warnCompany(svc: ServiceContext, company: string, from: string, until: string) {
  const { db } = svc;
  const { results } = await db
    .prepare(
      `SELECT l.company_id, l.ambassador_uid, l.kind, SUM(l.remaining) AS amount, MIN(l.expire_at) AS first_expiry,
              u.email, u.first_name, a.language, c.name AS company_name, c.point_name, c.currency,
              (SELECT host FROM company_hosts h WHERE h.company_id = l.company_id ORDER BY length(host), host LIMIT 1) AS host
         FROM loyalty_lots l
         JOIN ambassadors a ON a.company_id = l.company_id AND a.uid = l.ambassador_uid
         JOIN users u ON u.id = a.user_id
         JOIN companies c ON c.id = l.company_id
        WHERE l.company_id = ? AND l.remaining > 0 AND l.expire_at > ? AND l.expire_at <= ? AND u.loyalty_access = 1
          AND NOT EXISTS (SELECT 1 FROM loyalty_notices n WHERE n.lot_id = l.entry_id)
        GROUP BY l.company_id, l.ambassador_uid, l.kind
        LIMIT 500`,
    )
    .bind(company, from, until)
    .all<DueRow>();
  let warned = 0;
  for (const r of results) {
    const lang = normalizeLanguage(r.language) ?? 'en';
    const amount = r.kind === 'points' ? formatPoints(r.amount, r.point_name, lang) : formatMoney(r.amount, r.currency, lang);
    const origin = r.host ? `${/^(localhost|[^.]+\.localhost)(:\d+)?$/.test(r.host) ? 'http' : 'https'}://${r.host}` : svc.origin;
    const params = { company: r.company_name, amount, date: formatLongDate(r.first_expiry, { lang }), link: `${origin}/app/rewards` };
    const body = `${r.first_name ? t(lang, 'emailHello', { name: r.first_name }) : t(lang, 'emailHelloAnonymous')}\n\n${t(lang, 'emailPointsExpiringBody', params)}`;
    // The e-mail goes in only while some lot of the window has no notice; the notices then mark them all,
    // in the same batch, so two runs at once send one e-mail.
    const [mail] = await db.batch([
      db.prepare(
        `INSERT INTO email_outbox (company_id, to_email, template, subject, body_text)
         SELECT ?1, ?2, 'points_expiring', ?3, ?4 WHERE EXISTS (
           SELECT 1 FROM loyalty_lots l WHERE l.company_id = ?1 AND l.ambassador_uid = ?5 AND l.kind = ?6 AND l.remaining > 0
              AND l.expire_at > ?7 AND l.expire_at <= ?8 AND NOT EXISTS (SELECT 1 FROM loyalty_notices n WHERE n.lot_id = l.entry_id))`,
      ).bind(r.company_id, r.email, t(lang, 'emailPointsExpiringSubject', params), body, r.ambassador_uid, r.kind, from, until),
      db.prepare(
        `INSERT OR IGNORE INTO loyalty_notices (lot_id, company_id, ambassador_uid)
         SELECT entry_id, company_id, ambassador_uid FROM loyalty_lots
          WHERE company_id = ?1 AND ambassador_uid = ?2 AND kind = ?3 AND remaining > 0 AND expire_at > ?4 AND expire_at <= ?5`,
      ).bind(r.company_id, r.ambassador_uid, r.kind, from, until),
    ]);
    if (mail!.meta.changes > 0) warned++;
  }
  return warned;
}
