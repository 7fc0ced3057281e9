// Changing a share link's short code used to kill the /r/ URL already in the wild. The old
// code now keeps redirecting to the same link, carrying the current code for attribution, counts its
// clicks for the link, and nobody else can take it.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { KEYS, conversion, op } from './operator-fixtures';
import { call, token, type Who } from './profile-fixtures';

const visit = (path: string) => edge().fetch(`http://localhost${path}`, {
  headers: { 'cf-connecting-ip': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' }, redirect: 'manual',
});
const create = (who: Who, shortCode: string) =>
  call(who, 'POST', `/tables/ambassadors/${who.uid}/actions/custom_url/create/`, { campaign: 'cmp-demo-main', description: 'kept', shortCode });

let ava: Who;
let ben: Who;
beforeEach(async () => {
  forgetTenants();
  ava = await token('localhost', 'ava@demo.test');
  ben = await token('localhost', 'ben@demo.test');
});

describe('a share link whose short code changed', () => {
  it('keeps the old /r/ URL working for the same link, with the current code for attribution', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const made = await create(ava, `old-${tag}`);
    expect(made.status).toBe(201);
    const uid = made.body.uid as string;
    const changed = await call(ava, 'PATCH', `/urls/${uid}/`, { shortCode: `new-${tag}` });
    expect(changed.status).toBe(200);

    const old = await visit(`/r/old-${tag}`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toContain(`mbsy=new-${tag}`);
    expect((await visit(`/r/OLD-${tag}`)).status).toBe(302);
    const withoutClickId = (res: Response) => res.headers.get('location')!.replace(/&mbsy_cid=[\w-]+$/, '');
    expect(withoutClickId(await visit(`/r/new-${tag}`))).toBe(withoutClickId(old));
    const clicks = await env.DB.prepare('SELECT COUNT(*) AS n FROM clicks WHERE share_link_uid = ?').bind(uid).first<number>('n');
    expect(clicks).toBeGreaterThanOrEqual(2);

    // A sale reported with the old code (a landing URL saved before the change) is the link's.
    const sale = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: `old-${tag}` }));
    expect(sale.status).toBe(201);
    expect(sale.body.referral).toMatchObject({ ambassador_uid: 'amb-ava', share_link_uid: uid });
  });

  it('lets nobody else take an old code, while the link may take it back', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const made = await create(ava, `mine-${tag}`);
    const uid = made.body.uid as string;
    await call(ava, 'PATCH', `/urls/${uid}/`, { shortCode: `other-${tag}` });

    const taken = await create(ben, `mine-${tag}`);
    expect(taken.status).toBe(400);
    expect(taken.body.shortCode).toBeDefined();
    const bens = await create(ben, `ben-${tag}`);
    const renamed = await call(ben, 'PATCH', `/urls/${bens.body.uid}/`, { shortCode: `MINE-${tag}` });
    expect(renamed.status).toBe(400);
    expect(renamed.body.shortCode).toBeDefined();

    const back = await call(ava, 'PATCH', `/urls/${uid}/`, { shortCode: `mine-${tag}` });
    expect(back.status).toBe(200);
    // Now the other code is the old one, and still the link's.
    expect((await visit(`/r/other-${tag}`)).headers.get('location')).toContain(`mbsy=mine-${tag}`);
  });
});
