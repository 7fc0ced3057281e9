// GET /media/*: files from R2 on the tenant's own host only, with safe headers.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { tenantKey } from '../../src/edge/media';
import { edge } from './helpers';
import { pngBytes } from './profile-fixtures';

const DEMO_AVATAR = 'avatars/demo/amb-ava/test-avatar.png';
const ACME_AVATAR = 'avatars/acme/amb-alex/test-avatar.png';

beforeAll(async () => {
  await env.FILES.put(DEMO_AVATAR, pngBytes(40, 40), { httpMetadata: { contentType: 'image/png' } });
  await env.FILES.put(ACME_AVATAR, pngBytes(50, 50), { httpMetadata: { contentType: 'image/png' } });
  await env.FILES.put('assets/demo/cmp/brand.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', { httpMetadata: { contentType: 'image/svg+xml' } });
  await env.FILES.put('assets/demo/cmp/kit.zip', 'PK\x03\x04zip', { httpMetadata: { contentType: 'application/zip' } });
  await env.FILES.put('secrets/demo/notes.txt', 'private', { httpMetadata: { contentType: 'text/plain' } });
});
beforeEach(() => forgetTenants());

describe('media files', () => {
  it('serves the tenant\'s own avatar with its type, nosniff and caching headers', async () => {
    const res = await edge().fetch(`http://localhost/media/${DEMO_AVATAR}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pngBytes(40, 40));
  });

  it('answers 404 when one tenant asks for another tenant\'s key', async () => {
    const fromAcme = await edge().fetch(`http://acme.localhost/media/${DEMO_AVATAR}`);
    expect(fromAcme.status).toBe(404);
    await fromAcme.arrayBuffer();
    const fromDemo = await edge().fetch(`http://demo.localhost/media/${ACME_AVATAR}`);
    expect(fromDemo.status).toBe(404);
    await fromDemo.arrayBuffer();
    const own = await edge().fetch(`http://acme.localhost/media/${ACME_AVATAR}`);
    expect(own.status).toBe(200);
    await own.arrayBuffer();
  });

  it.each([
    '/media/secrets/demo/notes.txt',
    '/media/avatars/demo/amb-ava/missing.png',
    '/media/avatars/acme%2F..%2Fdemo/amb-ava/test-avatar.png',
    '/media/avatars/demo/%2e%2e/%2e%2e/secrets/demo/notes.txt',
    '/media/avatars/acme/..%2F..%2Favatars/demo/amb-ava/test-avatar.png',
    '/media/',
    '/media/avatars',
  ])('answers 404 for %s', async (path) => {
    const res = await edge().fetch(`http://localhost${path}`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('never serves SVG as an image and sends other files as downloads', async () => {
    const svg = await edge().fetch('http://localhost/media/assets/demo/cmp/brand.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('application/octet-stream');
    expect(svg.headers.get('content-disposition')).toMatch(/^attachment/);
    await svg.arrayBuffer();
    const zip = await edge().fetch('http://localhost/media/assets/demo/cmp/kit.zip');
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="kit.zip"');
    await zip.arrayBuffer();
  });

  it('answers conditional and range requests', async () => {
    const first = await edge().fetch(`http://localhost/media/${DEMO_AVATAR}`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await edge().fetch(`http://localhost/media/${DEMO_AVATAR}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const part = await edge().fetch(`http://localhost/media/${DEMO_AVATAR}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-7\/\d+$/);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(pngBytes(40, 40).slice(0, 8));
  });

  describe('Range (an unsatisfiable range answered 206 with the whole file)', () => {
    const whole = () => pngBytes(40, 40);
    const get = (range: string, extra: Record<string, string> = {}) =>
      edge().fetch(`http://localhost/media/${DEMO_AVATAR}`, { headers: { range, ...extra } });

    it.each(['bytes=999999999-', 'bytes=999999999-1000000000', 'bytes=-0', 'bytes=5-2', 'BYTES = 99999999999999999999-'])(
      'answers 416 with the size for %s', async (range) => {
        const res = await get(range);
        expect(res.status).toBe(416);
        expect(res.headers.get('content-range')).toBe(`bytes */${whole().length}`);
        expect((await res.arrayBuffer()).byteLength).toBeLessThan(whole().length);
      });

    it.each(['bytes=0-1,4-5', 'bytes=0-1, 999999999-', 'items=0-5', 'bytes=abc', 'bytes=', 'bytes=-', 'bytes=1-2-3', 'garbage', 'bytes=0x10-'])(
      'ignores %s and sends the whole file with 200', async (range) => {
        const res = await get(range);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-range')).toBeNull();
        expect(new Uint8Array(await res.arrayBuffer())).toEqual(whole());
      });

    it('serves exactly the bytes of one satisfiable range, clamped to the end', async () => {
      const size = whole().length;
      const cases: [string, number, number][] = [
        ['bytes=0-7', 0, 7], ['bytes=10-', 10, size - 1], ['bytes=-6', size - 6, size - 1],
        [`bytes=${size - 3}-999999999`, size - 3, size - 1], ['bytes=-999999999', 0, size - 1], [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
      ];
      for (const [range, first, last] of cases) {
        const res = await get(range);
        expect(res.status, range).toBe(206);
        expect(res.headers.get('content-range'), range).toBe(`bytes ${first}-${last}/${size}`);
        expect(res.headers.get('content-length'), range).toBe(String(last - first + 1));
        expect(new Uint8Array(await res.arrayBuffer()), range).toEqual(whole().slice(first, last + 1));
      }
    });

    it('gives the whole file when If-Range is not the current ETag, and the range when it is', async () => {
      const first = await edge().fetch(`http://localhost/media/${DEMO_AVATAR}`);
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      const stale = await get('bytes=0-3', { 'if-range': '"not-the-etag"' });
      expect(stale.status).toBe(200);
      expect(new Uint8Array(await stale.arrayBuffer())).toEqual(whole());
      const current = await get('bytes=0-3', { 'if-range': etag });
      expect(current.status).toBe(206);
      expect(new Uint8Array(await current.arrayBuffer())).toEqual(whole().slice(0, 4));
      // Preconditions come first: a matching If-None-Match is a 304 even for an unsatisfiable range.
      const notModified = await get('bytes=999999999-', { 'if-none-match': etag });
      expect(notModified.status).toBe(304);
    });

    it('answers 416 for any range of an empty file, and 404 for a range of a missing one', async () => {
      await env.FILES.put('assets/demo/cmp/empty.txt', '', { httpMetadata: { contentType: 'text/plain' } });
      const empty = await edge().fetch('http://localhost/media/assets/demo/cmp/empty.txt', { headers: { range: 'bytes=0-' } });
      expect(empty.status).toBe(416);
      expect(empty.headers.get('content-range')).toBe('bytes */0');
      await empty.arrayBuffer();
      const missing = await edge().fetch('http://localhost/media/avatars/demo/amb-ava/missing.png', { headers: { range: 'bytes=0-1' } });
      expect(missing.status).toBe(404);
      await missing.arrayBuffer();
    });
  });

  it('maps paths to keys of the company only', () => {
    expect(tenantKey('/media/avatars/demo/a/b.png', 'demo')).toBe('avatars/demo/a/b.png');
    expect(tenantKey('/media/assets/demo/x.pdf', 'demo')).toBe('assets/demo/x.pdf');
    expect(tenantKey('/media/avatars/demo/a/b.png', 'acme')).toBeNull();
    expect(tenantKey('/media/avatars/demo//b.png', 'demo')).toBeNull();
    expect(tenantKey('/media/avatars/demo/%E0%A4%A', 'demo')).toBeNull();
  });
});
