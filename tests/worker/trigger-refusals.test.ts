// The database's own guards (triggers raising a code) that no other test named: what a user or an
// operator gets when a request runs into one, and, where the API refuses first, the guard itself by a
// direct statement, so the rule holds for any writer (a script, a migration, a future route).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS, op } from './operator-fixtures';
import { api, createPath, login, type Who } from './sharing-fixtures';

/** The API's answer to one refused field: its message, and its code for clients that translate. */
const fieldRefusal = (field: string, message: string, code = 'invalidField') =>
  ({ [field]: [message], error_codes: { [field]: [{ code }] } });
const TAKEN = fieldRefusal('shortCode', 'This short code is already taken. Please choose another one.', 'shortCodeTaken');

const shortCodeOf = (uid: string) =>
  env.DB.prepare('SELECT short_code FROM share_links WHERE uid = ?').bind(uid).first<string>('short_code');
const renameLink = (uid: string, code: string) =>
  env.DB.prepare('UPDATE share_links SET short_code = ? WHERE uid = ?').bind(code, uid).run();

let ava: Who;
let ben: Who;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  ben = await login('localhost', 'ben@demo.test');
});

describe('short_code_taken: a share link renamed to a code that names someone else', () => {
  it('answers 400 "already taken" for another link\'s retired code, and the database refuses it too', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const avas = await api(ava, 'POST', createPath(ava), { campaign: 'cmp-demo-main', shortCode: `kept-${tag}` });
    expect(avas.status).toBe(201);
    // Renaming retires the old code: it keeps redirecting to Ava's link.
    expect((await api(ava, 'PATCH', `/urls/${avas.body.uid}/`, { shortCode: `now-${tag}` })).status).toBe(200);
    const bens = await api(ben, 'POST', createPath(ben), { campaign: 'cmp-demo-main', shortCode: `ben-${tag}` });
    expect(bens.status).toBe(201);

    const refused = await api(ben, 'PATCH', `/urls/${bens.body.uid}/`, { shortCode: `kept-${tag}` });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(TAKEN);
    expect(await shortCodeOf(bens.body.uid)).toBe(`ben-${tag}`);

    // No UNIQUE index sees a retired code: the trigger is the guard the API answered for.
    await expect(renameLink(bens.body.uid, `kept-${tag}`)).rejects.toThrow(/short_code_taken/);
  });

  it('answers 400 "already taken" for an ambassador\'s share code in any case, and the database refuses it too', async () => {
    const before = await shortCodeOf('sl-ava-pin');
    for (const code of ['ben3xp', 'BEN3XP']) {
      const refused = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { shortCode: code });
      expect(refused.status, code).toBe(400);
      expect(refused.body, code).toEqual(TAKEN);
      await expect(renameLink('sl-ava-pin', code)).rejects.toThrow(/short_code_taken/);
    }
    expect(await shortCodeOf('sl-ava-pin')).toBe(before);
  });
});

describe('badge_points_invalid: a badge earned by negative points', () => {
  it('the operator API refuses negative and missing points before the database (400 on the field)', async () => {
    const created = await op(KEYS.acme, 'POST', '/badges', { name: 'Below zero', points: -1 });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(fieldRefusal('points', 'Must be 0 or more.'));

    const fine = await op(KEYS.acme, 'POST', '/badges', { name: 'Trail starter', points: 10 });
    expect(fine.status).toBe(201);
    const uid = fine.body.badge.uid as string;
    for (const [points, message] of [[-3, 'Must be 0 or more.'], [null, 'Must be a whole number.']] as const) {
      const patched = await op(KEYS.acme, 'PATCH', `/badges/${uid}`, { points });
      expect(patched.status, String(points)).toBe(400);
      expect(patched.body, String(points)).toEqual(fieldRefusal('points', message));
    }
    expect((await op(KEYS.acme, 'GET', '/badges')).body.results.find((b: { uid: string }) => b.uid === uid).points).toBe(10);
  });

  it('the database refuses a negative or missing points value on insert and on update', async () => {
    const insert = (uid: string, points: number | null) => env.DB
      .prepare("INSERT INTO badges (uid, company_id, name, points) VALUES (?, 'acme', 'Direct', ?)").bind(uid, points).run();
    await expect(insert('badge-direct-negative', -1)).rejects.toThrow(/badge_points_invalid/);
    // NOT NULL would refuse a null too; the trigger runs first and says which rule it is.
    await expect(insert('badge-direct-null', null)).rejects.toThrow(/badge_points_invalid/);

    const setPoints = (points: number | null) =>
      env.DB.prepare("UPDATE badges SET points = ? WHERE uid = 'badge-acme-crew-regular'").bind(points).run();
    await expect(setPoints(-1)).rejects.toThrow(/badge_points_invalid/);
    await expect(setPoints(null)).rejects.toThrow(/badge_points_invalid/);
    await setPoints(0);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM badges WHERE uid LIKE 'badge-direct-%'").first<number>('n');
    expect(n).toBe(0);
  });
});
