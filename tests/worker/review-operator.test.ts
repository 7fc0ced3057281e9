// Review of the operator API: regressions for defects found in review, and edge cases an
// attacker or a careful operator would try (hosts, type confusion, CSV quirks, tenant isolation).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { hostOfKey, KEYS, op, scalar } from './operator-fixtures';

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';
let counter = 0;
const fresh = (label = 'rv') => `${label}-${Date.now().toString(36)}-${++counter}`;

async function upload(key: string, bytes: Uint8Array, name: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await edge().fetch(`http://${await hostOfKey(key)}/v1/operator/assets`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function importCsv(key: string, csv: string, query = '') {
  const res = await edge().fetch(`http://${await hostOfKey(key)}/v1/operator/ambassadors/import${query}`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: csv,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('deleting a group', () => {
  it('refuses (409) while an asset is limited to the group, instead of failing on the foreign key', async () => {
    const group = await op(KEYS.demo, 'POST', '/groups', { name: fresh('Group') });
    expect(group.status).toBe(201);
    const uid = group.body.group.uid as string;
    const asset = await upload(KEYS.demo, PDF, 'g.pdf', { campaign: 'cmp-demo-main', group: uid });
    expect(asset.status, JSON.stringify(asset.body)).toBe(201);

    const busy = await op(KEYS.demo, 'DELETE', `/groups/${uid}`);
    expect(busy.status, JSON.stringify(busy.body)).toBe(409);
    expect(busy.body.detail).toMatch(/asset/);
    expect(await scalar('SELECT COUNT(*) FROM groups WHERE uid = ?', uid)).toBe(1);

    // With the asset open to the whole campaign again, the group goes.
    await op(KEYS.demo, 'PATCH', `/assets/${asset.body.asset.uid}`, { group: null });
    expect((await op(KEYS.demo, 'DELETE', `/groups/${uid}`)).status).toBe(200);
  });

  it('refuses (409) while a tab rule names the group, so later tab edits are not blocked by a dangling uid', async () => {
    const group = await op(KEYS.acme, 'POST', '/groups', { name: fresh('Tabbed') });
    const uid = group.body.group.uid as string;
    expect((await op(KEYS.acme, 'PUT', '/tabs/assets/access', { groups: [uid] })).status).toBe(200);

    const busy = await op(KEYS.acme, 'DELETE', `/groups/${uid}`);
    expect(busy.status, JSON.stringify(busy.body)).toBe(409);
    expect(busy.body.detail).toContain('tabs.items.assets.groups');

    // Once the rule no longer names it, it can be deleted, and other tabs can still be edited.
    expect((await op(KEYS.acme, 'PUT', '/tabs/assets/access', { groups: [] })).status).toBe(200);
    expect((await op(KEYS.acme, 'DELETE', `/groups/${uid}`)).status).toBe(200);
    expect((await op(KEYS.acme, 'PUT', '/tabs/rewards/access', { campaigns: [] })).status).toBe(200);
  });
});

describe('a company-deactivated ambassador', () => {
  it('no longer has working share links (like one who deactivated themselves)', async () => {
    const email = `${fresh('deact')}@example.com`;
    const made = await op(KEYS.demo, 'POST', '/ambassadors', { email, first_name: 'De', last_name: 'Act', campaigns: ['cmp-demo-main'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { uid, campaigns } = made.body.ambassador as { uid: string; campaigns: { short_code: string }[] };
    const code = campaigns[0]!.short_code;
    forgetTenants();
    const before = await edge().fetch(`http://localhost/r/${code}`, { redirect: 'manual', headers: { 'cf-connecting-ip': '203.0.113.9' } });
    expect(before.status).toBe(302);
    expect((await edge().fetch(`http://localhost/${uid}`, { redirect: 'manual' })).status).toBe(302);

    expect((await op(KEYS.demo, 'POST', `/ambassadors/${uid}/deactivate`, {})).status).toBe(200);
    const after = await edge().fetch(`http://localhost/r/${code}`, { redirect: 'manual', headers: { 'cf-connecting-ip': '203.0.113.9' } });
    expect(after.status).toBe(404);
    const memorable = await edge().fetch(`http://localhost/${uid}`, { redirect: 'manual' });
    expect(memorable.status).not.toBe(302);

    expect((await op(KEYS.demo, 'POST', `/ambassadors/${uid}/reactivate`, {})).status).toBe(200);
    const again = await edge().fetch(`http://localhost/r/${code}`, { redirect: 'manual', headers: { 'cf-connecting-ip': '203.0.113.9' } });
    expect(again.status).toBe(302);
  });
});

describe('customization documents', () => {
  it('refuses a document over the size limit before validating it (413, nothing written)', async () => {
    const before = await op(KEYS.acme, 'GET', '/customization');
    // Many invalid values: validation would otherwise re-parse the document once per bad value.
    const custom = Array.from({ length: 3000 }, (_, i) => ({ slug: `t${i}`, title: 'x'.repeat(400), icon: 'nope' }));
    const res = await op(KEYS.acme, 'PUT', '/customization', { tabs: { custom } });
    expect(res.status).toBe(413);
    expect((await op(KEYS.acme, 'GET', '/customization')).body.updated_at).toBe(before.body.updated_at);
  });
});

describe('hosts (deployment owner)', () => {
  it('stores a host lower-cased, without its trailing dot, and in ASCII; a disguised taken host is refused', async () => {
    const id = fresh('hs');
    const made = await op(ADMIN, 'POST', '/companies', { id, name: 'Hosts', hosts: [`${id.toUpperCase()}.Example.COM.`] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.company.hosts).toEqual([`${id}.example.com`]);
    const idn = await op(ADMIN, 'POST', `/companies/${id}/hosts`, { host: `${id}.bücher.example` });
    expect(idn.status).toBe(201);
    expect(idn.body.host).toBe(`${id}.xn--bcher-kva.example`);
    // Full-width letters fold to acme.localhost, which belongs to acme.
    const taken = await op(ADMIN, 'POST', `/companies/${id}/hosts`, { host: 'ａｃｍｅ.localhost' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('hostTaken');
    for (const host of ['localhost:8787', 'http://x.example', '*.example.com', 'a..b', 'x.example/path', '-a.example', 'a b.example']) {
      expect((await op(ADMIN, 'POST', `/companies/${id}/hosts`, { host })).status, host).toBe(400);
    }
  });
});

describe('a new company\'s customization', () => {
  it('cannot name campaigns or groups in tab rules (it has none; ids of other companies would be stored)', async () => {
    const id = fresh('tabs');
    const demoCampaign = await scalar<number>("SELECT id FROM campaigns WHERE uid = 'cmp-demo-main'");
    const res = await op(ADMIN, 'POST', '/companies', {
      id, name: 'Tabs', customization: { tabs: { items: { assets: { campaigns_with_tab_access: [demoCampaign], groups: ['grp-demo-creators'] } } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys(res.body).filter((k) => k !== 'error_codes').sort()).toEqual([
      'customization.tabs.items.assets.campaigns_with_tab_access.0', 'customization.tabs.items.assets.groups.0',
    ]);
    expect(await scalar('SELECT COUNT(*) FROM companies WHERE id = ?', id)).toBe(0);
  });
});

describe('type confusion and bounds', () => {
  it('refuses strings for numbers, negatives, fractions and huge values, writing nothing', async () => {
    const tiers = await scalar("SELECT COUNT(*) FROM tiers WHERE company_id = 'acme'");
    for (const threshold of ['100', -1, 1.5, 1e12, null, true]) {
      expect((await op(KEYS.acme, 'POST', '/tiers', { name: 'T', threshold })).status, String(threshold)).toBe(400);
    }
    expect(await scalar("SELECT COUNT(*) FROM tiers WHERE company_id = 'acme'")).toBe(tiers);
    expect((await op(KEYS.acme, 'POST', '/campaigns', { name: 'C', url: 'https://x.test', commission: { rate_bps: '1000' } })).status).toBe(400);
    expect((await op(KEYS.acme, 'POST', '/rewards', { name: 'R', points: 10, stock: -1 })).status).toBe(400);
    expect((await op(KEYS.acme, 'POST', '/ambassadors', { email: ['a@b.test'], first_name: 'A', last_name: 'B' })).status).toBe(400);
    expect((await op(KEYS.acme, 'GET', '/ambassadors?limit=100000')).status).toBe(400);
    expect((await op(KEYS.acme, 'POST', '/groups', '[]')).status).toBe(400);
  });
});

describe('listing ambassadors by e-mail', () => {
  it('takes a long filter (D1 refuses LIKE patterns over 50 bytes) and reads % and _ literally, in any case', async () => {
    const long = await op(KEYS.demo, 'GET', `/ambassadors?email=${'a'.repeat(200)}`);
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    expect(long.body.count).toBe(0);
    expect((await op(KEYS.demo, 'GET', '/ambassadors?email=%25')).body.count).toBe(0);
    expect((await op(KEYS.demo, 'GET', '/ambassadors?email=_')).body.count).toBe(0);
    const ava = await op(KEYS.demo, 'GET', '/ambassadors?email=AVA@DEMO');
    expect(ava.body.results.map((a: { uid: string }) => a.uid)).toEqual(['amb-ava']);
    // Only the key's company: acme's key finds no demo address.
    expect((await op(KEYS.acme, 'GET', '/ambassadors?email=ava@demo.test')).body.count).toBe(0);
  });
});

describe('CSV import quirks', () => {
  it('reads a BOM, CRLF, quoted commas and line breaks; skips a repeated e-mail in any case; numbers rows by file line', async () => {
    const a = `${fresh('csv')}@example.com`;
    const b = `${fresh('csv')}@example.com`;
    const csv = [
      '\uFEFFEmail,First_Name,last_name',
      `${a},"Ann, Jr.","O""Neil`,
      'Smith"',
      '',
      `${a.toUpperCase()},Again,Same`,
      `${b},Bo,"B"x`,
      'not-an-email,C,D',
    ].join('\r\n');
    const res = await importCsv(KEYS.acme, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r: any) => [r.row, r.status])).toEqual([[2, 'created'], [5, 'skipped'], [6, 'error'], [7, 'error']]);
    expect(res.body.rows[1].uid).toBe(res.body.rows[0].uid);
    const person = await env.DB.prepare("SELECT first_name, last_name FROM users WHERE company_id = 'acme' AND email = ?").bind(a).first();
    expect(person).toEqual({ first_name: 'Ann, Jr.', last_name: 'O"Neil\r\nSmith' });
  });

  it('keeps the report small enough to store under an Idempotency-Key when a cell is huge', async () => {
    // Just under the 2 MB file limit, so the cell alone is over D1's 2,000,000-byte value limit.
    const huge = 'x'.repeat(2_090_000);
    const headers = { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'text/csv', 'idempotency-key': fresh('huge') };
    const body = `email,first_name,last_name\r\n${huge},A,B\r\n`;
    const first = await edge().fetch('http://acme.localhost/v1/operator/ambassadors/import', { method: 'POST', headers, body });
    expect(first.status).toBe(200);
    const report = (await first.json()) as any;
    expect(report.rows[0]).toMatchObject({ row: 2, status: 'error' });
    expect(report.rows[0].email).toHaveLength(255);
    const again = await edge().fetch('http://acme.localhost/v1/operator/ambassadors/import', { method: 'POST', headers, body });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a company key cannot name another company\'s group or campaign in a row', async () => {
    const email = `${fresh('csv')}@example.com`;
    const res = await importCsv(KEYS.acme, `email,first_name,last_name,group,campaigns\r\n${email},A,B,grp-demo-creators,cmp-demo-main\r\n`);
    expect(res.status).toBe(200);
    expect(res.body.rows[0].status).toBe('error');
    expect(Object.keys(res.body.rows[0].errors).sort()).toEqual(['campaigns', 'group']);
    expect(await scalar("SELECT COUNT(*) FROM users WHERE email = ?", email)).toBe(0);
  });
});
