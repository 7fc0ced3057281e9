// GET /t.js: the store script a company puts on its store, served on the company's portal host
// with that company's attribution window baked in, cacheable briefly, the same for every origin, and
// without any cookie of the portal's.
import { describe, expect, it } from 'vitest';
import { storeScriptFor } from '../../src/edge/store-script';
import { forgetTenants } from '../../src/edge/tenant';
import { edge } from './helpers';
import { KEYS, op } from './operator-fixtures';

const portal = edge();

describe('GET /t.js', () => {
  it('serves JavaScript that browsers and CDNs may keep briefly, to any origin, with no portal cookie', async () => {
    const res = await portal.fetch('http://localhost/t.js', { headers: { origin: 'https://shop.example', cookie: '__Host-d1b=abc' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=3600');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('vary') ?? '').not.toMatch(/origin|cookie/i);
    expect(await res.text()).toBe(storeScriptFor(90));
  });

  it('bakes in each company\'s own attribution window: demo keeps the default, acme its 30 days', async () => {
    const current = (await op(KEYS.acme, 'GET', '/customization')).body.settings;
    const put = await op(KEYS.acme, 'PUT', '/customization', { ...current, attribution: { window_days: 30 } });
    expect(put.status).toBe(200);
    expect(put.body.effective.attribution.window_days).toBe(30);
    forgetTenants();

    const acme = await portal.fetch('http://acme.localhost/t.js');
    expect(await acme.text()).toBe(storeScriptFor(30));
    const demo = await portal.fetch('http://demo.localhost/t.js');
    expect(await demo.text()).toBe(storeScriptFor(90));
    // A changed window is a new ETag, so a cache revalidating the old copy gets the new one.
    expect(acme.headers.get('etag')).not.toBe(demo.headers.get('etag'));
  });

  it('refuses a window outside 1 to 365 days, naming the field', async () => {
    const current = (await op(KEYS.demo, 'GET', '/customization')).body.settings;
    const res = await op(KEYS.demo, 'PUT', '/customization', { ...current, attribution: { window_days: 400 } });
    expect(res.status).toBe(400);
    expect(res.body['attribution.window_days']).toHaveLength(1);
    expect(await (await portal.fetch('http://localhost/t.js')).text()).toBe(storeScriptFor(90));
  });

  it('answers 304 to a cache that holds the current copy, and HEAD without a body', async () => {
    const first = await portal.fetch('http://localhost/t.js');
    const etag = first.headers.get('etag')!;
    const again = await portal.fetch('http://localhost/t.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=3600');
    expect(await again.text()).toBe('');
    const stale = await portal.fetch('http://localhost/t.js', { headers: { 'if-none-match': '"old-90"' } });
    expect(stale.status).toBe(200);
    const head = await portal.fetch('http://localhost/t.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('is no script on a host that is no portal', async () => {
    const res = await portal.fetch('http://nobody.localhost/t.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/javascript/);
  });
});
