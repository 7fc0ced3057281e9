// Share-link rules shared by the form and the API, embed code, share targets and tracking payloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedCode, formatFileSize } from '../../src/lib/embed';
import {
  allowedRedirectHosts, normalizeShareLinkInput, shareLinkCreateSchema, shareLinkUpdateSchema, trackShareSchema,
} from '../../src/lib/schemas/share-link';
import { COPY_PLACEHOLDER_RECIPIENT, copyText, shareTargets, trackShare } from '../../src/ui/copy-share/share-tracking';
import { isMessageKey, t, translateMessage } from '../../src/lib/i18n';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issueOf = (result: Parsed, field: string) => result.error?.issues.find((i) => i.path[0] === field)?.message;
// The schemas carry message keys (the API sends them as error_codes); the English text is the key's.
const firstError = (result: Parsed, field: string) => {
  const message = issueOf(result, field);
  return message === undefined ? undefined : translateMessage('en', message);
};

describe('share link form schema', () => {
  it('accepts a full form and fills blanks for the optional fields', () => {
    const ok = shareLinkCreateSchema.parse({ campaign: 101 });
    expect(ok).toEqual({ campaign: 101, description: '', medium: '', source: '', redirectUrl: '', shortCode: '' });
    const full = shareLinkCreateSchema.parse({ campaign: 'cmp-x', description: ' Blog ', medium: 'article', source: 'email', redirectUrl: 'https://a.test/x', shortCode: 'Abc_1-2' });
    expect(full.description).toBe('Blog');
  });

  it('allows only URL-safe short codes of at most 32 characters', () => {
    for (const bad of ['a b', 'a/b', 'ä', 'a.b', 'a?b', 'x'.repeat(33)]) {
      expect(shareLinkCreateSchema.safeParse({ campaign: 1, shortCode: bad }).success, bad).toBe(false);
    }
    expect(firstError(shareLinkCreateSchema.safeParse({ campaign: 1, shortCode: 'x'.repeat(33) }), 'shortCode')).toMatch(/32/);
    expect(shareLinkCreateSchema.safeParse({ campaign: 1, shortCode: 'x'.repeat(32) }).success).toBe(true);
  });

  it('allows a blank redirect or an http(s) URL only', () => {
    expect(shareLinkCreateSchema.safeParse({ campaign: 1, redirectUrl: '' }).success).toBe(true);
    expect(firstError(shareLinkCreateSchema.safeParse({ campaign: 1, redirectUrl: 'javascript:alert(1)' }), 'redirectUrl')).toMatch(/http and https/);
    expect(firstError(shareLinkCreateSchema.safeParse({ campaign: 1, redirectUrl: 'example.com' }), 'redirectUrl')).toMatch(/Enter a full web address/);
  });

  it('holds message keys that read the same in English and are Spanish on a Spanish page', () => {
    const cases: [Parsed, string][] = [
      [shareLinkCreateSchema.safeParse({ campaign: 1, shortCode: 'a b' }), 'shortCode'],
      [shareLinkCreateSchema.safeParse({ campaign: 1, shortCode: 'x'.repeat(33) }), 'shortCode'],
      [shareLinkCreateSchema.safeParse({ campaign: 1, redirectUrl: 'ftp://a.test/' }), 'redirectUrl'],
      [shareLinkCreateSchema.safeParse({ campaign: 1, redirectUrl: 'nope' }), 'redirectUrl'],
      [shareLinkCreateSchema.safeParse({ campaign: 1, description: 'd'.repeat(256) }), 'description'],
      [shareLinkCreateSchema.safeParse({}), 'campaign'],
      [shareLinkUpdateSchema.safeParse({ shortCode: '' }), 'shortCode'],
      [trackShareSchema.safeParse({ short_code: 'x', social_name: 'a b' }), 'social_name'],
    ];
    for (const [result, field] of cases) {
      const key = issueOf(result, field);
      expect(isMessageKey(key), `${field}: ${key}`).toBe(true);
      expect(t('es', key as Parameters<typeof t>[1]), `${field}: ${key}`).not.toBe(t('en', key as Parameters<typeof t>[1]));
    }
    expect(t('es', 'redirectUrlHost', { host: 'evil.test' })).toContain('evil.test');
  });

  it('leaves fields a PATCH does not send undefined (never a default that would clear them)', () => {
    expect(shareLinkUpdateSchema.parse({ description: 'x' })).toEqual({ description: 'x' });
    expect(shareLinkUpdateSchema.safeParse({ shortCode: '' }).success).toBe(false);
  });

  it('maps snake_case and form values onto the schema names', () => {
    expect(normalizeShareLinkInput({ campaign_uid: 'cmp', redirect_url: null, short_code: 'x' })).toEqual({ campaign: 'cmp', redirectUrl: '', shortCode: 'x' });
    expect(normalizeShareLinkInput({ campaign: '102' })).toEqual({ campaign: 102 });
    expect(normalizeShareLinkInput(null)).toEqual({});
  });

  it("allows the campaign's listed hosts plus its landing page host", () => {
    expect([...allowedRedirectHosts('https://Shop.Demo.test/x', ['Blog.demo.test', ' '])].sort()).toEqual(['blog.demo.test', 'shop.demo.test']);
    expect([...allowedRedirectHosts('not a url', ['a.test'])]).toEqual(['a.test']);
  });

  it('normalises the track-share channel', () => {
    expect(trackShareSchema.parse({ short_code: 'x', social_name: 'Email' }).social_name).toBe('email');
    expect(trackShareSchema.safeParse({ short_code: 'x', social_name: 'a b' }).success).toBe(false);
  });
});

describe('embed code', () => {
  const base = { title: 'Summer "banner" <b>', fileName: 'banner.png', fileUrl: 'https://p.test/media/assets/demo/a/banner.png', referralLink: 'https://p.test/r/ava-demo' };

  it('wraps an image in the referral link, escaping the title', () => {
    expect(embedCode(base)).toBe('<a href="https://p.test/r/ava-demo" target="_blank" rel="noopener"><img src="https://p.test/media/assets/demo/a/banner.png" alt="Summer &quot;banner&quot; &lt;b&gt;" style="max-width:100%"></a>');
  });

  it('gives video, audio, pdf and other files a player or a link, always with the referral link', () => {
    expect(embedCode({ ...base, fileName: 'v.mp4', thumbnailUrl: 'https://p.test/t.png' })).toMatch(/^<video src="[^"]+" poster="https:\/\/p.test\/t.png" controls/);
    expect(embedCode({ ...base, fileName: 'j.mp3' })).toMatch(/^<audio /);
    for (const name of ['g.pdf', 'kit.zip']) {
      const code = embedCode({ ...base, fileName: name });
      expect(code).toContain('href="https://p.test/r/ava-demo"');
      expect(code).toContain(name);
    }
  });

  it('links to the file itself without a referral link', () => {
    expect(embedCode({ ...base, referralLink: null })).toContain(`<a href="${base.fileUrl}"`);
  });

  it('writes sizes for people', () => {
    const sizes = [0, 812, 1024, 15846, 1536 * 1024, 150 * 1024 * 1024];
    expect(sizes.map((b) => formatFileSize(b))).toEqual(['0 kB', '0.8 kB', '1 kB', '15.5 kB', '1.5 MB', '150 MB']);
    // In the page language, with its own symbols (not "Taille: 394 B" on a French page).
    // French puts a narrow no-break space between the figure and the unit.
    expect(sizes.map((b) => formatFileSize(b, 'fr').replace('\u202f', ' '))).toEqual(['0 ko', '0,8 ko', '1 ko', '15,5 ko', '1,5 Mo', '150 Mo']);
    expect(formatFileSize(15846, 'es')).toBe('15,5 kB');
  });
});

describe('sharing from the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers e-mail always and only the networks the profile lists', () => {
    const labels = { email: 'E-mail', on: (n: string) => `Share on ${n}` };
    const all = shareTargets('https://p.test/r/a b', 'Hi & welcome', 'Subject', { facebook: true, twitter: true, linkedin: true, pinterest: true }, labels);
    expect(all.map((t) => t.channel)).toEqual(['email', 'facebook', 'twitter', 'linkedin', 'pinterest']);
    expect(all[0]!.href).toBe('mailto:?subject=Subject&body=Hi%20%26%20welcome%20https%3A%2F%2Fp.test%2Fr%2Fa%20b');
    expect(shareTargets('https://p.test/r/x', '', 'S', { linkedin: true }, labels).map((t) => t.channel)).toEqual(['email', 'linkedin']);
  });

  it('records a copy with the placeholder recipient fields, and other channels without', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    await trackShare('ava-demo', 'copy', fetchMock as unknown as typeof fetch);
    await trackShare('ava-demo', 'facebook', fetchMock as unknown as typeof fetch);
    const bodies = fetchMock.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string));
    expect(bodies[0]).toEqual({ short_code: 'ava-demo', social_name: 'copy', ...COPY_PLACEHOLDER_RECIPIENT });
    expect(bodies[1]).toEqual({ short_code: 'ava-demo', social_name: 'facebook' });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/track/share/');
  });

  it('only logs a tracking failure, and sends nothing without a short code', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = vi.fn(async () => { throw new TypeError('offline'); });
    await expect(trackShare('x', 'copy', failing as unknown as typeof fetch)).resolves.toBeUndefined();
    await expect(trackShare('x', 'copy', (async () => new Response(null, { status: 500 })) as unknown as typeof fetch)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
    const never = vi.fn();
    await trackShare(null, 'copy', never as unknown as typeof fetch);
    expect(never).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('reports a refused clipboard as a failed copy', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => { throw new DOMException('denied', 'NotAllowedError'); } } });
    expect(await copyText('x')).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await copyText('x')).toBe(false);
    const written: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: async (t: string) => { written.push(t); } } });
    expect(await copyText('hello')).toBe(true);
    expect(written).toEqual(['hello']);
  });
});
