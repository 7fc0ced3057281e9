// The store script (GET /t.js): which landing values it keeps, for how long, in which cookies,
// and the built file itself: current with its source, within 2 KB gzipped, and doing the same when run.
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { builtModule, buildStoreScript } from '../../scripts/store-script.mjs';
import { storeScriptFor } from '../../src/edge/store-script.ts';
import { customizationSchema, defaultCustomization } from '../../src/lib/schemas/customization.ts';
import { STORE_SCRIPT } from '../../src/store-script/built.ts';
import { cookieWrites, fromLanding, readCookie, safeValue, windowSeconds } from '../../src/store-script/store-script.ts';

const CLICK = '0b7c2f1e-52a4-4d3b-9f0e-6a1d2c3b4a59';
const DAY = 86_400;

describe('landing values', () => {
  it('keeps the click id and the short code of a landing URL', () => {
    expect(fromLanding(`?utm_source=x&mbsy=ava-demo&campaignid=7&mbsy_cid=${CLICK}`)).toEqual({ clickId: CLICK, code: 'ava-demo' });
    expect(fromLanding(`?mbsy_cid=${CLICK}`)).toEqual({ clickId: CLICK, code: null });
    expect(fromLanding('?mbsy=ava_demo')).toEqual({ clickId: null, code: 'ava_demo' });
  });

  it('has nothing to keep when the URL carries neither', () => {
    expect(fromLanding('')).toBeNull();
    expect(fromLanding('?campaignid=7&mbsy=&mbsy_cid=')).toBeNull();
  });

  it('ignores a value that is not URL-safe or longer than 64 characters', () => {
    expect(safeValue('a'.repeat(64))).toBe('a'.repeat(64));
    for (const bad of ['a'.repeat(65), 'a b', 'a.b', 'a;b', 'a=b', '<script>', 'é', 'a%20b', 'a\nb']) expect(safeValue(bad), bad).toBeNull();
    // Decoded first: `%3B` is a `;`, which would end the cookie value.
    expect(fromLanding(`?mbsy_cid=x%3B%20Domain%3Devil.example&mbsy=ava-demo`)).toEqual({ clickId: null, code: 'ava-demo' });
    expect(fromLanding(`?mbsy_cid=${'c'.repeat(65)}`)).toBeNull();
  });
});

describe('cookies', () => {
  it('reads its own cookie by its exact name, and only a value worth keeping', () => {
    const jar = `xmbsy_cid=nope; mbsy=ava-demo; mbsy_cid=${CLICK}; theme=dark`;
    expect(readCookie(jar, 'mbsy_cid')).toBe(CLICK);
    expect(readCookie(jar, 'mbsy')).toBe('ava-demo');
    expect(readCookie('mbsy_cid=%3Cb%3E', 'mbsy_cid')).toBeNull();
    expect(readCookie('', 'mbsy_cid')).toBeNull();
  });

  it('keeps both for the window, on the page\'s host only (no Domain), Secure on https', () => {
    const [cid, code] = cookieWrites({ clickId: CLICK, code: 'ava-demo' }, 30, true);
    expect(cid).toBe(`mbsy_cid=${CLICK}; Path=/; Max-Age=${30 * DAY}; SameSite=Lax; Secure`);
    expect(code).toBe(`mbsy=ava-demo; Path=/; Max-Age=${30 * DAY}; SameSite=Lax; Secure`);
    expect(cookieWrites({ clickId: CLICK, code: null }, 30, false)[0]).not.toMatch(/Secure|Domain/i);
  });

  it('clears the value a newer landing lacks, so an old code is never paired with a new click', () => {
    expect(cookieWrites({ clickId: CLICK, code: null }, 90, false)[1]).toBe('mbsy=; Path=/; Max-Age=0');
  });

  it('uses the company\'s window in whole days from 1 to 365, else 90', () => {
    expect(windowSeconds(1)).toBe(DAY);
    expect(windowSeconds(365)).toBe(365 * DAY);
    for (const odd of [0, 366, 1.5, -3, Number.NaN]) expect(windowSeconds(odd), String(odd)).toBe(90 * DAY);
  });
});

describe('the attribution window setting', () => {
  it('defaults to 90 days and takes 1 to 365', () => {
    expect(defaultCustomization.attribution.window_days).toBe(90);
    expect(customizationSchema.parse({ attribution: { window_days: 30 } }).attribution.window_days).toBe(30);
    for (const bad of [0, 366, 2.5, '30']) expect(customizationSchema.safeParse({ attribution: { window_days: bad } }).success, String(bad)).toBe(false);
  });
});

/** Runs the served script as a browser would, with a document that records cookie writes. */
function runServed(days: number, url: string, options: { consent?: string; jar?: string } = {}) {
  const writes: string[] = [];
  const script = options.consent === undefined ? null : { getAttribute: (name: string) => (name === 'data-consent' ? options.consent : null) };
  const document = {
    currentScript: script,
    get cookie() { return options.jar ?? ''; },
    set cookie(value: string) { writes.push(value); },
  };
  const window: { location: URL; mbsy?: { clickId(): string | null; code(): string | null; consent(): void } } = { location: new URL(url) };
  vm.runInNewContext(storeScriptFor(days), { window, document, URLSearchParams });
  return { writes, mbsy: window.mbsy! };
}

describe('the built store script', () => {
  it('is what its source builds to (run `npx --no node scripts/store-script.mjs` after changing it)', async () => {
    const built = await buildStoreScript();
    expect(built).toEqual(STORE_SCRIPT);
    expect(builtModule(built)).toContain(JSON.stringify(built.before));
  });

  it('is at most 2 KB gzipped and calls nothing on the network', () => {
    const text = storeScriptFor(365);
    expect(gzipSync(text).length).toBeLessThanOrEqual(2048);
    expect(text).not.toMatch(/fetch|XMLHttpRequest|sendBeacon|Image\(|import\(|WebSocket|domain=/i);
  });

  it('writes the landing for the baked-in window and answers the click id', () => {
    const { writes, mbsy } = runServed(7, `https://shop.example/p?mbsy=ava-demo&mbsy_cid=${CLICK}`);
    expect(writes).toEqual([
      `mbsy_cid=${CLICK}; Path=/; Max-Age=${7 * DAY}; SameSite=Lax; Secure`,
      `mbsy=ava-demo; Path=/; Max-Age=${7 * DAY}; SameSite=Lax; Secure`,
    ]);
    expect(mbsy.clickId()).toBe(CLICK);
    expect(mbsy.code()).toBe('ava-demo');
  });

  it('changes nothing on a page without the parameters and answers from the cookie', () => {
    const { writes, mbsy } = runServed(90, 'http://shop.example/checkout', { jar: `mbsy_cid=${CLICK}; mbsy=ava-demo` });
    expect(writes).toEqual([]);
    expect(mbsy.clickId()).toBe(CLICK);
    expect(mbsy.code()).toBe('ava-demo');
  });

  it('with data-consent="pending" writes nothing until mbsy.consent(), and answers from the URL meanwhile', () => {
    const { writes, mbsy } = runServed(90, `http://shop.example/?mbsy_cid=${CLICK}`, { consent: 'pending' });
    expect(writes).toEqual([]);
    expect(mbsy.clickId()).toBe(CLICK);
    mbsy.consent();
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(new RegExp(`^mbsy_cid=${CLICK}; Path=/; Max-Age=${90 * DAY}`));
    mbsy.consent();
    expect(writes).toHaveLength(2);
  });
});
