// Asset search with a long query (about 48 bytes, or 30 × "ñ") answered "Internal error": D1
// refuses LIKE patterns over 50 bytes. Every search text now gets results or a clear 400, never a 500, and
// wildcards in it mean themselves.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, token } from './profile-fixtures';

const search = async (q: string) => {
  const ava = await token('localhost', 'ava@demo.test');
  return call(ava, 'GET', `/ambassadors/${ava.uid}/assets/?search=${encodeURIComponent(q)}`);
};

describe('asset search', () => {
  it.each([
    ['30 × ñ', 'ñ'.repeat(30)],
    ['48 bytes', 'x'.repeat(48)],
    ['99 characters', 'summer '.repeat(14).slice(0, 99)],
    ['percent and underscore', '%_%_'],
    ['backslashes', '\\\\%\\'],
    ['quotes', `'" OR 1=1 --`],
    ['emoji', '🎉'.repeat(20)],
    ['a NUL', 'summer\u0000banner'],
  ])('answers a search with %s, never a 500', async (_, q) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.results)).toBe(true);
  });

  it('finds by part of the title or file name, in any case, and takes % literally', async () => {
    const found = (await search('SOCIAL BANNER')).body.results.map((a: { title: string }) => a.title);
    expect(found).toContain('Summer Referral Program social banner');
    expect((await search('summer-jingle.mp3')).body.results).toHaveLength(1);
    expect((await search('%')).body.results).toHaveLength(0);
  });

  it('ignores case in accented letters too: "GUÍA" finds "Guía", "été" finds "ÉTÉ"', async () => {
    await env.DB.prepare(
      `INSERT INTO assets (uid, company_id, campaign_id, title, file_key, file_name, content_type, size_bytes)
       VALUES ('ast-demo-guia', 'demo', 101, 'Guía del verano ÉTÉ', 'assets/demo/ast-demo-guia/guia.png', 'GUÍA-Łódź.png', 'image/png', 10)`,
    ).run();
    const titles = async (q: string) => (await search(q)).body.results.map((a: { title: string }) => a.title);
    expect(await titles('GUÍA DEL')).toEqual(['Guía del verano ÉTÉ']);
    expect(await titles('verano été')).toEqual(['Guía del verano ÉTÉ']);
    expect(await titles('guía-łódź')).toEqual(['Guía del verano ÉTÉ']);
  });

  it('refuses a search over 100 characters with the field named', async () => {
    const res = await search('a'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.body.search).toBeDefined();
  });
});
