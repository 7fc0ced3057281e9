// Operator API: a company reads and replaces its portal customization with its own key. The
// document is checked by the portal's own schema and refused whole with every error named; a good one is
// what the tenant's pages show on the next request (the tenant cache is forgotten), campaign layers and
// tab access included. A key never reaches another company's customization or campaigns.
import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { customizationAnswer, customizationDeletedAnswer, tabAccessAnswer } from '../../src/lib/schemas/companies';
import type { EdgeEnv } from '../../src/edge/types';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';

/** Stands in for the page layout: what the tenant's <head> would carry. */
const brandedPage: MiddlewareHandler<EdgeEnv> = async (c) => {
  const s = c.var.portal.settings;
  return new Response(`<title>${s.meta.head_title}</title><style>:root{--button:${s.theme.button_color}}</style>`);
};
const loginPage = async (host = 'acme.localhost') => (await edge({}, [brandedPage as MiddlewareHandler]).fetch(`http://${host}/login`)).text();

const storedRow = () => env.DB.prepare("SELECT settings, updated_at FROM customizations WHERE company_id = 'acme' AND campaign_id IS NULL").first();

describe('GET /v1/operator/customization', () => {
  it('answers the stored document and what the portal makes of it, for the key\'s company only', async () => {
    const acme = await op(KEYS.acme, 'GET', '/customization');
    expect(acme.status).toBe(200);
    customizationAnswer.parse(acme.body);
    expect(acme.body.settings.meta.head_title).toBe('Acme Outdoor Crew');
    expect(acme.body.effective.meta.head_title).toBe('Acme Outdoor Crew');
    // Fields the document leaves out come from the defaults.
    expect(acme.body.settings.stats).toBeUndefined();
    expect(acme.body.effective.stats.show_shares_graph).toBe(true);
    expect(acme.body.effective.loyalty.points_expire_days).toBe(365);
    const demo = await op(KEYS.demo, 'GET', '/customization');
    expect(demo.body.settings.meta.head_title).toBe('Demo Co Ambassadors');
    expect((await op(null, 'GET', '/customization')).status).toBe(401);
  });
});

describe('PUT /v1/operator/customization', () => {
  it('refuses an invalid document whole, naming every error by path, and changes nothing', async () => {
    const page = await loginPage();
    const before = await storedRow();
    const current = (await op(KEYS.acme, 'GET', '/customization')).body.settings;
    const bad = {
      ...current,
      meta: { ...current.meta, head_title: 'A brand new title' },
      theme: { ...current.theme, button_color: 'red; background:url(x)' },
      login: { ...current.login, backgroundcolour: '#ffffff' },
      tabs: { ...current.tabs, items: { rewards: { campaigns_with_tab_access: [102] } }, custom: [{ slug: 'login', name: 'Mine' }] },
      payouts: { holding_days: 365 },
      not_a_section: true,
    };
    const res = await op(KEYS.acme, 'PUT', '/customization', bad);
    expect(res.status).toBe(400);
    expect(res.body['theme.button_color']).toEqual(['This field is invalid.']);
    expect(res.body['payouts.holding_days']).toHaveLength(1);
    expect(res.body['tabs.custom.0.slug']).toEqual(['This field is invalid.']);
    expect(res.body['login.backgroundcolour']).toEqual(['Unknown field.']);
    expect(res.body.not_a_section).toEqual(['Unknown field.']);
    // 102 is a campaign of another company: unknown here.
    expect(res.body['tabs.items.rewards.campaigns_with_tab_access.0']).toEqual(['Unknown campaign.']);
    // The valid part (the new title) was not applied either.
    expect(await storedRow()).toEqual(before);
    expect(await loginPage()).toBe(page);
    expect(page).toContain('<title>Acme Outdoor Crew</title>');
  });

  it('replaces the document, and the tenant\'s page shows it on the next request', async () => {
    expect(await loginPage()).toContain('--button:#');
    const current = (await op(KEYS.acme, 'GET', '/customization')).body.settings;
    const doc = { ...current, meta: { ...current.meta, head_title: 'Acme Trail Crew' }, theme: { ...current.theme, button_color: '#123abc' } };
    const res = await op(KEYS.acme, 'PUT', '/customization', doc);
    expect(res.status).toBe(200);
    customizationAnswer.parse(res.body);
    expect(res.body.settings).toEqual(doc);
    expect(res.body.effective.theme.button_color).toBe('#123abc');
    const page = await loginPage();
    expect(page).toContain('<title>Acme Trail Crew</title>');
    expect(page).toContain('--button:#123abc');
    // Another company's portal is untouched.
    expect(await loginPage('localhost')).toContain('<title>Demo Co Ambassadors</title>');
  });

  it('a document that leaves a section out gives that section its defaults', async () => {
    const res = await op(KEYS.demo, 'PUT', '/customization', { meta: { head_title: 'Only a title' } });
    expect(res.status).toBe(200);
    expect(res.body.effective.theme.link_color).toBe('#3c97d3');
    expect(await loginPage('demo.localhost')).toContain('<title>Only a title</title>');
  });

  it('refuses a body that is not a JSON object', async () => {
    expect((await op(KEYS.acme, 'PUT', '/customization', '[1, 2]')).status).toBe(400);
    expect((await op(KEYS.acme, 'PUT', '/customization', '{"meta":')).body.code).toBe('invalidJson');
  });
});

describe('campaign customization layers', () => {
  it('a campaign layer overrides the company document for that campaign only, and can be removed', async () => {
    const put = await op(KEYS.acme, 'PUT', '/campaigns/cmp-acme-trail/customization', { meta: { head_title: 'Trail Team' } });
    expect(put.status).toBe(200);
    customizationAnswer.parse(put.body);
    expect(put.body.campaign_uid).toBe('cmp-acme-trail');
    expect(put.body.effective.meta.head_title).toBe('Trail Team');
    const company = (await op(KEYS.acme, 'GET', '/customization')).body.effective;
    expect(put.body.effective.theme.button_color).toBe(company.theme.button_color);
    expect(company.meta.head_title).not.toBe('Trail Team');

    const bad = await op(KEYS.acme, 'PUT', '/campaigns/cmp-acme-trail/customization', { theme: { link_color: 'blue' } });
    expect(bad.status).toBe(400);
    expect(bad.body['theme.link_color']).toEqual(['This field is invalid.']);
    expect((await op(KEYS.acme, 'GET', '/campaigns/cmp-acme-trail/customization')).body.settings).toEqual({ meta: { head_title: 'Trail Team' } });

    const gone = await op(KEYS.acme, 'DELETE', '/campaigns/cmp-acme-trail/customization');
    customizationDeletedAnswer.parse(gone.body);
    expect(gone.body.deleted).toBe(true);
    expect((await op(KEYS.acme, 'GET', '/campaigns/cmp-acme-trail/customization')).body.effective.meta.head_title).toBe(company.meta.head_title);
  });

  it('another company\'s campaign answers 404 and keeps its layer', async () => {
    const before = await env.DB.prepare("SELECT settings FROM customizations WHERE id = 'cust-acme-summit'").first('settings');
    expect((await op(KEYS.demo, 'GET', '/campaigns/cmp-acme-summit/customization')).status).toBe(404);
    expect((await op(KEYS.demo, 'PUT', '/campaigns/cmp-acme-summit/customization', { meta: { head_title: 'Hijacked' } })).status).toBe(404);
    expect((await op(KEYS.demo, 'DELETE', '/campaigns/cmp-acme-summit/customization')).status).toBe(404);
    expect(await env.DB.prepare("SELECT settings FROM customizations WHERE id = 'cust-acme-summit'").first('settings')).toBe(before);
  });
});

describe('PUT /v1/operator/tabs/{key}/access', () => {
  it('limits a tab to campaigns by uid; the campaigns show which tabs their ambassadors may see', async () => {
    const res = await op(KEYS.acme, 'PUT', '/tabs/assets/access', { campaigns: ['cmp-acme-summit'] });
    expect(res.status).toBe(200);
    tabAccessAnswer.parse(res.body);
    expect(res.body).toEqual({ key: 'assets', campaigns: ['cmp-acme-summit'], groups: [] });
    const stored = (await op(KEYS.acme, 'GET', '/customization')).body.settings;
    expect(stored.tabs.items.assets.campaigns_with_tab_access).toEqual([202]);
    expect((await op(KEYS.acme, 'GET', '/campaigns/cmp-acme-summit')).body.campaign.tab_access).toContain('assets');
    expect((await op(KEYS.acme, 'GET', '/campaigns/cmp-acme-trail')).body.campaign.tab_access).not.toContain('assets');

    // Open to every campaign again.
    await op(KEYS.acme, 'PUT', '/tabs/assets/access', { campaigns: [] });
    expect((await op(KEYS.acme, 'GET', '/campaigns/cmp-acme-trail')).body.campaign.tab_access).toContain('assets');
  });

  it('refuses another company\'s campaign or group by index, and an unknown tab with 404', async () => {
    const res = await op(KEYS.acme, 'PUT', '/tabs/rewards/access', { campaigns: ['cmp-acme-trail', 'cmp-demo-main'], groups: ['grp-demo-creators'] });
    expect(res.status).toBe(400);
    expect(res.body['campaigns.1']).toEqual(['Unknown campaign.']);
    expect(res.body['groups.0']).toEqual(['Unknown group.']);
    expect(res.body['campaigns.0']).toBeUndefined();
    expect((await op(KEYS.acme, 'PUT', '/tabs/no-such-tab/access', { campaigns: [] })).status).toBe(404);
  });
});
