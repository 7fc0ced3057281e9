// The dashboard's read of the signed-in ambassador's personal discount codes: only their own
// live codes of campaigns they are in, never another ambassador's, a revoked one or another company's,
// alike through the embedded client, the remote one and the /v1 route.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api as apiApp } from '../../src/api/app';
import type { ServiceContext } from '../../src/api/core/types';
import { embeddedClient, remoteClient } from '../../src/edge/client';
import { givePersonalCode, uniq } from './attribution-fixtures';
import { api, login, type Who } from './sharing-fixtures';

let ava: Who;
let alex: Who;
let other: string;
const mine = uniq('AVA10').toUpperCase();
const revoked = uniq('AVAOLD').toUpperCase();
const theirs = uniq('BEN10').toUpperCase();

beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  alex = await login('acme.localhost', 'alex@acme.test');
  const someone = await env.DB.prepare(
    `SELECT m.ambassador_uid AS uid FROM ambassador_campaigns m JOIN campaigns c ON c.company_id = m.company_id AND c.id = m.campaign_id
      WHERE m.company_id = 'demo' AND c.uid = 'cmp-demo-main' AND m.ambassador_uid <> ? LIMIT 1`,
  ).bind(ava.uid).first<{ uid: string }>();
  other = someone!.uid;
  await givePersonalCode(ava.uid, mine);
  await givePersonalCode(ava.uid, revoked);
  await givePersonalCode(other, theirs);
  await env.DB.prepare(`UPDATE personal_codes SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE company_id = 'demo' AND code = ?`).bind(revoked).run();
});

function svcFor(who: Who, company: string): ServiceContext {
  return {
    env, db: env.DB, origin: `http://${who.host}`, host: who.host, tenantCompanyId: company,
    clientIp: '203.0.113.9', userAgent: 'test', acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
}
const sessionOf = (who: Who) => ({ userId: who.userId, ambassadorUid: who.uid, token: who.token });

describe('personal codes on the dashboard', () => {
  it('answers the ambassador their own live codes with the campaign, not a revoked one or a colleague\'s', async () => {
    const answer = await embeddedClient({ svc: svcFor(ava, 'demo'), session: sessionOf(ava) }).personalCodes();
    const codes = answer.results.map((r) => r.code);
    expect(codes).toContain(mine);
    expect(codes).not.toContain(revoked);
    expect(codes).not.toContain(theirs);
    expect(answer.results.find((r) => r.code === mine)).toMatchObject({ campaign_uid: 'cmp-demo-main' });
    expect(answer.results.find((r) => r.code === mine)?.campaign_name).toBeTruthy();
  });

  it('answers the same through a remote API, and narrows to a campaign', async () => {
    const remote = remoteClient({
      baseUrl: 'http://localhost/v1', session: sessionOf(ava),
      headers: { 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http', 'x-portal-company': 'demo', 'cf-connecting-ip': '203.0.113.9' },
      fetch: async (request) => {
        const ctx = createExecutionContext();
        const res = await apiApp.fetch(request, env, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      },
    });
    const all = await remote.personalCodes();
    expect(all.results.map((r) => r.code)).toContain(mine);
    const one = await remote.personalCodes({ query: { campaign_uid: 'cmp-demo-main' } });
    expect(one.results.every((r) => r.campaign_uid === 'cmp-demo-main')).toBe(true);
  });

  it('never shows one company\'s codes to another company\'s ambassador', async () => {
    const answer = await embeddedClient({ svc: svcFor(alex, 'acme'), session: sessionOf(alex) }).personalCodes();
    expect(answer.results.map((r) => r.code)).not.toContain(mine);
  });

  it('refuses to read another ambassador\'s codes by their uid', async () => {
    const res = await api(ava, 'GET', `/ambassadors/${other}/personal_codes/`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.body)).not.toContain(theirs);
    const own = await api(ava, 'GET', `/ambassadors/${ava.uid}/personal_codes/`);
    expect(own.status).toBe(200);
    expect(own.body.results.map((r: { code: string }) => r.code)).toContain(mine);
  });
});
