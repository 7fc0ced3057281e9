// The server side of spec §6 (numeric access level) and §4 (tab settings) for /app pages, and the CSP
// nonce of a page's scripts. Pages are the stub (`page:<path>`), behind the gate.
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withNonce } from '../../src/edge/csp-nonce';
import { pageGate } from '../../src/edge/page-gate';
import { forgetTenants } from '../../src/edge/tenant';
import { edge, stubPages } from './helpers';
import { token, type Who } from './profile-fixtures';

const gated = () => edge({}, [pageGate(), stubPages]);
const cookieOf = (who: Who, extra = '') => `__Host-portal_session=${who.userId}.${who.uid}.${who.token}${extra}`;

async function open(who: Who | null, path: string, cookieExtra = '') {
  const host = who?.host ?? 'localhost';
  return gated().fetch(`http://${host}${path}`, { headers: who ? { cookie: cookieOf(who, cookieExtra) } : {}, redirect: 'manual' });
}

/** Replaces part of a company's stored customization (and drops the cached tenant). */
async function customize(id: string, change: (settings: any) => void) {
  const row = await env.DB.prepare('SELECT settings FROM customizations WHERE id = ?').bind(id).first<{ settings: string }>();
  const settings = JSON.parse(row!.settings);
  change(settings);
  await env.DB.prepare('UPDATE customizations SET settings = ? WHERE id = ?').bind(JSON.stringify(settings), id).run();
  await forgetCache();
}

async function forgetCache() {
  forgetTenants();
  for (const host of ['localhost', 'acme.localhost']) await env.CACHE.delete(`portal:v1:${host}`);
}

const tabs = (s: any) => ((s.tabs ??= {}).items ??= {});

// Tests in a file share storage: every test starts from the seeded settings.
let seeded: { id: string; settings: string }[] = [];
beforeAll(async () => {
  seeded = (await env.DB.prepare('SELECT id, settings FROM customizations').all<{ id: string; settings: string }>()).results;
});
afterEach(async () => {
  await env.DB.batch(seeded.map((r) => env.DB.prepare('UPDATE customizations SET settings = ? WHERE id = ?').bind(r.settings, r.id)));
});

let ava: Who;
let ben: Who;
let alex: Who;
beforeEach(async () => {
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
  await forgetCache();
});

describe('page gate: numeric access level (spec §6)', () => {
  it('lets an ambassador with the portal access level open the app', async () => {
    const res = await open(ava, '/app/stats');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('page:/app/stats');
  });

  it('ends the session of a user whose level is not allowed and sends them to /login', async () => {
    await env.DB.prepare('UPDATE users SET access = 0 WHERE email = ?').bind('ben@demo.test').run();
    try {
      for (const path of ['/app', '/app/stats', '/app/account']) {
        const res = await open(ben, path);
        expect(res.status, path).toBe(303);
        expect(res.headers.get('location')).toBe('/login');
        expect(res.headers.getSetCookie().join()).toMatch(/__Host-portal_session=;.*Max-Age=0/i);
      }
    } finally {
      await env.DB.prepare('UPDATE users SET access = 1 WHERE email = ?').bind('ben@demo.test').run();
    }
  });

  it('leaves logged-out visitors to the pages (they send them to /register)', async () => {
    expect(await (await open(null, '/app/stats')).text()).toBe('page:/app/stats');
  });
});

describe('page gate: admin3_access variants (spec §2, §6)', () => {
  it.each([
    ['demo (legacy) has no transactions', 'ava', '/app/transactions', '/app'],
    ['acme (admin3) has no activity page', 'alex', '/app/activity-portal', '/app'],
  ])('%s', async (_what, who, path, location) => {
    const res = await open(who === 'ava' ? ava : alex, path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(location);
  });

  it.each([
    ['ava', '/app/activity-portal'], ['alex', '/app/transactions'], ['alex', '/app/rewards/v3'], ['ava', '/app/rewards'],
  ])('%s may open %s', async (who, path) => {
    expect((await open(who === 'ava' ? ava : alex, path)).status).toBe(200);
  });
});

describe('page gate: tab settings (spec §2 show flags, §4 visibility)', () => {
  it('refuses a tab whose show setting is off and sends the person to the first tab they may open', async () => {
    await customize('cust-demo', (s) => { tabs(s).stats = { show: false }; });
    const res = await open(ava, '/app/stats');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app');
    expect((await open(ava, '/app/assets')).status).toBe(200);
  });

  it('refuses a disabled tab, also for form posts', async () => {
    await customize('cust-demo', (s) => { tabs(s).sharing = { enabled: false }; });
    const res = await gated().fetch('http://localhost/app/sharing', {
      method: 'POST', redirect: 'manual',
      headers: { cookie: cookieOf(ava), origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'description=x',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app');
  });

  it('shows a group tab only to members of its group', async () => {
    await customize('cust-demo', (s) => { tabs(s).assets = { groups: ['grp-demo-creators'] }; });
    expect((await open(ava, '/app/assets')).status).toBe(200); // ava is a Creator
    const res = await open(ben, '/app/assets');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app');
  });

  it('shows a campaign tab only while that campaign is selected', async () => {
    await customize('cust-acme', (s) => { tabs(s).stats = { campaigns_with_tab_access: [202] }; });
    expect((await open(alex, '/app/stats', '; campaignId=201')).status).toBe(303);
    expect((await open(alex, '/app/stats', '; campaignId=all')).status).toBe(303);
    expect((await open(alex, '/app/stats', '; campaignId=202')).status).toBe(200);
    expect((await open(alex, '/app/stats?campaign=202', '; campaignId=201')).status).toBe(200);
  });

  it('follows the campaign override of the tab settings', async () => {
    await env.DB.prepare('UPDATE customizations SET settings = ? WHERE id = ?')
      .bind(JSON.stringify({ tabs: { items: { assets: { show: false } } } }), 'cust-acme-summit').run();
    await forgetCache();
    expect((await open(alex, '/app/assets', '; campaignId=201')).status).toBe(200);
    expect((await open(alex, '/app/assets', '; campaignId=202')).status).toBe(303);
  });

  it('sends a hidden dashboard to the first visible tab, and never loops when every tab is hidden', async () => {
    await customize('cust-demo', (s) => { tabs(s).dashboard = { show: false }; s.tabs.order = ['stats']; });
    const res = await open(ava, '/app');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app/stats');
    await customize('cust-demo', (s) => {
      for (const key of ['dashboard', 'stats', 'rewards', 'transactions', 'activity', 'assets', 'sharing', 'profile']) tabs(s)[key] = { show: false };
      s.tabs.custom = [];
    });
    expect((await open(ava, '/app')).status).toBe(200);
  });

  it('leaves paths that are no built-in tab to their pages', async () => {
    await customize('cust-demo', (s) => { tabs(s).stats = { show: false }; });
    expect(await (await open(ava, '/app/unknown')).text()).toBe('page:/app/unknown');
    expect(await (await open(ava, '/creator-corner')).text()).toBe('page:/creator-corner');
  });
});

describe('CSP nonce: only the scripts the page writes with it', () => {
  // The stub stands for a page whose markup an attacker got a <script> into: the nonce is written by the
  // templates as they render (src/edge/csp-nonce.ts), never added to whatever the response holds.
  const page: MiddlewareHandler = async (c) => c.html(
    `<!doctype html><html><head><script nonce="${c.get('nonce')}">window.a=1</script></head>`
    + '<body><div><script>window.injected=1</script><script nonce="guess">window.b=2</script></div></body></html>',
  );

  it('sends a fresh nonce in the policy and leaves a script written without it unable to run', async () => {
    const first = await edge({}, [page]).fetch('http://localhost/login');
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(/script-src [^;]*'unsafe-inline'/.test(csp)).toBe(false);
    const html = await first.text();
    expect(html).toContain(`<script nonce="${nonce}">window.a=1</script>`);
    expect(html).toContain('<script>window.injected=1</script>');
    expect(html).toContain('<script nonce="guess">');
    const second = await edge({}, [page]).fetch('http://localhost/login');
    expect(/'nonce-([^']+)'/.exec(second.headers.get('content-security-policy') ?? '')?.[1]).not.toBe(nonce);
  });

  it("gives each script and script preload of the tenant's snippet the nonce, replacing one it wrote", async () => {
    const snippet = '<!-- analytics --><script async src="https://cdn.example.com/a.js"></script>'
      + '<script nonce="guess">window.t = "<script>";</script><link rel="modulepreload" href="https://cdn.example.com/m.js">'
      + '<meta name="x" content="nonce">';
    const a = await withNonce(snippet, 'AAAA');
    expect(a).toBe('<!-- analytics --><script async src="https://cdn.example.com/a.js" nonce="AAAA"></script>'
      + '<script nonce="AAAA">window.t = "<script>";</script><link rel="modulepreload" href="https://cdn.example.com/m.js" nonce="AAAA">'
      + '<meta name="x" content="nonce">');
    // The snippet is parsed once per isolate; each response joins the pieces around its own nonce.
    expect(await withNonce(snippet, 'BBBB')).toBe(a.replaceAll('AAAA', 'BBBB'));
  });
});

describe('page gate: every spelling of a path', () => {
  /** Follows same-site redirects like a browser; every Location on the way must stay on this site. */
  async function walk(who: Who, path: string, cookieExtra: string, init: RequestInit = {}) {
    const hops: { status: number; location: string }[] = [];
    let res = await gated().fetch(`http://${who.host}${path}`, { ...init, headers: { cookie: cookieOf(who, cookieExtra) }, redirect: 'manual' });
    for (let i = 0; i < 5 && res.status >= 300 && res.status < 400; i++) {
      const location = res.headers.get('location')!;
      hops.push({ status: res.status, location });
      expect(location, `${path} hop ${i}`).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, `http://${who.host}/`).host).toBe(who.host);
      res = await gated().fetch(`http://${who.host}${location}`, { headers: { cookie: cookieOf(who, cookieExtra) }, redirect: 'manual' });
    }
    return { hops, res, text: await res.text() };
  }

  const limitStats = () => customize('cust-acme', (s) => { tabs(s).stats = { campaigns_with_tab_access: [202] }; });
  const NON_MEMBER = '; campaignId=201';
  const MEMBER = '; campaignId=202';

  // Spellings that are the stats page once decoded and normalised: a 301 to /app/stats, then the gate.
  const REDIRECTED = [
    '/app/%73tats', '/app/%53tats', '/app//stats', '//app/stats', '///app///stats', '/app/stats/', '/app/stats//', '/APP/Stats',
    '/App/STATS/', '/app/stats%2f', '/app/stats%2F', '/app%2fstats', '/app%2Fstats%2F', '/app/%5cstats', '/app%5Cstats', '/%61pp/stats',
    '/app/x%2f..%2fstats',
  ];
  // Spellings a router might still take for /app/stats (double encoding, ";params", dot segments the URL
  // parser resolves before the Worker sees them): gated where they are.
  const GATED_IN_PLACE = ['/app/%2573tats', '/app/%252573tats', '/app;/stats', '/app/stats;x=1', '/app;x/stats;y', '/app/./stats', '/app/x/../stats', '/app/stats/.',
    '/app/%2e/stats', '/app/x/%2e%2e/stats'];

  it.each(REDIRECTED)('redirects %s to /app/stats (301), where a non-member of the campaign is gated', async (path) => {
    await limitStats();
    const outsider = await walk(alex, path, NON_MEMBER);
    expect(outsider.hops[0]).toEqual({ status: 301, location: '/app/stats' });
    expect(outsider.hops[1]).toEqual({ status: 303, location: '/app' });
    expect(outsider.text).toBe('page:/app');
    const member = await walk(alex, path, MEMBER);
    expect(member.hops).toEqual([{ status: 301, location: '/app/stats' }]);
    expect(member.text).toBe('page:/app/stats');
  });

  it.each(GATED_IN_PLACE)('gates %s for a non-member of the campaign', async (path) => {
    await limitStats();
    const outsider = await walk(alex, path, NON_MEMBER);
    expect(outsider.text).toBe('page:/app');
    expect(outsider.hops.at(-1)).toEqual({ status: 303, location: '/app' });
    const member = await walk(alex, path, MEMBER);
    expect(member.res.status).toBe(200);
  });

  it('keeps the query string, answers other methods with 308, and HEAD like GET', async () => {
    const res = await open(alex, '/app//stats?campaign=202&range=30');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/app/stats?campaign=202&range=30');
    const post = await gated().fetch('http://acme.localhost/App/Sharing/', {
      method: 'POST', redirect: 'manual', body: 'description=x',
      headers: { cookie: cookieOf(alex), origin: 'http://acme.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(308);
    expect(post.headers.get('location')).toBe('/app/sharing');
    const head = await gated().fetch('http://acme.localhost/app/%73tats', { method: 'HEAD', redirect: 'manual', headers: { cookie: cookieOf(alex) } });
    expect(head.status).toBe(301);
    expect(head.headers.get('location')).toBe('/app/stats');
  });

  it('never answers a spelling with a protocol-relative or off-site Location', async () => {
    for (const path of ['//evil.example', '//evil.example/app', '///evil.example', '/%2f%2fevil.example', '/%5c%5cevil.example', '/%2F/evil.example/x', '/.//evil.example']) {
      for (const who of [alex, null]) {
        const res = await open(who, path);
        expect(res.status, path).toBe(301);
        const location = res.headers.get('location')!;
        expect(location, path).toMatch(/^\/evil\.example(\/app|\/x)?$/);
        const host = who?.host ?? 'localhost';
        expect(new URL(location, `http://${host}/`).host).toBe(host);
      }
    }
  });

  it('answers a path with control characters or broken encoding with 404, without a redirect', async () => {
    for (const path of ['/%09/evil.example/x', '/app/%0astats', '/app/stats%00', '/app/%E0%A4%A', '/%0d%0aSet-Cookie:x=1']) {
      const res = await open(alex, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.getSetCookie().join()).not.toContain('x=1');
    }
  });

  it('gates a campaign-limited custom tab at /{slug} in every spelling', async () => {
    // acme's "summit-perks" tab is limited to campaign 202 (seed).
    for (const path of ['/summit-perks', '/%73ummit-perks', '//summit-perks', '/summit-perks/', '/Summit-Perks', '/SUMMIT-PERKS%2f',
      '/%2573ummit-perks', '/summit-perks;x', '/x/../summit-perks']) {
      const outsider = await walk(alex, path, NON_MEMBER);
      expect(outsider.text, path).toBe('page:/app');
      expect(outsider.hops.at(-1), path).toEqual({ status: 303, location: '/app' });
      const member = await walk(alex, path, MEMBER);
      expect(member.res.status, path).toBe(200);
      expect(member.hops.every((hop) => hop.status === 301 && hop.location === '/summit-perks'), path).toBe(true);
    }
  });

  it('gates a group-limited custom tab for people outside the group, in every spelling', async () => {
    // demo's "creator-corner" is for the Creators group: ava is in it, ben is not.
    for (const path of ['/creator-corner', '/%63reator-corner', '//creator-corner/', '/Creator-Corner']) {
      expect((await walk(ben, path, '')).text, path).toBe('page:/app');
      expect((await walk(ava, path, '')).text, path).toBe('page:/creator-corner');
    }
  });
});
