// The store script: what `GET /t.js` serves, for a company to put on its own store. It keeps the
// click id (`mbsy_cid`) and the short code (`mbsy`) that a share link's redirect adds to the landing URL in
// first-party cookies of the page's own host, for the company's attribution window, so the store's checkout
// can pass the click id on (Stripe's client_reference_id, a checkout's metadata, POST /v1/track/sale).
//
// Runs in every browser a store has: no dependencies, no network calls, no cookie with a Domain attribute
// (host-only: the store's host and no other). Built small by scripts/store-script.mjs (esbuild, minified)
// into ./built.ts; the edge route (src/edge/store-script.ts) bakes the company's window in per host.
// docs/store-script.md is the store owner's side of it.

/** The landing URL's parameters, which are also the cookies' names (a store's server can read them too). */
export const CLICK_ID = 'mbsy_cid';
export const SHORT_CODE = 'mbsy';

/** URL-safe (letters, digits, `-`, `_`) and at most 64 characters: click ids and short codes both fit. */
const SAFE_VALUE = /^[\w-]{1,64}$/;

export const DEFAULT_WINDOW_DAYS = 90;
const DAY_SECONDS = 86_400;

/** What a landing carried: either value may be missing. */
export interface Attribution {
  clickId: string | null;
  code: string | null;
}

/** A value worth keeping, or null: anything not URL-safe or over 64 characters is ignored. */
export function safeValue(value: string | null | undefined): string | null {
  return value && SAFE_VALUE.test(value) ? value : null;
}

/** The attribution in a landing URL's query string, or null when it carries nothing worth keeping. */
export function fromLanding(search: string): Attribution | null {
  const query = new URLSearchParams(search);
  const clickId = safeValue(query.get(CLICK_ID));
  const code = safeValue(query.get(SHORT_CODE));
  return clickId || code ? { clickId, code } : null;
}

/** Cookie `name` from a `document.cookie` string, if it holds a value worth keeping (cookies can be edited). */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return safeValue(pair.slice(eq + 1).trim());
  }
  return null;
}

/** The window in seconds: whole days from 1 to 365 (the customization's range), else the default 90. */
export function windowSeconds(days: number): number {
  const whole = Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_WINDOW_DAYS;
  return whole * DAY_SECONDS;
}

/**
 * The `document.cookie` assignments that store a landing: both cookies together, so one landing's click id
 * is never paired with an older landing's code (a value the landing lacks is cleared). Host-only (no
 * Domain), the whole site (Path=/), sent on top-level navigations from other sites (Lax), Secure on https.
 */
export function cookieWrites(landing: Attribution, days: number, secure: boolean): string[] {
  const keep = `; Path=/; Max-Age=${windowSeconds(days)}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return ([[CLICK_ID, landing.clickId], [SHORT_CODE, landing.code]] as const).map(([name, value]) =>
    value ? `${name}=${value}${keep}` : `${name}=; Path=/; Max-Age=0`);
}

/** What the script puts at `window.mbsy`. */
export interface StoreApi {
  /** The click id of the visitor's latest landing: this page's URL first, else the cookie; null if none. */
  clickId(): string | null;
  /** The ambassador's short code of that landing, the same way. */
  code(): string | null;
  /** The visitor agreed: the landing is written now (only needed with `data-consent="pending"`). */
  consent(): void;
}

/**
 * Reads this page's landing, writes it unless the script's tag says `data-consent="pending"` (then only
 * `mbsy.consent()` writes it), and exposes `window.mbsy`. A page without the parameters changes nothing:
 * the window runs from the click, not from the last page view.
 */
export function install(win: Window & { mbsy?: StoreApi }, doc: Document, days: number): void {
  const landing = fromLanding(win.location.search);
  let pending = doc.currentScript?.getAttribute('data-consent') === 'pending';
  const cookies = () => {
    try {
      return doc.cookie;
    } catch {
      return ''; // a sandboxed frame has no cookies
    }
  };
  const save = () => {
    if (!landing) return;
    try {
      for (const write of cookieWrites(landing, days, win.location.protocol === 'https:')) doc.cookie = write;
    } catch {
      // no cookies here: the page still answers from its URL
    }
  };
  if (!pending) save();
  win.mbsy = {
    clickId: () => (landing ? landing.clickId : readCookie(cookies(), CLICK_ID)),
    code: () => (landing ? landing.code : readCookie(cookies(), SHORT_CODE)),
    consent() {
      if (pending) save();
      pending = false;
    },
  };
}
