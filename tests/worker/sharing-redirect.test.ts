// Share-link redirects (design.md contract), click counting, the memorable URL, track-share, and the
// stats that move when a link is used.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLinks } from '../../src/api/sharing/link-cache';
import { forgetTenants } from '../../src/edge/tenant';
import { isBot, redirectLocation } from '../../src/edge/redirect';
import { edge } from './helpers';
import { api, listPath, login, type Who } from './sharing-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const visit = (url: string, opts: { ua?: string; ip?: string; referer?: string; method?: string; country?: string } = {}) => {
  const headers: Record<string, string> = { 'cf-connecting-ip': opts.ip ?? '203.0.113.7' };
  if (opts.ua !== '') headers['user-agent'] = opts.ua ?? BROWSER;
  if (opts.referer) headers.referer = opts.referer;
  const init: RequestInit & { cf?: unknown } = { method: opts.method ?? 'GET', headers, redirect: 'manual' };
  if (opts.country) init.cf = { country: opts.country };
  return edge().fetch(url, init);
};

/** The Location without the visit's own `mbsy_cid` (tests/worker/redirect-click-ids.test.ts checks that one). */
function landing(res: Response): string {
  const url = new URL(res.headers.get('location')!);
  url.searchParams.delete('mbsy_cid');
  return url.toString();
}

async function clicksOf(linkUid: string) {
  const { results } = await env.DB.prepare('SELECT * FROM clicks WHERE share_link_uid = ? ORDER BY id').bind(linkUid).all<Record<string, any>>();
  return results;
}

let ava: Who;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
});
beforeEach(() => {
  forgetTenants();
  forgetLinks();
});

describe('share link redirect', () => {
  it("sends a link without its own target to the campaign page with mbsy and campaignid, as an uncached 302", async () => {
    const res = await visit('http://localhost/r/ava-demo');
    expect(res.status).toBe(302);
    expect(landing(res)).toBe('https://shop.demo.test/welcome?mbsy=ava-demo&campaignid=102');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("prefers the link's own redirect URL", async () => {
    const res = await visit('http://localhost/r/ava-blog');
    expect(landing(res)).toBe('https://blog.demo.test/ava-summer-picks?mbsy=ava-blog&campaignid=101');
  });

  it('keeps the query parameters the target already has', async () => {
    const res = await visit('http://demo.localhost/r/ava-insta');
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.demo.test/welcome');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      utm_source: 'instagram', utm_medium: 'reel', mbsy: 'ava-insta', campaignid: '102', mbsy_cid: expect.stringMatching(/^c1[A-Za-z0-9_-]{40,62}$/),
    });
  });

  it('matches the short code whatever its letter case', async () => {
    const res = await visit('http://localhost/r/AVA-DEMO');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('mbsy=ava-demo');
  });

  it('answers unknown, malformed, inactive and deactivated links with the branded 404', async () => {
    for (const path of ['/r/nope-nope', '/r/ava-winter', '/r/gone-demo', `/r/${'a'.repeat(40)}`, '/r/a%20b']) {
      const res = await visit(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('Demo Co Ambassadors');
      expect(html).toContain('/brand/demo/logo.svg');
      expect(html).toContain('Link not found');
    }
  });

  it("never follows another company's code, and brands the 404 for the host's tenant", async () => {
    const res = await visit('http://acme.localhost/r/ava-demo');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Acme Outdoor Crew');
    expect(html).not.toContain('Demo Co');
    expect(html).toContain('lang="es"');
  });

  it('adds the parameters to any target (unit)', () => {
    expect(redirectLocation('https://x.test/a?b=1#frag', 'c0de', 7)).toBe('https://x.test/a?b=1&mbsy=c0de&campaignid=7#frag');
    expect(redirectLocation('https://x.test/a?mbsy=old', 'new', 7)).toBe('https://x.test/a?mbsy=new&campaignid=7');
    expect(redirectLocation('https://x.test/a?mbsy_cid=fixed&b=1', 'c0de', 7)).toBe('https://x.test/a?b=1&mbsy=c0de&campaignid=7');
  });
});

describe('click counting', () => {
  it('records a click with time, link, campaign, ambassador, referrer host, country and a salted client hash; no raw IP', async () => {
    const before = (await clicksOf('sl-ava-pin')).length;
    await visit('http://localhost/r/ava-pin', { ip: '198.51.100.23', referer: 'https://www.pinterest.com/pin/123?x=y', country: 'DE' });
    const rows = await clicksOf('sl-ava-pin');
    expect(rows).toHaveLength(before + 1);
    const click = rows.at(-1)!;
    expect(click).toMatchObject({
      company_id: 'demo', campaign_id: 101, ambassador_uid: 'amb-ava', referrer_host: 'www.pinterest.com', counted: 1,
    });
    expect(['DE', null]).toContain(click.country);
    expect(Date.now() - Date.parse(click.created_at)).toBeLessThan(60_000);
    expect(click.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('198.51.100.23');
  });

  it('stores a repeat from the same client within the window but does not count it', async () => {
    const ip = '198.51.100.40';
    await visit('http://localhost/r/ava-unboxing', { ip });
    await visit('http://localhost/r/ava-unboxing', { ip });
    const mine = (await clicksOf('sl-ava-unboxing')).slice(-2);
    expect(mine.map((c) => c.counted)).toEqual([1, 0]);
    expect(mine[0]!.client_hash).toBe(mine[1]!.client_hash);
    // Another client, and the same client on another link, count.
    await visit('http://localhost/r/ava-unboxing', { ip: '198.51.100.41' });
    await visit('http://localhost/r/ava-pin', { ip });
    expect((await clicksOf('sl-ava-unboxing')).at(-1)!.counted).toBe(1);
    expect((await clicksOf('sl-ava-pin')).at(-1)!.counted).toBe(1);
  });

  it('counts a client again once the window has passed', async () => {
    const ip = '198.51.100.50';
    await visit('http://localhost/r/ava-news', { ip });
    await env.DB.prepare("UPDATE clicks SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 minutes') WHERE id = (SELECT MAX(id) FROM clicks)").run();
    await visit('http://localhost/r/ava-news', { ip });
    expect((await clicksOf('sl-ava-news')).at(-1)!.counted).toBe(1);
  });

  it('stores known bots and clients without a user agent uncounted', async () => {
    const bots = ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'curl/8.5.0', 'Slackbot-LinkExpanding 1.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36', ''];
    for (const [i, ua] of bots.entries()) {
      const res = await visit('http://localhost/r/ava-blog', { ua, ip: `192.0.2.${i + 1}` });
      expect(res.status).toBe(302);
      expect((await clicksOf('sl-ava-blog')).at(-1)!.counted, ua).toBe(0);
    }
    expect(isBot(BROWSER)).toBe(false);
    expect(isBot('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(false);
  });

  it('does not record HEAD requests (link checkers)', async () => {
    const before = (await clicksOf('sl-ava-blog')).length;
    const res = await visit('http://localhost/r/ava-blog', { method: 'HEAD', ip: '192.0.2.99' });
    expect(res.status).toBe(302);
    expect(await clicksOf('sl-ava-blog')).toHaveLength(before);
  });
});

describe('memorable URL', () => {
  it("follows the ambassador's longest-running active dashboard campaign, by username (any case) or uid", async () => {
    for (const path of ['/ava', '/AVA', '/amb-ava']) {
      const res = await visit(`http://localhost${path}`, { ip: '192.0.2.150' });
      expect(res.status, path).toBe(302);
      expect(landing(res)).toBe('https://shop.demo.test/welcome?mbsy=ava-demo&campaignid=102');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await clicksOf('sl-ava-demo')).at(-1)).toMatchObject({ ambassador_uid: 'amb-ava', campaign_id: 102 });
  });

  it('leaves custom tabs, portal pages, other tenants and unknown names to the pages', async () => {
    for (const [url, page] of [
      ['http://localhost/creator-corner', 'page:/creator-corner'],
      ['http://localhost/login', 'page:/login'],
      ['http://localhost/app', 'page:/app'],
      ['http://localhost/nobody-here', 'page:/nobody-here'],
      ['http://localhost/amb-gone', 'page:/amb-gone'],
      ['http://acme.localhost/ava', 'page:/ava'],
      ['http://acme.localhost/gear-guide', 'page:/gear-guide'],
    ]) {
      const res = await visit(url!);
      expect(await res.text(), url).toBe(page);
    }
    const alex = await visit('http://acme.localhost/alex');
    expect(landing(alex)).toBe('https://www.acme-outdoor.test/trail?mbsy=alex-trail&campaignid=201');
  });
});

describe('track share', () => {
  it('records a copy with the placeholder recipient fields and other channels', async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM shares WHERE ambassador_uid = 'amb-ava'").first<{ n: number }>();
    const copy = await api(ava, 'POST', '/track/share/', { short_code: 'ava-demo', social_name: 'copy', recipient_email: 'placeholder@example.com', recipient_username: 'placeholder' });
    expect(copy.status).toBe(201);
    const mail = await api(ava, 'POST', '/track/share/', { short_code: 'AVA-BLOG', social_name: 'Email' });
    expect(mail.status).toBe(201);
    const rows = await env.DB.prepare("SELECT * FROM shares WHERE ambassador_uid = 'amb-ava' ORDER BY id DESC LIMIT 2").all<Record<string, any>>();
    expect(rows.results.map((r) => [r.social_name, r.share_link_uid, r.campaign_id])).toEqual([['email', 'sl-ava-blog', 101], ['copy', 'sl-ava-demo', 102]]);
    expect(rows.results[1]).toMatchObject({ recipient_email: 'placeholder@example.com', recipient_username: 'placeholder' });
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM shares WHERE ambassador_uid = 'amb-ava'").first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 2);
  });

  it("refuses someone else's link, an unknown one, a missing channel and no token", async () => {
    expect((await api(ava, 'POST', '/track/share/', { short_code: 'ben-demo', social_name: 'copy' })).body.short_code).toBeDefined();
    expect((await api(ava, 'POST', '/track/share/', { short_code: 'alex-trail', social_name: 'copy' })).status).toBe(400);
    expect((await api(ava, 'POST', '/track/share/', { short_code: 'ava-demo' })).body.social_name).toBeDefined();
    expect((await api(ava, 'POST', '/track/share/', { short_code: 'ava-demo', social_name: '<script>' })).status).toBe(400);
    expect((await api({ ...ava, token: 'x'.repeat(64) }, 'POST', '/track/share/', { short_code: 'ava-demo', social_name: 'copy' })).status).toBe(401);
  });

  it('is reachable from the browser through /api with the session cookie', async () => {
    const res = await edge().fetch('http://localhost/api/track/share/', {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: `__Host-portal_session=${ava.userId}.${ava.uid}.${ava.token}` },
      body: JSON.stringify({ short_code: 'ava-demo', social_name: 'facebook' }),
    });
    expect(res.status).toBe(201);
  });
});

describe('stats move when a link is used', () => {
  const campaignStats = async (uid: string) =>
    (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/?campaign_uid=${uid}`)).body.campaign_links[0];

  it('counts a new click and a share in the campaign stats and the share-link table', async () => {
    const before = await campaignStats('cmp-demo-summer');
    const linkBefore = (await api(ava, 'GET', listPath(ava))).body.results.find((r: any) => r.short_code === 'ava-pin');
    await visit('http://localhost/r/ava-pin', { ip: '203.0.113.200' });
    await visit('http://localhost/r/ava-pin', { ip: '203.0.113.200' }); // a repeat: not counted
    await visit('http://localhost/r/ava-pin', { ip: '203.0.113.201', ua: 'Googlebot/2.1' }); // a bot: not counted
    await api(ava, 'POST', '/track/share/', { short_code: 'ava-pin', social_name: 'twitter' });
    const after = await campaignStats('cmp-demo-summer');
    expect(after.clicks).toBe(before.clicks + 1);
    expect(after.shares).toBe(before.shares + 1);
    expect(after.referrals).toBe(before.referrals);
    const linkAfter = (await api(ava, 'GET', listPath(ava))).body.results.find((r: any) => r.short_code === 'ava-pin');
    expect(linkAfter.clicks).toBe(linkBefore.clicks + 1);
  });

  it('answers campaign stats in the spec shape, for one campaign, all, and a date range', async () => {
    const one = await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/?campaign_uid=cmp-demo-main`);
    expect(one.status).toBe(200);
    expect(one.body.campaign_links[0]).toMatchObject({ campaign_uid: 'cmp-demo-main', campaign_id: 102, short_code: 'ava-demo', share_link: 'http://localhost/r/ava-demo', currency: 'USD' });
    const all = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/`)).body.campaign_links[0];
    expect(all.campaign_uid).toBeNull();
    expect(all.clicks).toBeGreaterThan(one.body.campaign_links[0].clicks);
    const today = new Date().toISOString().slice(0, 10);
    const recent = (await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/?campaign_uid=cmp-demo-summer&start_date=${today}&end_date=${today}`)).body.campaign_links[0];
    expect(recent.clicks).toBeGreaterThanOrEqual(3); // the clicks of this file, today
    expect(recent.clicks).toBeLessThan(20);
    const counted = await env.DB.prepare("SELECT COUNT(*) AS n FROM clicks WHERE ambassador_uid = 'amb-ava' AND campaign_id = 101 AND counted = 1 AND created_at >= ?")
      .bind(`${today}T00:00:00.000Z`).first<{ n: number }>();
    expect(recent.clicks).toBe(counted!.n);
  });

  it("refuses stats of another ambassador or of a campaign that is not theirs, and bad dates", async () => {
    const ben = await login('localhost', 'ben@demo.test');
    expect((await api(ben, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/`)).status).toBe(404);
    expect((await api(ben, 'GET', `/ambassadors/${ben.uid}/stats/campaigns/?campaign_uid=cmp-demo-summer`)).status).toBe(404);
    expect((await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/?start_date=yesterday`)).body.start_date).toBeDefined();
    expect((await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/campaigns/?start_date=2024-05-02&end_date=2024-05-01`)).status).toBe(400);
  });

  it('splits commissions into monetary and non-monetary parts with pending sums', async () => {
    const res = await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/?split_currency_types=true`);
    expect(res.status).toBe(200);
    const { monetary, non_monetary } = res.body.commissions;
    for (const part of [monetary, non_monetary]) {
      for (const key of ['earned_sum', 'pending_sum', 'approved_sum', 'paid_sum']) expect(typeof part[key]).toBe('number');
      expect(part.earned_sum).toBe(part.pending_sum + part.approved_sum + part.paid_sum);
    }
    expect(monetary.earned_sum).toBeGreaterThan(0);
    expect(non_monetary.earned_sum).toBeGreaterThan(0); // VIP commissions
    expect(res.body.monetary_pending_sum).toBe(monetary.pending_sum);
    expect(res.body.non_monetary_pending_sum).toBe(non_monetary.pending_sum);
    // The ledger's balances (migration 0005 keeps them from the seed's entries), as the stats answer them.
    const ledger = await env.DB.prepare("SELECT * FROM loyalty_balances WHERE ambassador_uid = 'amb-ava'").first<Record<string, number>>();
    expect(ledger!.points_earned).toBeGreaterThan(ledger!.points_available);
    expect(res.body.loyalty).toEqual({
      points_earned: ledger!.points_earned, points_available: ledger!.points_available, points_redeemed: ledger!.points_redeemed,
      points_expired: ledger!.points_expired, points_held: ledger!.points_held, cash_earned: ledger!.cash_earned,
      cash_available: ledger!.cash_available, cash_redeemed: ledger!.cash_redeemed, cash_expired: ledger!.cash_expired, cash_held: ledger!.cash_held,
    });
    const summer = await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/?split_currency_types=true&campaign_uid=cmp-demo-summer`);
    expect(summer.body.commissions.non_monetary.earned_sum).toBe(0);
  });

  it('draws [time, value] series by interval, zero-filled', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/graph/?start_date=${start}&end_date=${today}&interval=day&stat_types=clicks,shares`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.stat_type)).toEqual(['clicks', 'shares']);
    const clicks = res.body[0].values;
    expect(clicks).toHaveLength(7);
    expect(clicks[0][0]).toBe(Date.parse(`${start}T00:00:00Z`));
    expect(clicks.at(-1)[1]).toBeGreaterThanOrEqual(3);
    const months = await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/graph/?start_date=2025-01-15&end_date=2025-03-02&interval=month`);
    expect(months.body[0].values.map((v: number[]) => new Date(v[0]!).toISOString().slice(0, 10))).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect((await api(ava, 'GET', `/ambassadors/${ava.uid}/stats/graph/?stat_types=views`)).status).toBe(400);
  });
});

describe('dashboard data', () => {
  it('lists recent activity (15 by default), optionally of one campaign, only for oneself', async () => {
    const res = await api(ava, 'GET', `/activity/recent/?affiliate_uid=${ava.uid}&page_size=15`);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeLessThanOrEqual(15);
    expect(res.body.results.length).toBeGreaterThan(0);
    const dates = res.body.results.map((r: any) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const key of ['created_at', 'type', 'referred_name', 'referred_email', 'amount', 'status', 'payment_method', 'expire_at', 'event_data1']) {
      expect(res.body.results[0]).toHaveProperty(key);
    }
    const summer = await api(ava, 'GET', `/activity/recent/?affiliate_uid=${ava.uid}&campaign_uid=cmp-demo-summer`);
    expect(summer.body.results.every((r: any) => r.campaign_uid === 'cmp-demo-summer' || r.campaign_uid === null)).toBe(true);
    const ben = await login('localhost', 'ben@demo.test');
    expect((await api(ben, 'GET', `/activity/recent/?affiliate_uid=${ava.uid}`)).status).toBe(404);
  });

  it('lists the tasks that apply with their completed state', async () => {
    const res = await api(ava, 'GET', '/companies/demo/loyalty_program/tasks/');
    expect(res.status).toBe(200);
    const names = res.body.results.map((t: any) => t.uid);
    expect(names).toEqual(['task-demo-profile', 'task-demo-instagram', 'task-demo-facebook', 'task-demo-review']);
    expect(res.body.results.some((t: any) => t.completed)).toBe(true);
    const same = await api(ava, 'GET', '/companies/demo/tasks/?campaign_uid=cmp-demo-main');
    expect(same.body.results.map((t: any) => t.uid)).not.toContain('task-demo-review');
    expect((await api(ava, 'GET', '/companies/acme/tasks/')).status).toBe(404);
  });

  it('lists assets of a campaign with kind, size, thumbnail and embed code carrying the referral link, searchable', async () => {
    const res = await api(ava, 'GET', `/ambassadors/${ava.uid}/assets/?campaign_uid=cmp-demo-summer`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((a: any) => a.kind).sort()).toEqual(['audio', 'image', 'other', 'pdf', 'video']);
    const image = res.body.results.find((a: any) => a.kind === 'image');
    expect(image).toMatchObject({ campaign_uid: 'cmp-demo-summer', share_link: 'http://localhost/r/ava-summer' });
    expect(image.attribute).toMatch(/^\d+(\.\d)? (kB|MB)$/);
    expect(image.data_thumbnail).toMatch(/^http:\/\/localhost\/media\/assets\/demo\//);
    expect(image.image_snippet).toContain('href="http://localhost/r/ava-summer"');
    expect(image.image_snippet).toContain('<img src="http://localhost/media/assets/demo/');
    const search = await api(ava, 'GET', `/ambassadors/${ava.uid}/assets/?campaign_uid=cmp-demo-summer&search=BRAND`);
    expect(search.body.results.map((a: any) => a.kind)).toEqual(['pdf']);
    const none = await api(ava, 'GET', `/ambassadors/${ava.uid}/assets/?search=%25`);
    expect(none.body.results).toEqual([]);
    expect((await api(ava, 'GET', `/ambassadors/${ava.uid}/assets/?campaign_uid=cmp-acme-trail`)).status).toBe(404);
  });
});
