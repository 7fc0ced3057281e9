// Redirect targets and path spellings against the built portal, where Astro itself routes the
// pages (worker tests replace the pages with a stub): the language menu's `next` never leaves the site,
// and no spelling of a gated page renders it for someone the tab excludes.
import { describe, expect, it } from 'vitest';
import { baseUrl, cookieHeader, sessionCookies } from './harness';

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });

describe('the language menu (/language?next=/%09/evil.example/x went off-site)', () => {
  it.each(['/%09/evil.example/x', '//evil.example', '/%5cevil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'GET and POST /language with next=%j go back to /login',
    async (next) => {
      const base = baseUrl('localhost');
      const res = await get(`${base}/language?next=${next.startsWith('/%') ? next : encodeURIComponent(next)}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login');
      const post = await fetch(`${base}/language`, {
        method: 'POST', redirect: 'manual',
        headers: { origin: new URL(base).origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ language: 'en', next: decodeURIComponent(next) }).toString(),
      });
      expect(post.status).toBe(303);
      expect(post.headers.get('location')).toBe('/login');
    },
  );

  it('goes back to a page of this site', async () => {
    const res = await get(`${baseUrl('localhost')}/language?next=${encodeURIComponent('/forgot-password?sent=1')}`);
    expect(res.headers.get('location')).toBe('/forgot-password?sent=1');
  });
});

describe('every spelling of a page path', () => {
  it('redirects other spellings of a page to the canonical path, keeping the query', async () => {
    const cookie = cookieHeader(await sessionCookies('acme.localhost', 'alex@acme.test'));
    const base = baseUrl('acme.localhost');
    for (const path of ['/app/%73tats', '//app/stats', '/app//stats', '/APP/Stats', '/app/stats/', '/app/stats%2f']) {
      const res = await get(`${base}${path}?range=30`, { cookie });
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe('/app/stats?range=30');
    }
  });

  it('never renders a campaign-limited custom tab for someone outside the campaign, in any spelling', async () => {
    // acme's "summit-perks" tab is limited to campaign 202 (seed); alex has campaign 201 selected.
    const cookie = `${cookieHeader(await sessionCookies('acme.localhost', 'alex@acme.test'))}; campaignId=201`;
    const base = baseUrl('acme.localhost');
    for (const path of ['/summit-perks', '/%2573ummit-perks', '/summit-perks;x', '/Summit-Perks', '//summit-perks']) {
      let res = await get(`${base}${path}`, { cookie });
      for (let hop = 0; hop < 3 && res.status === 301; hop++) res = await get(new URL(res.headers.get('location')!, base).href, { cookie });
      const html = res.status === 200 ? await res.text() : '';
      expect(html, path).not.toContain('data-custom-tab="summit-perks"');
      expect([303, 404], path).toContain(res.status);
    }
  });
});
