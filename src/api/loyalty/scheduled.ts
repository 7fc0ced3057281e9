import { formatLongDate } from '../../lib/dates';
import { formatMoney } from '../../lib/format';
import { formatPoints } from '../../lib/points';
import { normalizeLanguage } from '../../lib/languages';
import { pointsExpiringEmail } from '../email/templates';
import { batch, write } from '../core/named-batch';
import type { ServiceContext } from '../core/types';
import type { Customization } from '../../lib/schemas/customization';
import { loadCustomization } from '../companies/customization';
import { fulfilmentProvider, type FulfilmentResult } from '../rewards/providers';
import { settle } from '../rewards/service';
import { expireDue as expireDueLots } from '../money/ledger';

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
  const settings = loyaltySettings(svc.db);
  return {
    expired: await expireDue(svc.db, companyId),
    voided: await voidStaleHolds(svc, companyId, now, settings),
    warned: await warnExpiring(svc, companyId, now, settings),
  };
}

type LoyaltySettings = (companyId: string) => Promise<Customization['loyalty']>;

/** Each company's `loyalty` settings, read once per run. */
function loyaltySettings(db: D1Database): LoyaltySettings {
  const read = new Map<string, Promise<Customization['loyalty']>>();
  return (companyId) => {
    let found = read.get(companyId);
    if (!found) read.set(companyId, (found = loadCustomization(db, companyId).then((c) => c.company.loyalty)));
    return found;
  };
}

async function expireDue(db: D1Database, companyId: string | null) {
  let total = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const expired = await expireDueLots(db, companyId ? { companyId } : null, BATCH);
    total += expired;
    if (expired < BATCH) break;
  }
  return total;
}

interface StaleRow {
  id: number; company_id: string; idempotency_key: string; reward_name: string | null; vault_item_name: string | null; variant_name: string | null;
}

/**
 * Redemptions still `processing` after their company's `loyalty.hold_timeout_hours`, company by company
 * (so one company's long timeout never hides another's stale holds). The provider is asked first: an
 * order it did issue is posted; one it does not know is voided (the funds come back); when it cannot
 * answer, the hold waits for the next run.
 */
async function voidStaleHolds(svc: ServiceContext, companyId: string | null, now: Date, settings: LoyaltySettings) {
  const { db } = svc;
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const companies = companyId
    ? [companyId]
    : (await db.prepare("SELECT DISTINCT company_id FROM redemptions WHERE status = 'processing' AND created_at <= ?").bind(hourAgo)
        .all<{ company_id: string }>()).results.map((r) => r.company_id);
  const provider = fulfilmentProvider(svc.env as unknown as Record<string, unknown>, db);
  let voided = 0;
  for (const company of companies) {
    const hours = (await settings(company)).hold_timeout_hours;
    const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
    const { results } = await db
      .prepare(
        `SELECT d.id, d.company_id, d.idempotency_key, r.name AS reward_name, v.name AS vault_item_name, vv.name AS variant_name
           FROM redemptions d
           LEFT JOIN rewards r ON r.company_id = d.company_id AND r.uid = d.reward_uid
           LEFT JOIN vault_items v ON v.company_id = d.company_id AND v.uid = d.vault_item_uid
           LEFT JOIN vault_item_variants vv ON vv.company_id = d.company_id AND vv.uid = d.variant_uid
          WHERE d.company_id = ? AND d.status = 'processing' AND d.created_at <= ? ORDER BY d.created_at LIMIT 200`,
      )
      .bind(company, cutoff)
      .all<StaleRow>();
    for (const r of results) {
      const name = r.reward_name ?? `${r.vault_item_name ?? ''} ${r.variant_name ?? ''}`.trim();
      let outcome: FulfilmentResult | null;
      try {
        outcome = provider.lookup
          ? await provider.lookup({ companyId: company, redemptionId: r.id, externalRef: `hold:${r.idempotency_key}`, name })
          : null;
      } catch (err) {
        console.warn('loyalty: provider lookup failed, the hold waits', r.id, err instanceof Error ? err.message : err);
        continue;
      }
      try {
        await settle(svc, null, company, r.idempotency_key, outcome ? provider.name : 'timeout', outcome ?? { status: 'failed', reason: 'holdTimedOut' });
        if (!outcome || outcome.status === 'failed') voided++;
      } catch (err) {
        // Settled meanwhile (fulfilled or voided by another run): nothing to do.
        console.warn('loyalty: stale hold not settled', r.id, err instanceof Error ? err.message : err);
      }
    }
  }
  return voided;
}

interface DueRow {
  company_id: string; ambassador_uid: string; kind: 'points' | 'cash'; amount: number; first_expiry: string;
  email: string; first_name: string; language: string | null; company_name: string; point_name: string; currency: string; host: string | null;
}

async function warnExpiring(svc: ServiceContext, companyId: string | null, now: Date, settings: LoyaltySettings) {
  const { db } = svc;
  const companies = companyId
    ? [companyId]
    : (await db.prepare(
        `SELECT DISTINCT company_id FROM loyalty_lots WHERE remaining > 0 AND expire_at > ? AND expire_at <= ?`,
      ).bind(now.toISOString(), new Date(now.getTime() + 366 * 86_400_000).toISOString()).all<{ company_id: string }>()).results.map((r) => r.company_id);
  let warned = 0;
  for (const company of companies) {
    const days = (await settings(company)).expiry_warning_days;
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
  // Like every e-mail (src/api/auth/codes.ts emailLanguage): the person's language, else the company's default.
  const companyDefault = results.some((r) => !normalizeLanguage(r.language))
    ? normalizeLanguage((await loadCustomization(db, company)).company.default_language) : null;
  for (const r of results) {
    const lang = normalizeLanguage(r.language) ?? companyDefault ?? 'en';
    const amount = r.kind === 'points' ? formatPoints(r.amount, r.point_name, lang) : formatMoney(r.amount, r.currency, lang);
    const origin = r.host ? `${/^(localhost|[^.]+\.localhost)(:\d+)?$/.test(r.host) ? 'http' : 'https'}://${r.host}` : svc.origin;
    const mailText = pointsExpiringEmail(lang, {
      company: r.company_name, firstName: r.first_name, amount, date: formatLongDate(r.first_expiry, { lang }), link: `${origin}/app/rewards`,
    });
    // The e-mail goes in only while some lot of the window has no notice; the notices then mark them all,
    // in the same batch, so two runs at once send one e-mail.
    const { mail } = await batch(db, {
      mail: write(db.prepare(
        `INSERT INTO email_outbox (company_id, to_email, template, subject, body_text)
         SELECT ?1, ?2, 'points_expiring', ?3, ?4 WHERE EXISTS (
           SELECT 1 FROM loyalty_lots l WHERE l.company_id = ?1 AND l.ambassador_uid = ?5 AND l.kind = ?6 AND l.remaining > 0
              AND l.expire_at > ?7 AND l.expire_at <= ?8 AND NOT EXISTS (SELECT 1 FROM loyalty_notices n WHERE n.lot_id = l.entry_id))`,
      ).bind(r.company_id, r.email, mailText.subject, mailText.text, r.ambassador_uid, r.kind, from, until)),
      notices: write(db.prepare(
        `INSERT OR IGNORE INTO loyalty_notices (lot_id, company_id, ambassador_uid)
         SELECT entry_id, company_id, ambassador_uid FROM loyalty_lots
          WHERE company_id = ?1 AND ambassador_uid = ?2 AND kind = ?3 AND remaining > 0 AND expire_at > ?4 AND expire_at <= ?5`,
      ).bind(r.company_id, r.ambassador_uid, r.kind, from, until)),
    });
    if (mail.changes > 0) warned++;
  }
  return warned;
}
