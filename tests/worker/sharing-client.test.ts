// The sharing, stats and loyalty areas of the typed client: the embedded implementation (services called
// in-process, the caller verified once) and the remote one (HTTP to a second API) answer alike; the
// dashboard's reads cost one D1 batch after the token check; `/r/<code>` and the memorable URL work
// against a remote API through the public routes; share-link form errors are Spanish on acme.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api as apiApp } from '../../src/api/app';
import { batchingD1, type D1Meter } from '../../src/api/core/batching-d1';
import type { ServiceContext } from '../../src/api/core/types';
import { ClientError, embeddedClient, remoteClient, type AmbassadorClient } from '../../src/edge/client';
import { handleShareLinkPost, type ShareLinkFormState } from '../../src/edge/pages/forms/sharing';
import { forgetTenants } from '../../src/edge/tenant';
import { en } from '../../src/lib/i18n/en';
import { edge } from './helpers';
import { login, type Who } from './sharing-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const companyOf = (who: Who) => (who.host === 'acme.localhost' ? 'acme' : 'demo');

let ava: Who;
let alex: Who;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  alex = await login('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());

function svcFor(who: Who, db: D1Database = env.DB): ServiceContext {
  return {
    env: { ...env, DB: db }, db, origin: `http://${who.host}`, host: who.host, tenantCompanyId: companyOf(who),
    clientIp: '203.0.113.9', userAgent: BROWSER, acceptLanguage: null, waitUntil: (p) => void p.catch(() => {}),
  };
}

const sessionOf = (who: Who) => ({ userId: who.userId, ambassadorUid: who.uid, token: who.token });
const embeddedFor = (who: Who, db?: D1Database) => embeddedClient({ svc: svcFor(who, db), session: sessionOf(who) });

/** Runs a request through the API app (a second API in all but process) and records its path. */
function standInApi(paths: string[] = []) {
  return async (request: Request) => {
    paths.push(new URL(request.url).pathname);
    const ctx = createExecutionContext();
    const res = await apiApp.fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
}

function remoteFor(who: Who, paths?: string[]): AmbassadorClient {
  return remoteClient({
    baseUrl: `http://${who.host}/v1`,
    session: sessionOf(who),
    headers: { 'x-forwarded-host': who.host, 'x-forwarded-proto': 'http', 'x-portal-company': companyOf(who), 'cf-connecting-ip': '203.0.113.9', 'user-agent': BROWSER },
    fetch: standInApi(paths),
  });
}

async function failure(work: Promise<unknown>) {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ClientError);
  return err as ClientError;
}

describe('embedded and remote answer alike', () => {
  const today = new Date().toISOString().slice(0, 10);
  const calls: [string, (c: AmbassadorClient) => Promise<unknown>][] = [
    ['stats', (c) => c.stats({ query: { split_currency_types: 'true' } })],
    ['stats of one campaign, unsplit', (c) => c.stats({ query: { campaign_uid: 'cmp-demo-summer', split_currency_types: 'false' } })],
    ['campaign stats', (c) => c.campaignStats({ query: { campaign_uid: 'cmp-demo-main' } })],
    ['campaign stats of all campaigns in a period', (c) => c.campaignStats({ query: { start_date: '2025-01-01', end_date: today } })],
    ['the graph', (c) => c.statsGraph({ query: { start_date: '2025-01-15', end_date: '2025-03-02', interval: 'month', stat_types: 'clicks,referrals' } })],
    ['recent activity', (c) => c.recentActivity({ query: { page_size: 5 } })],
    ['recent activity of one campaign', (c) => c.recentActivity({ query: { campaign_uid: 'cmp-demo-summer' } })],
    ['tasks', (c) => c.tasks()],
    ['tasks of one campaign', (c) => c.tasks({ query: { campaign_uid: 'cmp-demo-main' } })],
    ['share links', (c) => c.shareLinks({ query: { ordering: '-created_at', page: 2, page_size: 2 } })],
    ['assets', (c) => c.assets({ query: { campaign_uid: 'cmp-demo-summer', search: '' } })],
  ];
  for (const [what, call] of calls) {
    it(what, async () => {
      const paths: string[] = [];
      const [embedded, remote] = await Promise.all([call(embeddedFor(ava)), call(remoteFor(ava, paths))]);
      expect(remote).toEqual(embedded);
      expect(paths.length).toBeGreaterThan(0); // the remote one went over HTTP
    });
  }

  it('reads the spec shapes the pages use', async () => {
    const client = embeddedFor(ava);
    const stats = await client.stats({ query: { split_currency_types: 'true' } });
    // The ledger's balances (migration 0005 keeps them from the seed's entries), as the stats answer them.
    const ledger = await env.DB.prepare("SELECT * FROM loyalty_balances WHERE ambassador_uid = 'amb-ava'").first<Record<string, number>>();
    expect(ledger!.points_earned).toBeGreaterThan(ledger!.points_available);
    expect(stats.loyalty).toEqual({
      points_earned: ledger!.points_earned, points_available: ledger!.points_available, points_redeemed: ledger!.points_redeemed,
      points_expired: ledger!.points_expired, points_held: ledger!.points_held, cash_earned: ledger!.cash_earned,
      cash_available: ledger!.cash_available, cash_redeemed: ledger!.cash_redeemed, cash_expired: ledger!.cash_expired, cash_held: ledger!.cash_held,
    });
    expect('monetary' in stats.commissions && stats.commissions.monetary.earned_sum).toBeGreaterThan(0);
    expect((await client.tasks()).results.map((t) => t.uid)).toEqual(['task-demo-profile', 'task-demo-instagram', 'task-demo-facebook', 'task-demo-review']);
    const links = await client.shareLinks();
    expect(links.results.map((l) => l.short_code)).toEqual(['ava-pin', 'ava-unboxing', 'ava-insta', 'ava-news', 'ava-blog']);
    expect((await client.recentActivity()).results.length).toBeLessThanOrEqual(15);
  });

  it('refuses the same way with keyed bodies', async () => {
    for (const client of [embeddedFor(ava), remoteFor(ava)]) {
      const stats = await failure(client.campaignStats({ query: { campaign_uid: 'cmp-acme-trail' } }));
      expect([stats.status, stats.body]).toEqual([404, { detail: 'No stats found', code: 'noStats' }]);
      const dates = await failure(client.statsGraph({ query: { start_date: '2025-02-02', end_date: '2025-02-01' } }));
      expect(dates.body).toMatchObject({ start_date: ['The start date must be before the end date.'], error_codes: { start_date: [{ code: 'startBeforeEnd' }] } });
      const host = await failure(client.createShareLink({ body: { campaign: 102, redirectUrl: 'https://evil.test/x' } }));
      expect(host.body).toMatchObject({
        redirectUrl: ['This campaign does not allow links to evil.test.'],
        error_codes: { redirectUrl: [{ code: 'redirectUrlHost', params: { host: 'evil.test' } }] },
      });
      const code = await failure(client.updateShareLink({ params: { uid: 'sl-ava-pin' }, body: { shortCode: 'a b' } }));
      expect(code.body).toMatchObject({ error_codes: { shortCode: [{ code: 'shortCodeInvalid' }] } });
      expect((await failure(client.updateShareLink({ params: { uid: 'sl-alex-blog' }, body: { description: 'x' } }))).status).toBe(404);
      const share = await failure(client.trackShare({ body: { short_code: 'alex-trail', social_name: 'copy' } }));
      expect(share.body).toMatchObject({ error_codes: { short_code: [{ code: 'unknownShareLink' }] } });
    }
  });

  it('creates, edits and tracks through either', async () => {
    for (const [i, client] of [embeddedFor(ava), remoteFor(ava)].entries()) {
      const created = await client.createShareLink({ body: { campaign: 101, description: 'Client', shortCode: `ava-client-${i}` } });
      expect(created).toMatchObject({ short_code: `ava-client-${i}`, campaign_uid: 'cmp-demo-summer', clicks: 0, share_link: `http://localhost/r/ava-client-${i}` });
      const edited = await client.updateShareLink({ params: { uid: created.uid }, body: { medium: 'video', shortCode: `AVA-CLIENT-${i}` } });
      expect(edited).toMatchObject({ uid: created.uid, medium: 'video', short_code: `AVA-CLIENT-${i}`, description: 'Client' });
      expect(await client.trackShare({ body: { short_code: `ava-client-${i}`, social_name: 'copy' } })).toMatchObject({ code: 'shareRecorded' });
      const taken = await failure(client.createShareLink({ body: { campaign: 101, shortCode: `Ava-Client-${i}` } }));
      expect(taken.body).toMatchObject({ shortCode: ['This short code is already taken. Please choose another one.'] });
    }
  });
});

describe('D1 round trips', () => {
  it("costs the dashboard one batch after the token check, the shell's profile included", async () => {
    const meter: D1Meter = { roundTrips: 0 };
    const client = embeddedFor(ava, batchingD1(env.DB, meter));
    await client.me();
    expect(meter.roundTrips).toBe(1);
    const scope = { campaign_uid: 'cmp-demo-main' };
    await Promise.all([
      client.profile(), client.stats({ query: { ...scope, split_currency_types: 'true' } }), client.campaignStats({ query: scope }),
      client.recentActivity({ query: { ...scope, page_size: 15 } }), client.tasks({ query: scope }),
    ]);
    expect(meter.roundTrips).toBe(2);
  });

  it('costs the share-link, assets and stats reads one round trip each', async () => {
    const meter: D1Meter = { roundTrips: 0 };
    const client = embeddedFor(ava, batchingD1(env.DB, meter));
    await client.me();
    for (const read of [
      () => client.shareLinks(), () => client.assets({ query: { campaign_uid: 'cmp-demo-summer' } }),
      () => client.statsGraph({ query: { stat_types: 'clicks,shares,referrals' } }), () => client.stats(),
    ]) {
      const before = meter.roundTrips;
      await read();
      expect(meter.roundTrips - before).toBe(1);
    }
  });
});

describe('the public share-link routes', () => {
  const call = (path: string, init: RequestInit & { company?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    if (init.company !== null) headers.set('x-portal-company', init.company ?? 'demo');
    return standInApi()(new Request(`http://localhost/v1${path}`, { ...init, headers }));
  };

  it('resolve a short code or a memorable name in the tenant the edge names', async () => {
    const res = await call('/share_links/resolve/?short_code=AVA-DEMO');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      share_link_uid: 'sl-ava-demo', short_code: 'ava-demo', campaign_id: 102, location: 'https://shop.demo.test/welcome?mbsy=ava-demo&campaignid=102',
    });
    expect(((await (await call('/share_links/resolve/?username=ava')).json()) as { short_code: string }).short_code).toBe('ava-demo');
    for (const query of ['short_code=ava-winter', 'short_code=nope-nope', 'username=nobody-here', 'short_code=a%20b']) {
      expect((await call(`/share_links/resolve/?${query}`)).status, query).toBe(404);
    }
    expect((await call('/share_links/resolve/?short_code=ava-demo', { company: 'acme' })).status).toBe(404);
    const noTenant = await call('/share_links/resolve/?short_code=ava-demo', { company: null });
    expect([noTenant.status, ((await noTenant.json()) as { code: string }).code]).toEqual([400, 'portalUnknown']);
    expect((await call('/share_links/resolve/?short_code=ava-demo&username=ava')).status).toBe(400);
  });

  it('record a click with the hash of the forwarded client, never of another tenant', async () => {
    const send = (body: unknown, company?: string) => call('/clicks/', {
      method: 'POST', company, body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.77', 'user-agent': BROWSER },
    });
    const first = await send({ share_link_uid: 'sl-ava-news', referrer_host: 'Mail.Example.com', country: 'fr' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ counted: true, code: 'clickRecorded' });
    expect(await (await send({ share_link_uid: 'sl-ava-news' })).json()).toMatchObject({ counted: false });
    const row = await env.DB.prepare("SELECT * FROM clicks WHERE share_link_uid = 'sl-ava-news' ORDER BY id DESC LIMIT 1 OFFSET 1").first<Record<string, unknown>>();
    expect(row).toMatchObject({ company_id: 'demo', ambassador_uid: 'amb-ava', campaign_id: 102, referrer_host: 'mail.example.com', country: 'FR', counted: 1 });
    expect(JSON.stringify(row)).not.toContain('198.51.100.77');
    expect((await send({ share_link_uid: 'sl-ava-news' }, 'acme')).status).toBe(404);
    expect((await send({ share_link_uid: 'sl-ava-news', country: 'France' })).status).toBe(400);
  });
});

describe('redirects through a remote API', () => {
  const visit = (portal: ReturnType<typeof edge>, url: string, ip: string, ua = BROWSER) =>
    portal.fetch(url, { headers: { 'cf-connecting-ip': ip, 'user-agent': ua, referer: 'https://social.example/post' }, redirect: 'manual' });
  const lastClick = (uid: string) =>
    env.DB.prepare('SELECT * FROM clicks WHERE share_link_uid = ? ORDER BY id DESC LIMIT 1').bind(uid).first<Record<string, unknown>>();

  it('follows /r/<code> and /<username> over HTTP and records the click like the embedded API', async () => {
    const paths: string[] = [];
    const send = standInApi(paths);
    const remote = edge({ fetchUpstream: (request) => send(request) });
    const res = await visit(remote, 'http://localhost/r/ava-insta', '192.0.2.201');
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('mbsy')).toBe('ava-insta');
    expect(paths).toContain('/v1/share_links/resolve/');
    expect(paths).toContain('/v1/clicks/');
    const remoteClick = await lastClick('sl-ava-insta');
    expect(remoteClick).toMatchObject({ counted: 1, referrer_host: 'social.example', ambassador_uid: 'amb-ava' });
    // The click id in the landing URL is the one the remote API stored the click under.
    expect(location.searchParams.get('mbsy_cid')).toBe(remoteClick!.click_uid);
    // The same visitor through the embedded API: the same salted hash, so a repeat.
    await visit(edge(), 'http://localhost/r/ava-insta', '192.0.2.201');
    const embeddedClick = await lastClick('sl-ava-insta');
    expect(embeddedClick).toMatchObject({ counted: 0, client_hash: remoteClick!.client_hash });

    const memorable = await visit(remote, 'http://acme.localhost/alex', '192.0.2.202');
    const alexClick = await lastClick('sl-alex-trail');
    expect(memorable.headers.get('location')).toBe(`https://www.acme-outdoor.test/trail?mbsy=alex-trail&campaignid=201&mbsy_cid=${alexClick!.click_uid}`);
    const bot = await visit(remote, 'http://localhost/r/ava-insta', '192.0.2.203', 'curl/8.5.0');
    expect(bot.status).toBe(302);
    expect(new URL(bot.headers.get('location')!).searchParams.has('mbsy_cid')).toBe(false);
    expect(await lastClick('sl-ava-insta')).toMatchObject({ counted: 0 });
  });

  it('answers unknown links with the branded 404 and leaves other names to the pages', async () => {
    const send = standInApi();
    const remote = edge({ fetchUpstream: (request) => send(request) });
    const missing = await visit(remote, 'http://acme.localhost/r/ava-demo', '192.0.2.210');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Acme Outdoor Crew');
    expect(await (await visit(remote, 'http://localhost/nobody-here', '192.0.2.211')).text()).toBe('page:/nobody-here');
  });
});

describe('share-link form errors in the page language', () => {
  function localsFor(who: Who, mode: 'embedded' | 'remote') {
    const sessions: unknown[] = [];
    const client = mode === 'embedded' ? embeddedFor(who) : remoteFor(who);
    return { locals: { client, setSession: (s: unknown) => sessions.push(s) } as unknown as App.Locals, sessions };
  }
  const post = (fields: Record<string, string>) =>
    new Request('http://acme.localhost/app/sharing', { method: 'POST', body: new URLSearchParams(fields) });
  const englishTexts = new Set<string>(Object.values(en));

  for (const mode of ['embedded', 'remote'] as const) {
    it(`shows every refusal in Spanish on acme (${mode})`, async () => {
      const { locals } = localsFor(alex, mode);
      const cases: [Record<string, string>, string, string][] = [
        [{ campaign: '999' }, 'campaign', 'Selecciona una de tus campañas.'],
        [{ campaign: '' }, 'campaign', 'Este campo es obligatorio.'],
        [{ campaign: '201', shortCode: 'a b' }, 'shortCode', 'Usa solo letras, números, guiones y guiones bajos.'],
        [{ campaign: '201', shortCode: 'x'.repeat(33) }, 'shortCode', 'Como máximo 32 caracteres.'],
        [{ campaign: '201', shortCode: 'ALEX-TRAIL' }, 'shortCode', 'Este código corto ya está en uso. Elige otro.'],
        [{ campaign: '201', description: 'd'.repeat(256) }, 'description', 'Como máximo 255 caracteres.'],
        [{ campaign: '201', redirectUrl: 'javascript:alert(1)' }, 'redirectUrl', 'Solo se pueden usar direcciones http y https.'],
        [{ campaign: '201', redirectUrl: 'not a url' }, 'redirectUrl', 'Escribe una dirección web completa, por ejemplo https://example.com.'],
        [{ campaign: '201', redirectUrl: 'https://evil.test/x' }, 'redirectUrl', 'Esta campaña no permite enlaces a evil.test.'],
      ];
      for (const [fields, field, message] of cases) {
        const state = (await handleShareLinkPost(locals, post({ intent: 'create', ...fields }), 'es')) as ShareLinkFormState;
        expect(state.status, JSON.stringify(fields)).toBe(400);
        expect(state.fieldErrors[field], JSON.stringify(fields)).toBe(message);
        for (const text of Object.values(state.fieldErrors)) expect(englishTexts.has(text), text).toBe(false);
        expect(state.values.shortCode).toBe((fields.shortCode ?? '').trim());
      }
      const notMine = (await handleShareLinkPost(locals, post({ intent: 'update', uid: 'sl-ava-pin', campaign: '201' }), 'es')) as ShareLinkFormState;
      expect(notMine).toMatchObject({ status: 404, formError: 'No encontrado.', editUid: 'sl-ava-pin' });
    });
  }

  it('answers a success with a 303 to the list and a 401 by ending the session', async () => {
    const { locals } = localsFor(alex, 'embedded');
    const created = await handleShareLinkPost(locals, post({ intent: 'create', campaign: '201', shortCode: 'alex-form' }), 'es');
    expect(created).toBeInstanceOf(Response);
    expect((created as Response).headers.get('location')).toBe('/app/sharing?created=1');
    const row = await env.DB.prepare("SELECT uid FROM share_links WHERE company_id = 'acme' AND short_code = 'alex-form'").first<{ uid: string }>();
    const saved = await handleShareLinkPost(locals, post({ intent: 'update', uid: row!.uid, campaign: '201', shortCode: 'alex-form', medium: 'video' }), 'es');
    expect((saved as Response).headers.get('location')).toBe('/app/sharing?saved=1');
    const expired = localsFor({ ...alex, token: 'x'.repeat(64) }, 'embedded');
    const out = await handleShareLinkPost(expired.locals, post({ intent: 'create', campaign: '201' }), 'es');
    expect((out as Response).headers.get('location')).toBe('/login');
    expect(expired.sessions).toEqual([null]);
  });
});
