// Shared by the tables worker tests: rows of one ambassador with no seeded earnings (Nick, amb-newbie,
// demo), inserted by hand so every filter case has a known answer, and GET helpers for the content API.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { call, type Who } from './profile-fixtures';

const rel = (days: number) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${days} days')`;

/**
 * Commissions c1..c5 (uids), payouts p1..p3, activities 9101..9104 of amb-newbie. Relative dates: c4 is
 * 10 days old, c5 3 days; the others are fixed in early 2025.
 */
export async function seedNewbie() {
  const db = env.DB;
  await db.batch([
    db.prepare(`INSERT INTO referrals (id, company_id, ambassador_uid, campaign_id, name, email) VALUES
      (9001, 'demo', 'amb-newbie', 101, 'Alice Smith', 'alice@example.com'),
      (9002, 'demo', 'amb-newbie', 102, 'bob jones', 'Bob@Example.org'),
      (9004, 'demo', 'amb-newbie', 101, '', ''),
      (9005, 'demo', 'amb-newbie', 102, 'Dan %_ Smith', 'dan_x@example.com')`),
    db.prepare(`INSERT INTO commissions (id, uid, company_id, ambassador_uid, campaign_id, referral_id, transaction_id, revenue_minor, amount_minor, currency, is_monetary, event, status, created_at) VALUES
      (9001, 'c1', 'demo', 'amb-newbie', 101, 9001, 'TX-100', 10000, 1000, 'USD', 1, 'first', 'pending', '2025-01-05T10:00:00.000Z'),
      (9002, 'c2', 'demo', 'amb-newbie', 102, 9002, 'TX-200', 5050, 505, 'USD', 1, 'second', 'approved', '2025-01-20T23:30:00.000Z'),
      (9003, 'c3', 'demo', 'amb-newbie', 103, NULL, 'tx-300', 0, 1500, 'USD', 0, 'first', 'paid', '2025-02-05T00:00:00.000Z'),
      (9004, 'c4', 'demo', 'amb-newbie', 101, 9004, 'TX-400', 99999, 9999, 'USD', 1, 'first', 'denied', ${rel(10)}),
      (9005, 'c5', 'demo', 'amb-newbie', 102, 9005, 'TX-500', 1, 0, 'USD', 1, 'second', 'zero', ${rel(3)})`),
    db.prepare(`INSERT INTO payouts (id, uid, company_id, ambassador_uid, amount_minor, currency, payment_method, status, transaction_id, paid_at, created_at) VALUES
      (9001, 'p1', 'demo', 'amb-newbie', 2500, 'USD', 1, 'paid', 'PAYID-1', '2025-03-01T12:00:00.000Z', '2025-02-27T12:00:00.000Z'),
      (9002, 'p2', 'demo', 'amb-newbie', 1000, 'USD', 0, 'pending', NULL, NULL, '2025-04-01T12:00:00.000Z'),
      (9003, 'p3', 'demo', 'amb-newbie', 750, 'USD', 8, 'failed', 'x-9', '2025-02-01T12:00:00.000Z', '2025-01-30T12:00:00.000Z')`),
    db.prepare(`INSERT INTO activities (id, company_id, ambassador_uid, campaign_id, type, referred_name, referred_email, amount_minor, currency, points, status, payment_method, expire_at, event_data1, event_data2, event_data3, payout_id, created_at) VALUES
      (9101, 'demo', 'amb-newbie', 102, 'referral', 'Alice Smith', 'alice@example.com', NULL, NULL, NULL, 'pending', NULL, NULL, 'size=M', NULL, NULL, NULL, '2025-01-05T10:00:00.000Z'),
      (9102, 'demo', 'amb-newbie', 102, 'commission', 'bob jones', 'bob@example.org', 1250, 'USD', NULL, 'approved', NULL, NULL, 'size=L', 'b', NULL, NULL, '2025-01-06T10:00:00.000Z'),
      (9103, 'demo', 'amb-newbie', NULL, 'payout', NULL, NULL, 2500, 'USD', NULL, 'paid', 1, NULL, NULL, NULL, NULL, 9001, '2025-03-01T12:00:00.000Z'),
      (9104, 'demo', 'amb-newbie', 102, 'points', NULL, NULL, NULL, NULL, 5, 'earn', NULL, '2026-01-01T00:00:00.000Z', NULL, NULL, 'c', NULL, '2025-01-07T10:00:00.000Z')`),
  ]);
}

export async function get(who: Who, table: string, params: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return call(who, 'GET', `/tables/content/${table}/${qs ? `?${qs}` : ''}`);
}

/** Row ids of a 200 answer, sorted (page size 100). */
export async function ids(who: Who, table: string, params: Record<string, string | number>) {
  const res = await get(who, table, { page_size: 100, ...params });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.results as { id: string | number }[]).map((r) => String(r.id)).sort();
}
