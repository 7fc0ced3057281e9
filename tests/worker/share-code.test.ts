// The share code the dashboard shows (ambassadors.share_code, e.g. Ava's AVA7QK) credits its ambassador:
// `/r/<share code>`, in any letter case, leads where their referral link of their longest-running active
// campaign leads (the campaign their memorable URL follows) and records the click on that link; the
// operator's events take it as the referrer; and no short code can ever be a share code, nor a share code a
// short code (migration 0028), so `/r/<code>` names one person. Regression: /r/AVA7QK was a 404 and the
// operator events API answered referrerUnknown.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLinks } from '../../src/api/sharing/link-cache';
import { createEdgeApp } from '../../src/edge/app';
import { forgetTenants } from '../../src/edge/tenant';
import { stubPages } from './helpers';
import { KEYS, conversion, op } from './operator-fixtures';
import { api, createPath, login, type Who } from './sharing-fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let visitor = 0;
/** A visit from a new visitor through the whole edge, waiting for what the redirect left to waitUntil (the click). */
async function visit(url: string) {
  const app = createEdgeApp([stubPages]);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(url, { redirect: 'manual', headers: { 'cf-connecting-ip': `198.51.100.${++visitor % 250}`, 'user-agent': BROWSER } }), env, ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The landing URL without the visit's own click id. */
const landing = (res: Response) => {
  const url = new URL(res.headers.get('location')!);
  url.searchParams.delete('mbsy_cid');
  return url.toString();
};

const clickRow = (clickUid: string) =>
  env.DB.prepare('SELECT share_link_uid, ambassador_uid, campaign_id, counted FROM clicks WHERE click_uid = ?').bind(clickUid)
    .first<{ share_link_uid: string; ambassador_uid: string; campaign_id: number; counted: number }>();

let ava: Who;
let ben: Who;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  ben = await login('localhost', 'ben@demo.test');
});

beforeEach(() => {
  forgetTenants();
  forgetLinks();
});

describe('/r/<share code>', () => {
  it('leads where the ambassador\'s referral link leads, in any letter case, and records the click on that link', async () => {
    const own = await visit('http://localhost/r/ava-demo');
    expect(own.status).toBe(302);
    for (const code of ['AVA7QK', 'ava7qk', 'Ava7Qk']) {
      const res = await visit(`http://localhost/r/${code}`);
      expect(res.status, code).toBe(302);
      expect(res.headers.get('cache-control')).toBe('no-store');
      // The oldest active campaign Ava is in (Refer a Friend), with her own link's code in mbsy.
      expect(landing(res)).toBe('https://shop.demo.test/welcome?mbsy=ava-demo&campaignid=102');
      expect(landing(res)).toBe(landing(own));
      const clickId = new URL(res.headers.get('location')!).searchParams.get('mbsy_cid');
      expect(clickId).toBeTruthy();
      // Counted like a visit of the link itself (each visit here comes from another visitor).
      expect(await clickRow(clickId!)).toMatchObject({ share_link_uid: 'sl-ava-demo', ambassador_uid: 'amb-ava', campaign_id: 102, counted: 1 });
    }
  });

  it('follows the same campaign as the memorable URL', async () => {
    expect(landing(await visit('http://localhost/r/AVA7QK'))).toBe(landing(await visit('http://localhost/ava')));
  });

  it('is the branded "link not found" page for another company\'s share code and an unknown one', async () => {
    // Alex's share code belongs to Acme: nobody on Demo's host.
    for (const code of ['ALEX9T', 'NOPE42']) {
      const res = await visit(`http://localhost/r/${code}`);
      expect(res.status, code).toBe(404);
      expect(await res.text()).toMatch(/not found/i);
    }
    expect((await visit('http://acme.localhost/r/alex9t')).status).toBe(302);
  });

  it('stops with the ambassador: a deactivated ambassador\'s share code leads nowhere', async () => {
    await env.DB.prepare("UPDATE ambassadors SET deactivated_by_self = 1 WHERE uid = 'amb-ben'").run();
    try {
      expect((await visit('http://localhost/r/BEN3XP')).status).toBe(404);
    } finally {
      await env.DB.prepare("UPDATE ambassadors SET deactivated_by_self = 0 WHERE uid = 'amb-ben'").run();
    }
    forgetLinks();
    expect((await visit('http://localhost/r/BEN3XP')).status).toBe(302);
  });
});

describe('share codes and short codes never collide', () => {
  it('refuses a new share link whose code is someone\'s share code, whatever the case', async () => {
    for (const code of ['AVA7QK', 'ava7qk']) {
      const res = await api(ben, 'POST', createPath(ben), { campaign: 102, shortCode: code });
      expect(res.status, code).toBe(400);
      expect(res.body.shortCode).toEqual(['This short code is already taken. Please choose another one.']);
    }
    // Still Ava's.
    expect(landing(await visit('http://localhost/r/AVA7QK'))).toContain('mbsy=ava-demo');
  });

  it('refuses to change a share link\'s code to someone\'s share code', async () => {
    const res = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { shortCode: 'ben3xp' });
    expect(res.status).toBe(400);
    expect(res.body.shortCode[0]).toMatch(/already taken/);
  });

  it('refuses, in the database, a share code that is a short code or another share code in another case', async () => {
    const insert = (uid: string, userId: number, code: string) => env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, company_id, email) VALUES (?, 'demo', ?)").bind(userId, `${uid}@example.test`),
      env.DB.prepare("INSERT INTO ambassadors (uid, company_id, user_id, share_code) VALUES (?, 'demo', ?, ?)").bind(uid, userId, code),
    ]);
    await expect(insert('amb-code-1', 9801, 'AVA-DEMO')).rejects.toThrow(/share_code_taken/);
    // A retired code of Ava's link is still a short code (it keeps redirecting).
    await env.DB.prepare("INSERT INTO share_link_retired_codes (company_id, short_code, share_link_uid) VALUES ('demo', 'ava-old-code', 'sl-ava-blog')").run();
    await expect(insert('amb-code-2', 9802, 'AVA-OLD-CODE')).rejects.toThrow(/share_code_taken/);
    await expect(insert('amb-code-3', 9803, 'ava7qk')).rejects.toThrow(/UNIQUE constraint failed/);
    await insert('amb-code-4', 9804, 'FRESH7Q');
    await expect(env.DB.prepare("UPDATE ambassadors SET share_code = 'ben-demo' WHERE uid = 'amb-code-4'").run()).rejects.toThrow(/share_code_taken/);
    // Nothing half-written: the refused accounts do not exist.
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE id IN (9801, 9802, 9803)").first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

describe('the operator events API', () => {
  it('takes the share code as the referrer, in any case, credited to the ambassador\'s link of the event\'s campaign', async () => {
    for (const code of ['AVA7QK', 'ava7qk']) {
      const res = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: code }));
      expect(res.status, code).toBe(201);
      expect(res.body.commission).toMatchObject({ ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-main' });
      expect(res.body.referral).toMatchObject({ ambassador_uid: 'amb-ava', share_link_uid: 'sl-ava-demo' });
    }
    // Another campaign Ava is in: her link of that campaign.
    const summer = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: 'AVA7QK', campaign_uid: 'cmp-demo-summer' }));
    expect(summer.status).toBe(201);
    expect(summer.body.referral).toMatchObject({ ambassador_uid: 'amb-ava', campaign_uid: 'cmp-demo-summer' });
    const summerLink = await env.DB.prepare("SELECT uid FROM share_links WHERE ambassador_uid = 'amb-ava' AND campaign_id = 101 AND is_default = 1")
      .first<{ uid: string }>();
    expect(summer.body.referral.share_link_uid).toBe(summerLink!.uid);
  });

  it('answers referrerUnknown for a share code of another company, or of someone outside the campaign', async () => {
    const foreign = await op(KEYS.acme, 'POST', '/events', conversion({ short_code: 'AVA7QK', campaign_uid: 'cmp-acme-trail' }));
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body.short_code)).toMatch(/referrer|ambassador/i);
    const notMember = await env.DB.prepare(
      "SELECT c.uid FROM campaigns c WHERE c.company_id = 'demo' AND c.is_active = 1 AND c.id NOT IN (SELECT campaign_id FROM ambassador_campaigns WHERE ambassador_uid = 'amb-ben') LIMIT 1",
    ).first<{ uid: string }>();
    expect(notMember).toBeTruthy();
    const outside = await op(KEYS.demo, 'POST', '/events', conversion({ short_code: 'BEN3XP', campaign_uid: notMember!.uid }));
    expect(outside.status).toBe(400);
    expect(outside.body.short_code).toBeTruthy();
  });
});
