// What the console's review inbox (/console/review) calls besides what existed: the commissions waiting for a
// decision (`status=pending`), denying many at once (all or none, as bulk approve), and the redemptions waiting
// for the company. Staff read them in every role that opens the inbox; only reviewers, admins and owners decide;
// a key or a session acts on its own company's rows only.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KEYS, conversion, op } from './operator-fixtures';
import { fullSession } from './staff-helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown, host = 'localhost') =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host });

const statusOf = (uid: string) => env.DB.prepare('SELECT status FROM commissions WHERE uid = ?').bind(uid).first<string>('status');

let n = 0;
/** A new demo commission through the operator API: pending, or held (`disposable_email`) for a throwaway customer. */
async function commission(held = false) {
  const email = held ? `inbox-${Date.now().toString(36)}-${++n}@mailinator.com` : `inbox-${Date.now().toString(36)}-${++n}@example.com`;
  const res = await op(KEYS.demo, 'POST', '/events', conversion({ customer: { email, first_name: 'Ina', last_name: 'Box' } }));
  expect(res.status).toBe(201);
  expect(res.body.commission.held_reason).toBe(held ? 'disposable_email' : null);
  return res.body.commission.uid as string;
}

describe('the commissions waiting for a decision', () => {
  it('status=pending with held=false lists pending commissions, neither the holds nor the decided ones', async () => {
    const [pending, held, approved] = [await commission(), await commission(true), await commission()];
    expect((await op(KEYS.demo, 'POST', `/commissions/${approved}/approve`)).status).toBe(200);
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    const listed = await asStaff(viewer, 'GET', '/commissions?held=false&status=pending');
    expect(listed.status).toBe(200);
    const uids = listed.body.results.map((c: { uid: string }) => c.uid);
    expect(uids).toContain(pending);
    expect(uids).not.toContain(held);
    expect(uids).not.toContain(approved);
    expect(listed.body.results.every((c: { status: string; held_reason: string | null }) => c.status === 'pending' && c.held_reason === null)).toBe(true);
    const holds = await asStaff(viewer, 'GET', '/commissions?held=true');
    expect(holds.body.results.find((c: { uid: string }) => c.uid === held)).toMatchObject({ held_reason: 'disposable_email', status: 'pending' });
    expect((await op(KEYS.demo, 'GET', '/commissions?status=waiting')).status).toBe(400);
  });

  it('order=oldest reads the oldest first (the inbox starts there), newest first otherwise', async () => {
    const times = (body: { results: { created_at: string }[] }) => body.results.map((c) => c.created_at);
    const oldest = times((await op(KEYS.demo, 'GET', '/commissions?order=oldest')).body);
    const newest = times((await op(KEYS.demo, 'GET', '/commissions')).body);
    expect(oldest.length).toBeGreaterThan(1);
    expect(oldest).toEqual([...oldest].sort());
    expect(newest).toEqual([...newest].sort().reverse());
    const redemptions = times((await op(KEYS.demo, 'GET', '/redemptions?status=completed,processing&order=oldest')).body);
    expect(redemptions.length).toBeGreaterThan(1);
    expect(redemptions).toEqual([...redemptions].sort());
    expect((await op(KEYS.demo, 'GET', '/redemptions?order=sideways')).status).toBe(400);
  });
});

describe('POST /v1/operator/commissions/deny', () => {
  it('a reviewer denies pending commissions and a fraud hold together; the hold keeps its reason', async () => {
    const uids = [await commission(), await commission(), await commission(true)];
    const reviewer = await fullSession('localhost', 'reviewer@demo.test');
    const res = await asStaff(reviewer, 'POST', '/commissions/deny', { uids });
    expect(res.status).toBe(200);
    expect(res.body.denied).toBe(3);
    expect(res.body.commissions.map((c: { uid: string; status: string }) => [c.uid, c.status])).toEqual(uids.map((u) => [u, 'denied']));
    expect(res.body.commissions[2].held_reason).toBe('disposable_email');
    // Seen denied through the key too.
    const seen = await op(KEYS.demo, 'GET', '/commissions?status=denied');
    expect(seen.body.results.map((c: { uid: string }) => c.uid)).toEqual(expect.arrayContaining(uids));
  });

  it('a viewer and finance are refused (403 roleRequired) and nothing changes', async () => {
    const uid = await commission();
    for (const email of ['viewer@demo.test', 'finance@demo.test']) {
      const token = await fullSession('localhost', email);
      const res = await asStaff(token, 'POST', '/commissions/deny', { uids: [uid] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('roleRequired');
    }
    expect(await statusOf(uid)).toBe('pending');
  });

  it('all or none: one commission that cannot be denied refuses the batch, naming it, and the others stay pending', async () => {
    const [a, b, denied] = [await commission(), await commission(), await commission()];
    expect((await op(KEYS.demo, 'POST', `/commissions/${denied}/deny`)).status).toBe(200);
    const res = await op(KEYS.demo, 'POST', '/commissions/deny', { uids: [a, denied, b] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('illegalTransition');
    expect(res.body.params).toMatchObject({ uid: denied, status: 'denied' });
    expect([await statusOf(a), await statusOf(b)]).toEqual(['pending', 'pending']);
    // A hold approved after its review is decided: it is not denied afterwards, alone or in a batch.
    const held = await commission(true);
    expect((await op(KEYS.demo, 'POST', `/commissions/${held}/approve`)).status).toBe(200);
    const again = await op(KEYS.demo, 'POST', '/commissions/deny', { uids: [a, held] });
    expect(again.status).toBe(409);
    expect(again.body.params.uid).toBe(held);
    expect([await statusOf(a), await statusOf(held)]).toEqual(['pending', 'approved']);
  });

  it("another company's key or session cannot deny Demo Co's commissions: 404, nothing changes", async () => {
    const uid = await commission();
    const acme = await op(KEYS.acme, 'POST', '/commissions/deny', { uids: [uid] });
    expect(acme.status).toBe(404);
    const acmeOwner = await fullSession('acme.localhost', 'owner@acme.test');
    const mixed = await asStaff(acmeOwner, 'POST', '/commissions/deny', { uids: [uid] }, 'acme.localhost');
    expect(mixed.status).toBe(404);
    expect(await statusOf(uid)).toBe('pending');
  });

  it('refuses an empty list or more than 100 uids with the field named', async () => {
    const empty = await op(KEYS.demo, 'POST', '/commissions/deny', { uids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error_codes.uids[0].code).toBe('uidListInvalid');
    const many = await op(KEYS.demo, 'POST', '/commissions/deny', { uids: Array.from({ length: 101 }, (_, i) => `com-${i}`) });
    expect(many.status).toBe(400);
  });
});

describe('GET /v1/operator/redemptions', () => {
  it('lists the redemptions waiting for the company, with who redeemed them, for every staff role that reads', async () => {
    for (const email of ['viewer@demo.test', 'reviewer@demo.test']) {
      const token = await fullSession('localhost', email);
      const res = await asStaff(token, 'GET', '/redemptions');
      expect(res.status).toBe(200);
      expect(res.body.results.every((r: { status: string }) => r.status === 'processing')).toBe(true);
      // The seed's Demo Co vault redemption (702) waits; Acme's (802) is not Demo Co's.
      const ids = res.body.results.map((r: { id: number }) => r.id);
      expect(ids).not.toContain(802);
      expect(res.body.results.find((r: { id: number }) => r.id === 702)?.ambassador).toMatchObject({ uid: 'amb-ava', email: 'ava@demo.test' });
    }
    const acme = await op(KEYS.acme, 'GET', '/redemptions');
    expect(acme.status).toBe(200);
    expect(acme.body.results.every((r: { ambassador: { uid: string } }) => !r.ambassador.uid.startsWith('amb-ava'))).toBe(true);
  });

  it('filters by one status or several, and refuses an unknown one', async () => {
    const done = await op(KEYS.demo, 'GET', '/redemptions?status=completed');
    expect(done.status).toBe(200);
    expect(done.body.results.length).toBeGreaterThan(0);
    expect(done.body.results.every((r: { status: string }) => r.status === 'completed')).toBe(true);
    const both = await op(KEYS.demo, 'GET', '/redemptions?status=completed,processing');
    expect(both.body.results.every((r: { status: string }) => r.status === 'completed' || r.status === 'processing')).toBe(true);
    expect(both.body.count).toBeGreaterThan(done.body.count);
    expect((await op(KEYS.demo, 'GET', '/redemptions?status=lost')).status).toBe(400);
  });

  it('a settled redemption leaves the waiting list; a viewer may not settle one', async () => {
    const waiting = await op(KEYS.demo, 'GET', '/redemptions');
    const first = waiting.body.results[0] as { id: number };
    expect(first).toBeDefined();
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    const refused = await asStaff(viewer, 'POST', `/redemptions/${first.id}/fail`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('roleRequired');
    const reviewer = await fullSession('localhost', 'reviewer@demo.test');
    expect((await asStaff(reviewer, 'POST', `/redemptions/${first.id}/fail`, { reason: 'Out of stock' })).status).toBe(200);
    const after = await op(KEYS.demo, 'GET', '/redemptions?status=processing');
    expect(after.body.results.map((r: { id: number }) => r.id)).not.toContain(first.id);
    const failed = await op(KEYS.demo, 'GET', '/redemptions?status=failed');
    expect(failed.body.results.find((r: { id: number }) => r.id === first.id)).toMatchObject({ status: 'failed' });
  });
});
