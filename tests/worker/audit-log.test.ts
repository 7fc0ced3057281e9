// The audit log: every successful write of a key or a staff member is an entry of its company's hash chain
// (who, what, the resource before and after, from where), a refused or replayed write none; the chain check
// finds an edited, a removed and a cut-off entry; a company sees only its own log; secrets are never kept.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { createEdgeApp } from '../../src/edge/app';
import type { EdgeEnv } from '../../src/edge/types';
import { KEYS, conversion, op, readReply } from './operator-fixtures';
import { fullSession } from './staff-helpers';
import { edge } from './helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown, host = 'localhost', headers: Record<string, string> = {}) =>
  op(null, method, path, body, { authorization: `Staff ${token}`, ...headers }, { host });

async function pendingCommission() {
  const res = await op(KEYS.demo, 'POST', '/events', conversion());
  expect(res.status).toBe(201);
  return res.body.commission.uid as string;
}

/** The company's entries, newest first (as the owner's key reads them). */
async function entries(key: string = KEYS.demo, query = '') {
  const res = await op(key, 'GET', `/audit${query}`);
  expect(res.status).toBe(200);
  return res.body.results as any[];
}

const verify = async (key: string = KEYS.demo) => {
  const res = await op(key, 'GET', '/audit/verify');
  expect(res.status).toBe(200);
  return res.body;
};

const headSeq = async (company = 'demo') =>
  (await env.DB.prepare('SELECT seq FROM audit_heads WHERE company_id = ?').bind(company).first<number>('seq')) ?? 0;

/** Stands in for a console page whose button approves a commission through the console client (in-process). */
const approvePage: MiddlewareHandler<EdgeEnv> = async (c) => {
  const uid = new URL(c.req.url).searchParams.get('uid')!;
  return c.json(await c.get('consoleClient')!.approveCommission({ params: { uid }, body: {} }));
};
const consoleApp = createEdgeApp([approvePage]);

describe('audit log', () => {
  it('records a console page\'s approve (the embedded client) as the route records one over HTTP', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const uid = await pendingCommission();
    const ctx = createExecutionContext();
    const res = await consoleApp.fetch(new Request(`http://localhost/console/review?uid=${uid}`, {
      headers: { cookie: `__Host-portal_console=${owner}`, 'user-agent': 'ConsoleBrowser/2.0', 'cf-connecting-ip': '203.0.113.7' },
    }), env as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const [entry] = (await entries(KEYS.demo, '?action=approveCommission')).filter((e) => e.path.includes(uid));
    expect(entry).toMatchObject({
      actor: { kind: 'staff', label: expect.stringContaining('owner@demo.test') }, method: 'POST', path: `/v1/operator/commissions/${uid}/approve`,
      user_agent: 'ConsoleBrowser/2.0', ip: '203.0.113.7',
      before: { commission: { status: 'pending' } }, after: { commission: { status: 'approved' } },
    });
  });

  it('records an approve by a staff member and one by a key, each with its actor, the commission before and after', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const byStaff = await pendingCommission();
    const byKey = await pendingCommission();
    expect((await asStaff(owner, 'POST', `/commissions/${byStaff}/approve`, undefined, 'localhost', { 'user-agent': 'AuditTest/1.0' })).status).toBe(200);
    expect((await op(KEYS.demo, 'POST', `/commissions/${byKey}/approve`)).status).toBe(200);

    const approvals = await entries(KEYS.demo, '?action=approveCommission');
    const staffEntry = approvals.find((e) => e.path.includes(byStaff));
    const keyEntry = approvals.find((e) => e.path.includes(byKey));
    expect(staffEntry).toMatchObject({
      action: 'approveCommission', method: 'POST', path: `/v1/operator/commissions/${byStaff}/approve`,
      actor: { kind: 'staff', label: expect.stringContaining('owner@demo.test') }, user_agent: 'AuditTest/1.0',
      before: { commission: { uid: byStaff, status: 'pending' } }, after: { commission: { uid: byStaff, status: 'approved' } },
    });
    expect(keyEntry).toMatchObject({
      actor: { kind: 'key', label: expect.stringContaining('opk_') },
      before: { commission: { status: 'pending' } }, after: { commission: { status: 'approved' } },
    });
    // Newest first, one seq after the other.
    expect(keyEntry.seq).toBeGreaterThan(staffEntry.seq);
    expect(approvals.indexOf(keyEntry)).toBeLessThan(approvals.indexOf(staffEntry));
    // The actor filter finds the staff member by e-mail.
    const mine = await entries(KEYS.demo, '?actor=owner%40demo.test&action=approveCommission');
    expect(mine.map((e) => e.path)).toContain(`/v1/operator/commissions/${byStaff}/approve`);
    expect(mine.map((e) => e.path)).not.toContain(`/v1/operator/commissions/${byKey}/approve`);
    // The sale the store's key recorded is the event stream, not an entry.
    expect((await entries(KEYS.demo, '?action=recordConversion')).length).toBe(0);
  });

  it('a refused write records nothing: a viewer\'s 403 and a second approve\'s 409', async () => {
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    const uid = await pendingCommission();
    expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
    const before = await headSeq();
    expect((await asStaff(viewer, 'POST', `/commissions/${uid}/deny`)).status).toBe(403);
    expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(409);
    expect(await headSeq()).toBe(before);
    expect((await entries()).filter((e) => e.path.includes(uid)).length).toBe(1);
  });

  it('an Idempotency-Key replay is recorded once', async () => {
    const uid = await pendingCommission();
    const headers = { 'idempotency-key': `audit-${uid}` };
    const first = await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`, {}, headers);
    const again = await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`, {}, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await entries()).filter((e) => e.path.includes(uid)).length).toBe(1);
  });

  it('parallel writes keep one unbroken chain', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 8; i++) uids.push(await pendingCommission());
    const start = await headSeq();
    const answers = await Promise.all(uids.map((uid) => op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)));
    expect(answers.map((a) => a.status)).toEqual(uids.map(() => 200));
    expect(await headSeq()).toBe(start + 8);
    const recorded = (await entries(KEYS.demo, '?action=approveCommission&limit=200')).filter((e) => uids.some((uid) => e.path.includes(uid)));
    expect(recorded.length).toBe(8);
    expect(new Set(recorded.map((e) => e.seq)).size).toBe(8);
    expect(await verify()).toMatchObject({ ok: true, broken_at_seq: null, reason: null, checked: start + 8 });
  });

  it('keeps no secret: a webhook endpoint\'s creation stores neither its signing secret nor the staff code', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const made = await asStaff(owner, 'POST', '/webhooks/endpoints', { url: 'https://hooks.example.com/audit', event_types: ['commission.created'] });
    expect(made.status).toBe(201);
    const secret = made.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const stored = await env.DB.prepare("SELECT input, before_json, after_json FROM audit_log WHERE company_id = 'demo' AND action = 'createWebhookEndpoint'")
      .all<{ input: string; before_json: string; after_json: string }>();
    expect(stored.results.length).toBe(1);
    const text = JSON.stringify(stored.results);
    expect(text).not.toContain(secret);
    expect(JSON.parse(stored.results[0]!.after_json)).toMatchObject({ secret: '[redacted]', endpoint: { url: 'https://hooks.example.com/audit' } });
    // The second factor given at sign-in is an entry too, without its code.
    const codes = await env.DB.prepare("SELECT input FROM audit_log WHERE company_id = 'demo' AND action = 'staffSecondFactor'").all<{ input: string }>();
    expect(codes.results.length).toBeGreaterThan(0);
    for (const r of codes.results) expect(JSON.parse(r.input)).toEqual({ code: '[redacted]' });
  });

  it('Demo\'s staff never sees Acme\'s entries, and each chain is checked apart', async () => {
    const made = await op(KEYS.acme, 'POST', '/webhooks/endpoints', { url: 'https://hooks.example.com/acme-only', event_types: ['commission.created'] });
    expect(made.status).toBe(201);
    const acmeUid = made.body.endpoint.id as string;
    const demoOwner = await fullSession('localhost', 'owner@demo.test');
    const seen = await asStaff(demoOwner, 'GET', '/audit?limit=200');
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body.results).includes(acmeUid)).toBe(false);
    const searched = await asStaff(demoOwner, 'GET', `/audit?actor=${encodeURIComponent('acme')}&limit=200`);
    expect(JSON.stringify(searched.body.results).includes(acmeUid)).toBe(false);
    // Demo's owner on Acme's host is nobody there.
    expect((await asStaff(demoOwner, 'GET', '/audit', undefined, 'acme.localhost')).status).toBe(401);
    const exported = await readReply(await edge().fetch('http://localhost/v1/operator/audit/export', { headers: { authorization: `Staff ${demoOwner}` } }));
    expect(exported.body).not.toContain(acmeUid);
    expect(JSON.stringify(await entries(KEYS.acme)).includes(acmeUid)).toBe(true);
    expect((await verify(KEYS.acme)).ok).toBe(true);
  });

  it('is for owners and admins: a reviewer reads no log', async () => {
    const reviewer = await fullSession('localhost', 'reviewer@demo.test');
    for (const path of ['/audit', '/audit/export', '/audit/verify']) {
      const res = await asStaff(reviewer, 'GET', path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('roleRequired');
    }
  });

  it('exports the filtered entries as CSV whose cells a spreadsheet does not run', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    // A campaign name that a spreadsheet would take for a formula.
    const campaigns = await op(KEYS.demo, 'GET', '/campaigns');
    const uid = (campaigns.body.campaigns ?? campaigns.body.results ?? campaigns.body)[0].uid as string;
    expect((await asStaff(owner, 'PATCH', `/campaigns/${uid}`, { name: '=HYPERLINK("http://evil.example")' })).status).toBe(200);
    const res = await edge().fetch('http://localhost/v1/operator/audit/export?action=editCampaign', { headers: { authorization: `Staff ${owner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await res.text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^seq,at,actor_kind/);
    expect(lines.length).toBe(2);
    expect(csv).toContain('/v1/operator/campaigns/');
    // The input cell is JSON (it starts with "{"), and no cell starts with "=".
    expect(csv.split(',').some((cell) => cell.startsWith('='))).toBe(false);
    expect(csv).toContain('owner@demo.test');
  });
});

describe('audit log chain check', () => {
  /** A fresh chain of `n` approvals on Demo Co (the log emptied first), its seqs 1..n. */
  async function freshChain(n: number) {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM audit_log WHERE company_id = 'demo'"),
      env.DB.prepare("DELETE FROM audit_heads WHERE company_id = 'demo'"),
    ]);
    for (let i = 0; i < n; i++) {
      const uid = await pendingCommission();
      expect((await op(KEYS.demo, 'POST', `/commissions/${uid}/approve`)).status).toBe(200);
    }
    expect(await verify()).toMatchObject({ ok: true, checked: n, head: { seq: n } });
  }

  it('an entry whose after was changed in the database fails at its seq (edited)', async () => {
    await freshChain(3);
    await env.DB.prepare(`UPDATE audit_log SET after_json = replace(after_json, '"approved"', '"denied"') WHERE company_id = 'demo' AND seq = 2`).run();
    expect(await verify()).toMatchObject({ ok: false, broken_at_seq: 2, reason: 'edited', checked: 1 });
  });

  it('an entry rewritten with a hash of its own still fails: its successor names the old hash', async () => {
    await freshChain(3);
    await env.DB.prepare("UPDATE audit_log SET actor_label = 'someone else' WHERE company_id = 'demo' AND seq = 2").run();
    const { entryHash } = await import('../../src/api/audit/chain');
    const row = await env.DB.prepare("SELECT * FROM audit_log WHERE company_id = 'demo' AND seq = 2").first<any>();
    await env.DB.prepare("UPDATE audit_log SET hash = ? WHERE company_id = 'demo' AND seq = 2").bind(await entryHash(row)).run();
    expect(await verify()).toMatchObject({ ok: false, broken_at_seq: 2, reason: 'edited' });
  });

  it('a deleted entry in the middle fails as missing', async () => {
    await freshChain(3);
    await env.DB.prepare("DELETE FROM audit_log WHERE company_id = 'demo' AND seq = 2").run();
    expect(await verify()).toMatchObject({ ok: false, broken_at_seq: 2, reason: 'missing' });
  });

  it('a deleted last entry fails at the head', async () => {
    await freshChain(3);
    await env.DB.prepare("DELETE FROM audit_log WHERE company_id = 'demo' AND seq = 3").run();
    expect(await verify()).toMatchObject({ ok: false, broken_at_seq: 3, reason: 'head', checked: 2 });
  });
});
