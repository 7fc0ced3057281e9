// Tab access is a rule, not a menu: with the rewards tab limited to a campaign, a non-member's
// /api gift-card list and redeem used to work. Now every channel (the /v1 API with a token, the browser's
// /api with the cookie, the page form) refuses what exists only for a tab to a person the tab excludes,
// and the public portal.json carries no limited custom tab's HTML and no signed-in-only scripts.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';

const cookieOf = (who: Who) => `__Host-portal_session=${who.userId}.${who.uid}.${who.token}`;
const viaBrowserApi = (who: Who, method: string, path: string, body?: unknown) =>
  edge().fetch(`http://localhost/api${path}`, {
    method,
    headers: { cookie: cookieOf(who), origin: 'http://localhost', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });

let ava: Who;
let ben: Who;
let groups: { uid: string; group_id: number | null }[];
beforeEach(async () => {
  forgetTenants();
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
  groups = (await env.DB.prepare("SELECT uid, group_id FROM ambassadors WHERE uid IN ('amb-ava', 'amb-ben')").all<{ uid: string; group_id: number | null }>()).results;
  // Both may use loyalty, so only the tab rule tells them apart.
  await env.DB.prepare("UPDATE users SET loyalty_access = 1 WHERE company_id = 'demo' AND email IN ('ava@demo.test', 'ben@demo.test')").run();
});
afterEach(async () => {
  for (const tab of ['rewards', 'sharing', 'assets']) await op(KEYS.demo, 'PUT', `/tabs/${tab}/access`, { campaigns: [], groups: [] });
  for (const g of groups) await env.DB.prepare('UPDATE ambassadors SET group_id = ? WHERE uid = ?').bind(g.group_id, g.uid).run();
  await env.DB.prepare("UPDATE users SET loyalty_access = 0 WHERE company_id = 'demo' AND email = 'ben@demo.test'").run();
});

describe('a tab limited to a campaign', () => {
  it('refuses its data and actions to a non-member on /v1 and /api, and keeps them for a member', async () => {
    // Ava is in the VIP campaign, Ben is not.
    expect((await op(KEYS.demo, 'PUT', '/tabs/rewards/access', { campaigns: ['cmp-demo-vip'], groups: [] })).status).toBe(200);
    const list = (who: Who) => call(who, 'POST', `/tables/ambassadors/${who.uid}/content/affiliate_gift_card/?page=1`);
    const redeem = (who: Who) => call(who, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: who.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 });

    const refused = await list(ben);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'tabNotAvailable' });
    expect((await redeem(ben)).status).toBe(403);
    expect((await call(ben, 'GET', '/rewards/portals/demo-portal/redemptions/')).status).toBe(403);
    const viaApi = await viaBrowserApi(ben, 'POST', `/tables/ambassadors/${ben.uid}/content/affiliate_gift_card/?page=1`);
    expect(viaApi.status).toBe(403);
    expect(((await viaApi.json()) as { detail: string }).detail).toMatch(/not available/);
    const redeemViaApi = await viaBrowserApi(ben, 'POST', '/loyalty/gift_card/redeem/', { affiliate_uid: ben.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 });
    expect(redeemViaApi.status).toBe(403);
    // Nothing was spent or held for Ben.
    const redemptions = await env.DB.prepare("SELECT COUNT(*) AS n FROM redemptions WHERE ambassador_uid = 'amb-ben'").first<number>('n');
    expect(redemptions).toBe(0);
    // The page and its form post go elsewhere (the page gate).
    const page = await edge().fetch('http://localhost/app/rewards', { method: 'POST', headers: { cookie: cookieOf(ben), origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' }, body: 'gift_card_uid=rwd-demo-voucher&amount=300', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).not.toContain('/app/rewards');

    expect((await list(ava)).status).toBe(200);
    expect((await viaBrowserApi(ava, 'POST', `/tables/ambassadors/${ava.uid}/content/affiliate_gift_card/?page=1`)).status).toBe(200);
  });

  it('follows a change of the rule at once, though the resolved customization is kept in the isolate', async () => {
    const redemptions = () => call(ben, 'GET', '/rewards/portals/demo-portal/redemptions/');
    expect((await redemptions()).status).toBe(200);
    expect((await op(KEYS.demo, 'PUT', '/tabs/rewards/access', { campaigns: ['cmp-demo-vip'], groups: [] })).status).toBe(200);
    expect((await redemptions()).status).toBe(403);
    expect((await op(KEYS.demo, 'PUT', '/tabs/rewards/access', { campaigns: [], groups: [] })).status).toBe(200);
    expect((await redemptions()).status).toBe(200);
  });

  it('refuses share links and assets to people outside the groups a tab is limited to', async () => {
    await env.DB.prepare("UPDATE ambassadors SET group_id = 1 WHERE uid = 'amb-ava'").run();
    await env.DB.prepare("UPDATE ambassadors SET group_id = 2 WHERE uid = 'amb-ben'").run();
    expect((await op(KEYS.demo, 'PUT', '/tabs/sharing/access', { campaigns: [], groups: ['grp-demo-creators'] })).status).toBe(200);
    expect((await op(KEYS.demo, 'PUT', '/tabs/assets/access', { campaigns: [], groups: ['grp-demo-creators'] })).status).toBe(200);

    expect((await call(ben, 'GET', `/ambassadors/${ben.uid}/custom_urls/`)).status).toBe(403);
    expect((await call(ben, 'POST', `/tables/ambassadors/${ben.uid}/actions/custom_url/create/`, { campaign: 'cmp-demo-main', description: 'x' })).status).toBe(403);
    expect((await call(ben, 'PATCH', '/urls/sl-ben-demo/', { description: 'y' })).status).toBe(403);
    expect((await call(ben, 'GET', `/ambassadors/${ben.uid}/assets/`)).status).toBe(403);
    expect((await viaBrowserApi(ben, 'GET', `/ambassadors/${ben.uid}/assets/`)).status).toBe(403);
    // Sharing what the dashboard shows (the referral link) is not the share-links tab's: it still counts.
    expect((await call(ben, 'POST', '/track/share/', { short_code: 'ben-demo', social_name: 'copy' })).status).toBeLessThan(300);

    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/custom_urls/`)).status).toBe(200);
    expect((await call(ava, 'GET', `/ambassadors/${ava.uid}/assets/`)).status).toBe(200);
  });
});

describe('GET /v1/portal.json', () => {
  it('carries no HTML of a limited custom tab and no signed-in-only scripts, but keeps the public parts', async () => {
    const current = (await op(KEYS.demo, 'GET', '/customization')).body.settings;
    const marker = `secret-${crypto.randomUUID().slice(0, 8)}`;
    const next = {
      ...current,
      dashboard: { ...current.dashboard, head_scripts: `<script>/*${marker}-dash*/</script>`, body_scripts: '' },
      login: { ...current.login, head_scripts: '<meta name="public-login" content="yes">' },
      tabs: {
        ...current.tabs,
        custom: [
          { slug: 'members-only', name: 'Members', html: `<p>${marker}-limited</p>`, campaigns_with_tab_access: [103] },
          { slug: 'for-all', name: 'Everyone', html: '<p>open to all</p>' },
        ],
      },
    };
    const put = await op(KEYS.demo, 'PUT', '/customization', next);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const res = await edge().fetch('http://localhost/v1/portal.json?host=localhost');
      const text = await res.text();
      expect(text).not.toContain(marker);
      const [view] = JSON.parse(text) as { customization: { tabs: { custom: { slug: string; html?: string }[] }; login: { head_scripts: string } } }[];
      expect(view!.customization.login.head_scripts).toContain('public-login');
      expect(view!.customization.tabs.custom.map((t) => t.slug)).toEqual(['members-only', 'for-all']);
      expect(view!.customization.tabs.custom.find((t) => t.slug === 'for-all')!.html).toContain('open to all');
    } finally {
      await op(KEYS.demo, 'PUT', '/customization', current);
    }
  });
});
