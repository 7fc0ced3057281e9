// The console's staff call the operator API as the company's key would (one path to data and money), with
// `Authorization: Staff <token>`, but only as far as their role goes: the API refuses, not the menu. A
// sensitive action asks for a second factor given in the last 10 minutes; a session short of its second
// factor, or of another company, opens nothing.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { KEYS, conversion, op } from './operator-fixtures';
import { SECRETS, codeFor, fullSession, signIn, staff } from './staff-helpers';

const asStaff = (token: string, method: string, path: string, body?: unknown, host = 'localhost') =>
  op(null, method, path, body, { authorization: `Staff ${token}` }, { host });

async function pendingCommission() {
  const res = await op(KEYS.demo, 'POST', '/events', conversion());
  expect(res.status).toBe(201);
  return res.body.commission.uid as string;
}

describe('staff on the operator API', () => {
  it('every role reads; a viewer cannot approve, a reviewer can, and the commission is approved for the key too', async () => {
    const viewer = await fullSession('localhost', 'viewer@demo.test');
    const reviewer = await fullSession('localhost', 'reviewer@demo.test');
    const listed = await asStaff(viewer, 'GET', '/commissions?status=pending');
    expect(listed.status).toBe(200);
    const uid = await pendingCommission();
    const refused = await asStaff(viewer, 'POST', `/commissions/${uid}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('roleRequired');
    // Nothing changed for the refusal.
    expect(await env.DB.prepare('SELECT status FROM commissions WHERE uid = ?').bind(uid).first('status')).toBe('pending');
    const approved = await asStaff(reviewer, 'POST', `/commissions/${uid}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.commission).toMatchObject({ uid, status: 'approved' });
    const seen = await op(KEYS.demo, 'GET', `/commissions?status=approved`);
    expect(seen.body.results.map((c: { uid: string }) => c.uid)).toContain(uid);
  });

  it('a reviewer decides on commissions but does not edit campaigns; finance pays but does not approve', async () => {
    const reviewer = await fullSession('localhost', 'reviewer@demo.test');
    const finance = await fullSession('localhost', 'finance@demo.test');
    const campaigns = await asStaff(reviewer, 'GET', '/campaigns');
    expect(campaigns.status).toBe(200);
    const uid = campaigns.body.campaigns?.[0]?.uid ?? campaigns.body[0]?.uid;
    const edit = await asStaff(reviewer, 'PATCH', `/campaigns/${uid}`, { name: 'Renamed by a reviewer' });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('roleRequired');
    const commission = await pendingCommission();
    expect((await asStaff(finance, 'POST', `/commissions/${commission}/approve`)).body.code).toBe('roleRequired');
  });

  it('a session still waiting for its second factor opens nothing, and a key-only header shape is no staff token', async () => {
    const pending = (await signIn('localhost', 'owner@demo.test')).body.token as string;
    const res = await asStaff(pending, 'GET', '/ambassadors');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('secondFactorRequired');
    expect((await asStaff('stf_' + '0'.repeat(64), 'GET', '/ambassadors')).status).toBe(401);
    expect((await op(null, 'GET', '/ambassadors', undefined, { authorization: `Staff ${KEYS.demo}` })).status).toBe(401);
  });

  it('a Demo Co session is nothing on Acme\'s host', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const res = await asStaff(owner, 'GET', '/ambassadors', undefined, 'acme.localhost');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalidToken');
  });

  it('a sensitive action wants a second factor of the last 10 minutes, and takes the code again', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const endpoint = { url: 'https://hooks.example.com/step-up', event_types: ['commission.created'] };
    // Just signed in with the code: the step-up is fresh.
    const made = await asStaff(owner, 'POST', '/webhooks/endpoints', endpoint);
    expect(made.status).toBe(201);
    // Eleven minutes later it is not.
    await env.DB.prepare("UPDATE staff_sessions SET second_factor_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-11 minutes') WHERE company_id = 'demo' AND second_factor_at IS NOT NULL").run();
    const stale = await asStaff(owner, 'POST', `/webhooks/endpoints/${made.body.endpoint.id}/rotate-secret`);
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('stepUpRequired');
    // Reading is not sensitive.
    expect((await asStaff(owner, 'GET', '/webhooks/endpoints')).status).toBe(200);
    // The code again (the next step's, since this step's was spent signing in), and the action goes through.
    const given = await staff('localhost', 'POST', 'sessions/second_factor/', { token: owner, body: { code: codeFor(SECRETS['owner@demo.test']!, 1) } });
    expect(given.status).toBe(200);
    const rotated = await asStaff(owner, 'POST', `/webhooks/endpoints/${made.body.endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    // A key is never asked for a second factor.
    expect((await op(KEYS.demo, 'POST', `/webhooks/endpoints/${made.body.endpoint.id}/rotate-secret`)).status).toBe(200);
  });
});
