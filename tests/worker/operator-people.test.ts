// Operator ambassador calls: create with an invitation the ambassador follows to set a password
// and log in, deactivate (their token stops working), move between groups and campaigns (what they see
// follows), and a company key that never reaches another company's ambassadors.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/lib/i18n';
import { call, codeFrom, freshIp, lastEmail, login as passwordLogin, postJson } from './accounts-helpers';
import { edge } from './helpers';
import { KEYS, op, scalar } from './operator-fixtures';
import { api, login } from './sharing-fixtures';

const PASSWORD = 'Trail-Mix-2026!';

describe('creating an ambassador', () => {
  it('makes a whole account that logs in after setting a password from the invitation e-mail', async () => {
    const created = await op(KEYS.demo, 'POST', '/ambassadors', {
      email: '  Jamie.Rivera@Example.com ', first_name: 'Jamie', last_name: 'Rivera', language: 'fr',
      group: 'grp-demo-creators', campaigns: ['cmp-demo-main', 101], invite: true,
    });
    expect(created.status).toBe(201);
    const amb = created.body.ambassador;
    expect(created.body.invited).toBe(true);
    expect(amb).toMatchObject({
      email: 'jamie.rivera@example.com', first_name: 'Jamie', last_name: 'Rivera', language: 'fr',
      group: { uid: 'grp-demo-creators', name: 'Creators' }, active: true, has_password: false,
    });
    expect(amb.campaigns.map((c: { campaign_uid: string }) => c.campaign_uid).sort()).toEqual(['cmp-demo-main', 'cmp-demo-summer']);
    for (const c of amb.campaigns) expect(c.short_code).toMatch(/^[a-f0-9]{8}$/);
    // Everything registration writes for an account is there.
    expect(await scalar('SELECT COUNT(*) FROM notification_settings WHERE company_id = ? AND ambassador_uid = ?', 'demo', amb.uid)).toBe(1);
    expect(await scalar('SELECT COUNT(*) FROM loyalty_balances WHERE company_id = ? AND ambassador_uid = ?', 'demo', amb.uid)).toBe(1);

    // The invitation is in French (the ambassador's language) and carries the set-password link.
    const mail = (await lastEmail('demo', 'jamie.rivera@example.com'))!;
    expect(mail.template).toBe('invite');
    expect(mail.subject).toBe(t('fr', 'emailInviteSubject', { company: 'Demo Co' }));
    expect(mail.body_text).toContain('Demo Co vous invite');
    const { code, link } = codeFrom(mail.body_text);
    const url = new URL(link);
    expect(url.pathname).toBe('/set-password');
    expect(url.searchParams.get('email')).toBe('jamie.rivera@example.com');
    expect(url.searchParams.get('code')).toBe(code);

    const set = await call(`http://localhost/v1/auth/ambassador/set_password/?host=localhost`, postJson({
      email: 'jamie.rivera@example.com', code, password: PASSWORD, repeat_password: PASSWORD,
    }, {}, { ip: freshIp() }));
    expect(set.status).toBe(200);
    const session = await passwordLogin('localhost', 'jamie.rivera@example.com', PASSWORD);
    expect(session.status).toBe(200);
    const { token } = (await session.json()) as { token: string };
    const profile = await api({ token, uid: amb.uid, userId: 0, host: 'localhost' }, 'GET', `/portal/ambassadors/${amb.uid}/`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: 'jamie.rivera@example.com', language: 'fr', group_id: 1 });
    expect(profile.body.urls.map((u: { campaign_uid: string }) => u.campaign_uid).sort()).toEqual(['cmp-demo-main', 'cmp-demo-summer']);

    // Now that a password is set, another invitation has nothing to do.
    expect((await op(KEYS.demo, 'GET', `/ambassadors/${amb.uid}`)).body.ambassador.has_password).toBe(true);
    const again = await op(KEYS.demo, 'POST', `/ambassadors/${amb.uid}/invite`, {});
    expect(again.status).toBe(409);
  });

  it('joins the campaigns a registration joins when none are named, and sends no e-mail without invite', async () => {
    const res = await op(KEYS.acme, 'POST', '/ambassadors', { email: 'quiet@acme.test', first_name: 'Quinn', last_name: 'Quiet' });
    expect(res.status).toBe(201);
    expect(res.body.invited).toBe(false);
    expect(res.body.ambassador.campaigns.map((c: { campaign_uid: string }) => c.campaign_uid)).toEqual(['cmp-acme-trail', 'cmp-acme-summit']);
    expect(res.body.ambassador.group).toBeNull();
    expect(await lastEmail('acme', 'quiet@acme.test')).toBeNull();

    // The invitation sent later uses the company's default language (acme: Spanish).
    const invited = await op(KEYS.acme, 'POST', `/ambassadors/${res.body.ambassador.uid}/invite`, {});
    expect(invited.status).toBe(200);
    const mail = (await lastEmail('acme', 'quiet@acme.test'))!;
    expect(mail.subject).toBe(t('es', 'emailInviteSubject', { company: 'Acme Outdoor' }));
    expect(codeFrom(mail.body_text).link).toMatch(/^http:\/\/acme\.localhost\/set-password\?/);

    // Called on a local run's port (the CLI, on the company's host), the link keeps the port the portal answers on.
    const res2 = await edge().fetch(`http://acme.localhost:8787/v1/operator/ambassadors/${res.body.ambassador.uid}/invite`, {
      method: 'POST', headers: { authorization: `Bearer ${KEYS.acme}` },
    });
    expect(res2.status).toBe(200);
    expect(codeFrom((await lastEmail('acme', 'quiet@acme.test'))!.body_text).link).toMatch(/^http:\/\/acme\.localhost:8787\/set-password\?/);
  });

  it('refuses a taken e-mail, an unknown group or campaign and a bad language, naming the field', async () => {
    const taken = await op(KEYS.demo, 'POST', '/ambassadors', { email: 'BEN@demo.test', first_name: 'B', last_name: 'B' });
    expect(taken.status).toBe(400);
    expect(taken.body.error_codes.email[0].code).toBe('emailTaken');
    const bad = await op(KEYS.demo, 'POST', '/ambassadors', {
      email: 'new-person@example.com', first_name: 'New', last_name: 'Person', group: 'grp-acme-guides', campaigns: ['cmp-acme-trail'],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['campaigns', 'error_codes', 'group']);
    const lang = await op(KEYS.demo, 'POST', '/ambassadors', { email: 'x@example.com', first_name: 'X', last_name: 'Y', language: 'klingon' });
    expect(lang.status).toBe(400);
    expect(lang.body.language).toBeDefined();
    expect(await scalar("SELECT COUNT(*) FROM users WHERE email IN ('new-person@example.com', 'x@example.com')")).toBe(0);
  });
});

describe('listing ambassadors', () => {
  it('pages the company\'s own ambassadors and filters them', async () => {
    const all = await op(KEYS.demo, 'GET', '/ambassadors?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.results).toHaveLength(2);
    expect(all.body.count).toBe(await scalar("SELECT COUNT(*) FROM ambassadors WHERE company_id = 'demo'"));
    const next = await op(KEYS.demo, 'GET', '/ambassadors?limit=2&offset=2');
    expect(next.body.results[0].uid).not.toBe(all.body.results[0].uid);

    const byEmail = await op(KEYS.demo, 'GET', '/ambassadors?email=BEN%40');
    expect(byEmail.body.results.map((a: { uid: string }) => a.uid)).toEqual(['amb-ben']);
    const byGroup = await op(KEYS.acme, 'GET', '/ambassadors?group=Deportistas');
    expect(byGroup.body.results.map((a: { uid: string }) => a.uid)).toEqual(['amb-sam']);
    const byCampaign = await op(KEYS.acme, 'GET', '/ambassadors?campaign=202');
    expect(byCampaign.body.results.map((a: { uid: string }) => a.uid)).toContain('amb-alex');
    expect(byCampaign.body.results.map((a: { uid: string }) => a.uid)).not.toContain('amb-sam');
    const unknown = await op(KEYS.demo, 'GET', '/ambassadors?campaign=cmp-acme-trail');
    expect(unknown.status).toBe(400);
  });
});

describe('deactivating an ambassador', () => {
  it('stops their API token at once and refuses their log in until they are reactivated', async () => {
    const ava = await login('localhost', 'ava@demo.test');
    expect((await api(ava, 'GET', `/users/${ava.userId}/`)).status).toBe(200);

    const off = await op(KEYS.demo, 'POST', '/ambassadors/amb-ava/deactivate', {});
    expect(off.status).toBe(200);
    expect(off.body.ambassador).toMatchObject({ uid: 'amb-ava', active: false, deactivated_at: expect.any(String) });
    expect((await api(ava, 'GET', `/users/${ava.userId}/`)).status).toBe(401);
    expect((await passwordLogin('localhost', 'ava@demo.test', 'Password1!')).status).toBe(400);
    expect((await op(KEYS.demo, 'GET', '/ambassadors?active=false')).body.results.map((a: { uid: string }) => a.uid)).toContain('amb-ava');

    const on = await op(KEYS.demo, 'POST', '/ambassadors/amb-ava/reactivate', {});
    expect(on.body.ambassador.active).toBe(true);
    // The old session stays ended; a new log in works.
    expect((await api(ava, 'GET', `/users/${ava.userId}/`)).status).toBe(401);
    expect((await passwordLogin('localhost', 'ava@demo.test', 'Password1!')).status).toBe(200);
  });
});

describe('moving an ambassador', () => {
  it('between groups and campaigns, which the ambassador sees in their profile and assets', async () => {
    const ben = await login('localhost', 'ben@demo.test');
    const moved = await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/group', { group: 'grp-demo-creators' });
    expect(moved.status).toBe(200);
    expect(moved.body.ambassador.group).toEqual({ uid: 'grp-demo-creators', name: 'Creators' });
    expect((await api(ben, 'GET', '/portal/ambassadors/amb-ben/')).body.group_id).toBe(1);
    expect((await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/group', { group: null })).body.ambassador.group).toBeNull();

    const summerAssets = async () => (await api(ben, 'GET', '/ambassadors/amb-ben/assets/?campaign_uid=cmp-demo-summer')).status;
    expect(await summerAssets()).toBe(404);
    const joined = await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/campaigns/cmp-demo-summer');
    expect(joined.status).toBe(200);
    const link = joined.body.ambassador.campaigns.find((c: { campaign_uid: string }) => c.campaign_uid === 'cmp-demo-summer');
    expect(link.short_code).toBeTruthy();
    const portal = await api(ben, 'GET', '/portal/ambassadors/amb-ben/');
    expect(portal.body.urls.find((u: { campaign_uid: string }) => u.campaign_uid === 'cmp-demo-summer').url).toContain(`/r/${link.short_code}`);
    const assets = await api(ben, 'GET', '/ambassadors/amb-ben/assets/?campaign_uid=cmp-demo-summer');
    expect(assets.status).toBe(200);
    expect(assets.body.count).toBeGreaterThan(0);
    // Joining twice changes nothing.
    expect((await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/campaigns/101')).body.ambassador.campaigns).toHaveLength(2);

    const left = await op(KEYS.demo, 'DELETE', '/ambassadors/amb-ben/campaigns/cmp-demo-summer');
    expect(left.body.ambassador.campaigns.map((c: { campaign_uid: string }) => c.campaign_uid)).toEqual(['cmp-demo-main']);
    expect(await summerAssets()).toBe(404);
    // Rejoining gives back the same referral link.
    const rejoined = await op(KEYS.demo, 'PUT', '/ambassadors/amb-ben/campaigns/cmp-demo-summer');
    expect(rejoined.body.ambassador.campaigns.find((c: { campaign_uid: string }) => c.campaign_uid === 'cmp-demo-summer').short_code)
      .toBe(link.short_code);
  });
});

describe('tenant isolation of the ambassador calls', () => {
  it("answers 404 to demo's key for acme's ambassadors and campaigns, and changes nothing", async () => {
    const before = await scalar("SELECT group_concat(uid || ':' || IFNULL(group_id, '-') || ':' || IFNULL(deactivated_at, '-')) FROM ambassadors WHERE company_id = 'acme'");
    const calls: [string, string, unknown?][] = [
      ['GET', '/ambassadors/amb-alex'],
      ['POST', '/ambassadors/amb-alex/invite', {}],
      ['POST', '/ambassadors/amb-alex/deactivate', {}],
      ['POST', '/ambassadors/amb-paused/reactivate', {}],
      ['PUT', '/ambassadors/amb-alex/group', { group: null }],
      ['PUT', '/ambassadors/amb-alex/campaigns/cmp-demo-main'],
      ['DELETE', '/ambassadors/amb-alex/campaigns/cmp-acme-trail'],
      ['PUT', '/ambassadors/amb-ben/campaigns/cmp-acme-trail'],
    ];
    for (const [method, path, body] of calls) {
      const res = await op(KEYS.demo, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const list = await op(KEYS.demo, 'GET', '/ambassadors?limit=100');
    expect(list.body.results.every((a: { email: string }) => !a.email.endsWith('@acme.test'))).toBe(true);
    expect(await scalar("SELECT group_concat(uid || ':' || IFNULL(group_id, '-') || ':' || IFNULL(deactivated_at, '-')) FROM ambassadors WHERE company_id = 'acme'")).toBe(before);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM ambassador_campaigns WHERE ambassador_uid = 'amb-ben' AND campaign_id = 201").first('n')).toBe(0);
  });

  it('refuses the deployment owner key and no key', async () => {
    expect((await op(null, 'GET', '/ambassadors')).status).toBe(401);
    expect((await op('adm_demo_local_only_4c1e9b7d2a6f3058', 'GET', '/ambassadors')).status).toBe(401);
  });
});
