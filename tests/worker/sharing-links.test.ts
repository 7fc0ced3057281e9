// Share links API: list, create and edit (spec §7), every validation failure, short-code clashes, and
// links of other ambassadors and companies refused.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { api, createPath, listPath, login, type Who } from './sharing-fixtures';

let ava: Who;
let ben: Who;
let alex: Who;

beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
  ben = await login('localhost', 'ben@demo.test');
  alex = await login('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());

describe('share link list', () => {
  it('lists the custom links newest first with their numbers and the spec §3 fields', async () => {
    const res = await api(ava, 'GET', listPath(ava));
    expect(res.status).toBe(200);
    const codes = res.body.results.map((r: any) => r.short_code);
    expect(codes).toEqual(['ava-pin', 'ava-unboxing', 'ava-insta', 'ava-news', 'ava-blog']);
    expect(res.body.count).toBe(5);
    const blog = res.body.results.find((r: any) => r.short_code === 'ava-blog');
    expect(blog).toMatchObject({
      uid: 'sl-ava-blog', description: 'Summer picks blog post', source: 'personal website', medium: 'article',
      share_link: 'http://localhost/r/ava-blog', campaign_uid__name: 'Summer Referral Program',
      redirect_url: 'https://blog.demo.test/ava-summer-picks', currency: 'USD',
    });
    expect(blog.created_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    for (const key of ['clicks', 'referrals', 'earned']) expect(typeof blog[key]).toBe('number');
    expect(blog.clicks).toBeGreaterThan(0);
  });

  it('pages with page and page_size (at most 200)', async () => {
    const first = await api(ava, 'GET', `/ambassadors/${ava.uid}/custom_urls/?page=1&page_size=2`);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toContain('page=2');
    const last = await api(ava, 'GET', `/ambassadors/${ava.uid}/custom_urls/?page=3&page_size=2`);
    expect(last.body.results).toHaveLength(1);
    expect(last.body.next).toBeNull();
    const tooBig = await api(ava, 'GET', `/ambassadors/${ava.uid}/custom_urls/?page_size=201`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.page_size).toBeDefined();
  });

  it("refuses another ambassador's list, and needs a token", async () => {
    expect((await api(ben, 'GET', listPath(ava))).status).toBe(404);
    expect((await api(alex, 'GET', listPath(ava))).status).toBe(404);
    expect((await api({ ...ava, token: 'x'.repeat(64) }, 'GET', listPath(ava))).status).toBe(401);
  });

  it('answers an empty list for an ambassador without links', async () => {
    const res = await api(ben, 'GET', listPath(ben));
    expect(res.body).toMatchObject({ count: 0, results: [] });
  });
});

describe('creating a share link', () => {
  it('creates a link with every field and answers it in the list shape', async () => {
    const res = await api(ava, 'POST', createPath(ava), {
      campaign: 101, description: 'Spring story', medium: 'story', source: 'newsletter',
      redirectUrl: 'https://blog.demo.test/spring?ref=1', shortCode: 'ava-Spring_1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      description: 'Spring story', medium: 'story', source: 'newsletter', short_code: 'ava-Spring_1',
      redirect_url: 'https://blog.demo.test/spring?ref=1', campaign_uid: 'cmp-demo-summer', clicks: 0, referrals: 0, earned: 0,
      share_link: 'http://localhost/r/ava-Spring_1',
    });
    const list = await api(ava, 'GET', listPath(ava));
    expect(list.body.results[0].uid).toBe(res.body.uid);
  });

  it('accepts the campaign by uid, snake_case names, and a blank redirect (the campaign landing page)', async () => {
    const res = await api(ava, 'POST', createPath(ava), { campaign_uid: 'cmp-demo-main', redirect_url: '', short_code: 'ava-plain' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ campaign_id: 102, redirect_url: null, description: '', medium: '', source: '' });
  });

  it('makes up a short code from the share code when none is given', async () => {
    const res = await api(ava, 'POST', createPath(ava), { campaign: 102 });
    expect(res.status).toBe(201);
    expect(res.body.short_code).toMatch(/^ava7qk-[0-9a-f]{6}$/);
  });

  it('accepts an HTML form post', async () => {
    const { edge } = await import('./helpers');
    const res = await edge().fetch(`http://localhost/v1${createPath(ava)}`, {
      method: 'POST',
      headers: { authorization: `Token ${ava.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ campaign: '102', description: 'Form', medium: 'video', source: 'email', redirectUrl: '', shortCode: 'ava-form' }),
    });
    expect(res.status).toBe(201);
  });

  const failures: [string, Record<string, unknown>, string, RegExp][] = [
    ['no campaign', { shortCode: 'x1' }, 'campaign', /required/i],
    ['a campaign of another company', { campaign: 201, shortCode: 'x2' }, 'campaign', /one of your campaigns/],
    ['a campaign the ambassador is not in', { campaign: 'cmp-demo-summer-nope', shortCode: 'x3' }, 'campaign', /one of your campaigns/],
    ['an inactive campaign', { campaign: 104, shortCode: 'x4' }, 'campaign', /no longer active/],
    ['a redirect that is not a URL', { campaign: 101, redirectUrl: 'not a url' }, 'redirectUrl', /Enter a full web address/],
    ['a javascript: redirect', { campaign: 101, redirectUrl: 'javascript:alert(1)' }, 'redirectUrl', /http and https/],
    ['an ftp redirect', { campaign: 101, redirectUrl: 'ftp://shop.demo.test/x' }, 'redirectUrl', /http and https/],
    ['a redirect to a host the campaign does not allow', { campaign: 102, redirectUrl: 'https://blog.demo.test/x' }, 'redirectUrl', /does not allow links to blog\.demo\.test/],
    ['a redirect to a foreign host', { campaign: 101, redirectUrl: 'https://evil.test/' }, 'redirectUrl', /evil\.test/],
    ['a short code with a space', { campaign: 101, shortCode: 'my code' }, 'shortCode', /letters, numbers/],
    ['a short code with a slash', { campaign: 101, shortCode: 'a/b' }, 'shortCode', /letters, numbers/],
    ['a short code with non-ASCII letters', { campaign: 101, shortCode: 'café' }, 'shortCode', /letters, numbers/],
    ['a short code of 33 characters', { campaign: 101, shortCode: 'a'.repeat(33) }, 'shortCode', /32/],
    ['a description of 256 characters', { campaign: 101, description: 'd'.repeat(256) }, 'description', /255/],
    ['a medium of 65 characters', { campaign: 101, medium: 'm'.repeat(65) }, 'medium', /64/],
  ];
  for (const [what, body, field, message] of failures) {
    it(`refuses ${what} naming the ${field} field`, async () => {
      const res = await api(ava, 'POST', createPath(ava), body);
      expect(res.status).toBe(400);
      expect(res.body[field]?.[0]).toMatch(message);
    });
  }

  it('accepts a short code of exactly 32 characters and the landing page host', async () => {
    const res = await api(ava, 'POST', createPath(ava), { campaign: 102, shortCode: 'b'.repeat(32), redirectUrl: 'http://shop.demo.test/any?x=1' });
    expect(res.status).toBe(201);
  });

  it('says clearly that a short code is taken, whoever owns it, whatever the letter case', async () => {
    for (const code of ['ava-blog', 'BEN-DEMO', 'ben-demo']) {
      const res = await api(ava, 'POST', createPath(ava), { campaign: 101, shortCode: code });
      expect(res.status).toBe(400);
      expect(res.body.shortCode).toEqual(['This short code is already taken. Please choose another one.']);
    }
  });

  it('lets another company use the same short code', async () => {
    const res = await api(alex, 'POST', createPath(alex), { campaign: 201, shortCode: 'ava-blog' });
    expect(res.status).toBe(201);
  });

  it('refuses to create a link for someone else', async () => {
    const res = await api(ben, 'POST', createPath(ava), { campaign: 102, shortCode: 'ben-sneaky' });
    expect(res.status).toBe(404);
  });

  it('refuses a body that is not JSON', async () => {
    const { edge } = await import('./helpers');
    const res = await edge().fetch(`http://localhost/v1${createPath(ava)}`, {
      method: 'POST', headers: { authorization: `Token ${ava.token}`, 'content-type': 'application/json' }, body: '{nope',
    });
    expect(res.status).toBe(400);
  });
});

describe('editing a share link', () => {
  it('saves description, medium, source, redirect and short code', async () => {
    const res = await api(ava, 'PATCH', '/urls/sl-ava-news/', {
      description: 'Weekly newsletter', medium: 'picture', source: 'email', redirectUrl: 'https://shop.demo.test/welcome?a=b', shortCode: 'ava-weekly',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uid: 'sl-ava-news', description: 'Weekly newsletter', medium: 'picture', short_code: 'ava-weekly',
      redirect_url: 'https://shop.demo.test/welcome?a=b', share_link: 'http://localhost/r/ava-weekly',
    });
    const list = await api(ava, 'GET', listPath(ava));
    expect(list.body.results.find((r: any) => r.uid === 'sl-ava-news').short_code).toBe('ava-weekly');
  });

  it('clears the redirect with a blank value and keeps the link when its own code is sent again', async () => {
    const res = await api(ava, 'PATCH', '/urls/sl-ava-insta/', { redirectUrl: '', shortCode: 'ava-insta' });
    expect(res.status).toBe(200);
    expect(res.body.redirect_url).toBeNull();
  });

  it('keeps the redirect when a PATCH leaves it out (regression: a default once cleared it)', async () => {
    const res = await api(ava, 'PATCH', '/urls/sl-ava-blog/', { description: 'Summer picks' });
    expect(res.body.redirect_url).toBe('https://blog.demo.test/ava-summer-picks');
  });

  it('re-checks the redirect host when the campaign changes', async () => {
    // ava-blog points at blog.demo.test, which Refer a Friend (102) does not allow.
    const res = await api(ava, 'PATCH', '/urls/sl-ava-blog/', { campaign: 102 });
    expect(res.status).toBe(400);
    expect(res.body.redirectUrl[0]).toMatch(/blog\.demo\.test/);
  });

  it('refuses a taken short code, a bad one, and a bad redirect', async () => {
    const taken = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { shortCode: 'ava-unboxing' });
    expect(taken.status).toBe(400);
    expect(taken.body.shortCode[0]).toMatch(/already taken/);
    const bad = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { shortCode: 'no spaces' });
    expect(bad.body.shortCode[0]).toMatch(/letters, numbers/);
    const empty = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { shortCode: '' });
    expect(empty.body.shortCode[0]).toMatch(/required/);
    const redirect = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { redirectUrl: 'https://elsewhere.test/' });
    expect(redirect.body.redirectUrl[0]).toMatch(/does not allow/);
    const campaign = await api(ava, 'PATCH', '/urls/sl-ava-pin/', { campaign: 201 });
    expect(campaign.body.campaign[0]).toMatch(/one of your campaigns/);
  });

  it("refuses another ambassador's link, another company's link and referral links (404)", async () => {
    expect((await api(ben, 'PATCH', '/urls/sl-ava-pin/', { description: 'mine now' })).status).toBe(404);
    expect((await api(alex, 'PATCH', '/urls/sl-ava-pin/', { description: 'mine now' })).status).toBe(404);
    expect((await api(ava, 'PATCH', '/urls/sl-alex-blog/', { description: 'x' })).status).toBe(404);
    expect((await api(ava, 'PATCH', '/urls/sl-ava-demo/', { shortCode: 'ava-new-default' })).status).toBe(404);
    expect((await api(ava, 'PATCH', '/urls/sl-nope/', { description: 'x' })).status).toBe(404);
    const untouched = await api(ava, 'GET', listPath(ava));
    expect(untouched.body.results.find((r: any) => r.uid === 'sl-ava-pin').description).toBe('Pinterest board');
  });
});
