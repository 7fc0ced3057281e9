// Operator API: a company defines its program with its own key: campaigns (create, edit,
// activate, hide, commission rule), groups, tiers, badges and tasks. Bad input is a 400 naming each field
// and writes nothing; SQL refuses what zod would (0008's guards); another company's uids answer 404.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeAnswer } from '../../src/lib/schemas/catalog';
import { badgeAnswer, badgeListAnswer, taskAnswer, taskListAnswer, tierAnswer, tierListAnswer } from '../../src/lib/schemas/loyalty';
import { campaignAnswer, campaignListAnswer, groupAnswer, groupListAnswer } from '../../src/lib/schemas/campaigns';
import { call, token, type Who } from './profile-fixtures';
import { KEYS, op, scalar, tx } from './operator-fixtures';

let alex: Who;
beforeAll(async () => {
  alex = await token('acme.localhost', 'alex@acme.test');
});

const campaign = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring trail run', url: 'https://acme-outdoor.test/spring', commission: { rate_bps: 1200, loyalty_points: 40 }, ...overrides,
});

describe('campaigns', () => {
  it('refuses a bad campaign, naming each field, and creates nothing', async () => {
    const before = await scalar("SELECT COUNT(*) FROM campaigns WHERE company_id = 'acme'");
    const res = await op(KEYS.acme, 'POST', '/campaigns', {
      name: ' ', url: 'javascript:alert(1)', allowed_hosts: ['not a host'], commission: { rate_bps: 20000, fixed_minor: -5, type: 'share' },
    });
    expect(res.status).toBe(400);
    expect(res.body.name).toEqual(['This field is required.']);
    expect(res.body.url).toEqual(['Enter a full web address, for example https://example.com.']);
    expect(res.body['allowed_hosts.0']).toHaveLength(1);
    expect(res.body['commission.rate_bps']).toEqual(['At most 10000 (100 %).']);
    expect(res.body['commission.fixed_minor']).toEqual(['Must be 0 or more.']);
    expect(res.body['commission.type']).toEqual(['Either "percentage" or "fixed".']);
    const typo = await op(KEYS.acme, 'POST', '/campaigns', campaign({ is_activ: false }));
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body)).toContain('is_activ');
    expect(await scalar("SELECT COUNT(*) FROM campaigns WHERE company_id = 'acme'")).toBe(before);
  });

  it('creates a campaign (once per Idempotency-Key) that an ambassador who joins it sees in the portal', async () => {
    const first = await op(KEYS.acme, 'POST', '/campaigns', campaign(), { 'idempotency-key': 'spring-1' });
    expect(first.status).toBe(201);
    campaignAnswer.parse(first.body);
    const created = first.body.campaign;
    expect(created).toMatchObject({
      name: 'Spring trail run', is_active: true, is_hidden_dashboard: false, members: 0,
      commission: { type: 'percentage', rate_bps: 1200, fixed_minor: 0, currency: 'EUR', is_monetary: true, loyalty_points: 40 },
    });
    const again = await op(KEYS.acme, 'POST', '/campaigns', campaign(), { 'idempotency-key': 'spring-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.campaign.uid).toBe(created.uid);
    const listed = await op(KEYS.acme, 'GET', '/campaigns');
    campaignListAnswer.parse(listed.body);
    expect(listed.body.results.filter((c: any) => c.name === 'Spring trail run')).toHaveLength(1);

    await env.DB.prepare("INSERT INTO ambassador_campaigns (company_id, ambassador_uid, campaign_id) VALUES ('acme', 'amb-alex', ?)")
      .bind(created.campaign_id).run();
    const profile = await call(alex, 'GET', `/portal/ambassadors/${alex.uid}/`);
    expect(profile.status).toBe(200);
    expect(profile.body.urls.map((u: any) => u.campaign_uid)).toContain(created.uid);
    expect((await op(KEYS.acme, 'GET', `/campaigns/${created.uid}`)).body.campaign.members).toBe(1);

    // Its commission rule is what a conversion on it earns: 12 % of 50.00.
    const conversion = await op(KEYS.acme, 'POST', '/events', {
      campaign_uid: created.uid, transaction_uid: tx('spring'), revenue: '50.00', referrer_email: 'alex@acme.test',
      customer: { email: 'hiker@example.com' },
    });
    expect(conversion.status).toBe(201);
    expect(conversion.body.commission.amount).toBe(600);
  });

  it('edits, deactivates, hides and changes the commission rule; later conversions follow the new rule', async () => {
    const { body } = await op(KEYS.acme, 'POST', '/campaigns', campaign({ name: 'Autumn' }));
    const uid = body.campaign.uid;
    await env.DB.prepare("INSERT INTO ambassador_campaigns (company_id, ambassador_uid, campaign_id) VALUES ('acme', 'amb-alex', ?)")
      .bind(body.campaign.campaign_id).run();
    const res = await op(KEYS.acme, 'PATCH', `/campaigns/${uid}`, {
      description: 'Leaves and peaks', is_hidden_dashboard: true, commission: { type: 'fixed', fixed_minor: 1500, is_monetary: false },
    });
    expect(res.status).toBe(200);
    campaignAnswer.parse(res.body);
    expect(res.body.campaign).toMatchObject({
      name: 'Autumn', description: 'Leaves and peaks', is_hidden_dashboard: true, is_active: true,
      commission: { type: 'fixed', fixed_minor: 1500, rate_bps: 1200, is_monetary: false, loyalty_points: 40 },
    });
    const conversion = await op(KEYS.acme, 'POST', '/events', {
      campaign_uid: uid, transaction_uid: tx('autumn'), revenue: '10.00', referrer_email: 'alex@acme.test', customer: { email: 'leaf@example.com' },
    });
    expect(conversion.body.commission).toMatchObject({ amount: 1500, is_monetary: false });

    const off = await op(KEYS.acme, 'PATCH', `/campaigns/${uid}`, { is_active: false });
    expect(off.body.campaign.is_active).toBe(false);
    const urls = (await call(alex, 'GET', `/portal/ambassadors/${alex.uid}/`)).body.urls;
    expect(urls.find((u: any) => u.campaign_uid === uid)).toMatchObject({ is_active: false, is_hidden_dashboard: true });

    const bad = await op(KEYS.acme, 'PATCH', `/campaigns/${uid}`, { commission: { loyalty_points: -1 }, url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['commission.loyalty_points', 'error_codes', 'url']);
    // SQL keeps the same rule for any other writer.
    await expect(env.DB.prepare('UPDATE campaigns SET commission_rate_bps = 10001 WHERE uid = ?').bind(uid).run()).rejects.toThrow(/commission_rate_invalid/);
  });

  it('another company\'s campaign answers 404 and stays as it was', async () => {
    const before = await env.DB.prepare("SELECT * FROM campaigns WHERE uid = 'cmp-acme-trail'").first();
    expect((await op(KEYS.demo, 'GET', '/campaigns/cmp-acme-trail')).status).toBe(404);
    expect((await op(KEYS.demo, 'PATCH', '/campaigns/cmp-acme-trail', { is_active: false })).status).toBe(404);
    expect(await env.DB.prepare("SELECT * FROM campaigns WHERE uid = 'cmp-acme-trail'").first()).toEqual(before);
    const demo = (await op(KEYS.demo, 'GET', '/campaigns')).body.results.map((c: any) => c.uid);
    expect(demo).toContain('cmp-demo-main');
    expect(demo.some((uid: string) => uid.startsWith('cmp-acme'))).toBe(false);
  });
});

describe('groups', () => {
  it('creates, renames and deletes an empty group; a group with ambassadors stays (409)', async () => {
    const created = await op(KEYS.acme, 'POST', '/groups', { name: 'Climbers' });
    expect(created.status).toBe(201);
    groupAnswer.parse(created.body);
    const uid = created.body.group.uid;
    expect((await op(KEYS.acme, 'POST', '/groups', { name: 'climbers' })).body.name).toEqual(['A group of this name exists.']);
    // Case is ignored in accented letters too ("ÉQUIPE" is "Équipe"); the empty group goes again.
    const accented = await op(KEYS.acme, 'POST', '/groups', { name: 'Équipe Montaña' });
    expect(accented.status).toBe(201);
    expect((await op(KEYS.acme, 'POST', '/groups', { name: 'ÉQUIPE MONTAÑA' })).body.name).toEqual(['A group of this name exists.']);
    expect((await op(KEYS.acme, 'DELETE', `/groups/${accented.body.group.uid}`)).status).toBeLessThan(300);
    const renamed = await op(KEYS.acme, 'PATCH', `/groups/${uid}`, { name: 'Rock climbers' });
    expect(renamed.body.group).toMatchObject({ uid, name: 'Rock climbers', members: 0 });
    const list = await op(KEYS.acme, 'GET', '/groups');
    groupListAnswer.parse(list.body);
    expect(list.body.results.find((g: any) => g.uid === 'grp-acme-guides').members).toBeGreaterThan(0);

    const busy = await op(KEYS.acme, 'DELETE', '/groups/grp-acme-guides');
    expect(busy.status).toBe(409);
    expect(busy.body.detail).toMatch(/still has 1 ambassador/);
    const gone = await op(KEYS.acme, 'DELETE', `/groups/${uid}`);
    expect(removeAnswer.parse(gone.body)).toEqual({ uid, outcome: 'deleted' });
    expect((await op(KEYS.acme, 'GET', '/groups')).body.results.map((g: any) => g.uid)).not.toContain(uid);
  });

  it('another company\'s group answers 404', async () => {
    expect((await op(KEYS.demo, 'PATCH', '/groups/grp-acme-athletes', { name: 'Mine' })).status).toBe(404);
    expect((await op(KEYS.demo, 'DELETE', '/groups/grp-acme-athletes')).status).toBe(404);
    expect(await scalar("SELECT name FROM groups WHERE uid = 'grp-acme-athletes'")).toBe('Deportistas');
  });
});

describe('tiers, badges and tasks', () => {
  it('tiers: create, edit, delete; a negative threshold is refused by zod and by SQL', async () => {
    const bad = await op(KEYS.acme, 'POST', '/tiers', { name: 'Below zero', threshold: -1, color: 'green' });
    expect(bad.status).toBe(400);
    expect(bad.body.threshold).toEqual(['Must be 0 or more.']);
    expect(bad.body.color).toEqual(['This field is invalid.']);
    const created = await op(KEYS.acme, 'POST', '/tiers', { name: 'Peak', threshold: 50, color: '#ef6c00' });
    expect(created.status).toBe(201);
    tierAnswer.parse(created.body);
    const uid = created.body.tier.uid;
    expect((await op(KEYS.acme, 'PATCH', `/tiers/${uid}`, { threshold: 60 })).body.tier).toMatchObject({ name: 'Peak', threshold: 60, is_active: true });
    const list = await op(KEYS.acme, 'GET', '/tiers');
    tierListAnswer.parse(list.body);
    expect(list.body.results.map((t: any) => t.threshold)).toEqual([...list.body.results.map((t: any) => t.threshold)].sort((a, b) => a - b));
    await expect(env.DB.prepare('UPDATE tiers SET threshold = -5 WHERE uid = ?').bind(uid).run()).rejects.toThrow(/tier_threshold_invalid/);
    expect((await op(KEYS.demo, 'PATCH', `/tiers/${uid}`, { threshold: 0 })).status).toBe(404);
    expect((await op(KEYS.demo, 'DELETE', `/tiers/${uid}`)).status).toBe(404);
    expect((await op(KEYS.acme, 'DELETE', `/tiers/${uid}`)).body).toEqual({ uid, outcome: 'deleted' });
  });

  it('badges: one someone earned is deactivated instead of deleted, so they keep it', async () => {
    const awarded = await op(KEYS.acme, 'DELETE', '/badges/badge-acme-crew-regular');
    expect(awarded.body).toEqual({ uid: 'badge-acme-crew-regular', outcome: 'deactivated' });
    expect(await scalar("SELECT COUNT(*) FROM ambassador_badges WHERE ambassador_uid = 'amb-alex' AND badge_id = 7")).toBe(1);
    const list = await op(KEYS.acme, 'GET', '/badges');
    badgeListAnswer.parse(list.body);
    expect(list.body.results.find((b: any) => b.uid === 'badge-acme-crew-regular')).toMatchObject({ is_active: false, awarded: 1 });

    const fresh = await op(KEYS.acme, 'POST', '/badges', { name: 'Night hiker', points: 800 });
    badgeAnswer.parse(fresh.body);
    expect(fresh.body.badge).toMatchObject({ points: 800, color: '#3c97d3', awarded: 0 });
    expect((await op(KEYS.acme, 'PATCH', `/badges/${fresh.body.badge.uid}`, { points: -3 })).body.points).toEqual(['Must be 0 or more.']);
    expect((await op(KEYS.acme, 'DELETE', `/badges/${fresh.body.badge.uid}`)).body.outcome).toBe('deleted');
    expect((await op(KEYS.demo, 'DELETE', '/badges/badge-acme-peak-performer')).status).toBe(404);
  });

  it('tasks: a campaign\'s task shows to its members; a completed one is deactivated; other companies\' campaigns are unknown', async () => {
    const foreign = await op(KEYS.acme, 'POST', '/tasks', { name: 'Sneaky', points: 10, campaign_uid: 'cmp-demo-main' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.campaign_uid).toEqual(['Unknown campaign.']);
    const created = await op(KEYS.acme, 'POST', '/tasks', {
      name: 'Summit selfie', points: 30, campaign_uid: 'cmp-acme-summit', url: 'https://acme-outdoor.test/selfie', position: 4,
    });
    expect(created.status).toBe(201);
    taskAnswer.parse(created.body);
    expect(created.body.task).toMatchObject({ campaign_uid: 'cmp-acme-summit', points: 30, completions: 0 });
    const seen = await call(alex, 'GET', '/companies/acme/loyalty_program/tasks/?campaign_uid=cmp-acme-summit');
    expect(JSON.stringify(seen.body)).toContain('Summit selfie');

    const patched = await op(KEYS.acme, 'PATCH', `/tasks/${created.body.task.uid}`, { campaign_uid: null, points: 35 });
    expect(patched.body.task).toMatchObject({ campaign_uid: null, points: 35 });
    taskListAnswer.parse((await op(KEYS.acme, 'GET', '/tasks')).body);
    expect((await op(KEYS.acme, 'DELETE', '/tasks/task-acme-profile')).body.outcome).toBe('deactivated');
    expect((await op(KEYS.acme, 'DELETE', `/tasks/${created.body.task.uid}`)).body.outcome).toBe('deleted');
    expect((await op(KEYS.demo, 'PATCH', '/tasks/task-acme-strava', { points: 0 })).status).toBe(404);
    await expect(env.DB.prepare("UPDATE tasks SET points = -1 WHERE uid = 'task-acme-strava'").run()).rejects.toThrow(/task_points_invalid/);
  });
});
