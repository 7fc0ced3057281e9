// The one redirect check: every `next` / redirect target a request or a tenant supplies is a
// path of the page's origin (or an allowed host), never something a browser reads as another site.
import { describe, expect, it } from 'vitest';
import { checkRedirect, safeRedirect } from '../../src/lib/safe-redirect.ts';

const origin = 'https://acme.example';
const rules = { origin, fallback: '/login' };

/** Where a browser actually goes for a Location: it strips tabs and newlines and reads "\" as "/". */
const browserTarget = (location: string) => new URL(location.replace(/[\t\n\r]/g, ''), `${origin}/here/page`);

// Each one, sent as `next`, has taken (or could take) a browser off-site or run script somewhere.
const HOSTILE: string[] = [
  '/%09/evil.example/x', '/%0a/evil.example', '/%0d/evil.example', '/%00/evil.example', '/%0D%0A/evil.example',
  '/\t/evil.example/x', '/\n/evil.example', '/\r/evil.example', '/\u0000/evil.example', '\t//evil.example',
  '//evil.example', '//evil.example/', '///evil.example', '////evil.example', '/\\evil.example', '\\\\evil.example',
  '\\/evil.example', '/%5cevil.example', '/%5Cevil.example', '/%2fevil.example', '/%2Fevil.example', '/%2f%2fevil.example',
  '/%252f/evil.example', '/%25252f%25252fevil.example', '/%5c%5cevil.example', '/%09%2fevil.example',
  'https://evil.example', 'http://evil.example/x', 'https:evil.example', 'https:/evil.example', 'https:\\\\evil.example',
  'HTTPS://EVIL.EXAMPLE', '//acme.example@evil.example', 'https://acme.example@evil.example/',
  'https://user:pass@acme.example/app', 'https://acme.example.evil.example/', 'https://evil.example#https://acme.example',
  'javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'javascript%3Aalert(1)',
  'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd',
  'evil.example', 'evil.example/x', '.evil.example', '?next=//evil', '#//evil', './//evil', '../evil',
  '/./evil', '/../evil', '/app/../../evil', '/%2e%2e/evil', '/%2E%2E/%2E%2E/evil', '/%252e%252e/evil', '/app/%2e/x',
  '/\u2028/evil.example', '/\u00a0/evil.example', '/ /evil.example', '/%E0%A4%A', '/é', `/${'a'.repeat(2100)}`,
  '', ' ',
];

describe('safeRedirect: hostile targets fall back', () => {
  it.each(HOSTILE)('refuses %j', (target) => {
    expect(checkRedirect(target, { origin })).toBeNull();
    expect(safeRedirect(target, rules)).toBe('/login');
  });

  it.each(HOSTILE)('sends no browser off-site for %j', (target) => {
    expect(browserTarget(safeRedirect(target, rules)).origin).toBe(origin);
  });

  it('refuses what is no string', () => {
    for (const value of [null, undefined, 1, {}, ['/app'], new String('/app')]) expect(safeRedirect(value, rules)).toBe('/login');
  });
});

describe('safeRedirect: paths of this site pass', () => {
  it.each([
    ['/app', '/app'],
    ['/app/stats', '/app/stats'],
    ['/app/stats?campaign=202&range=30', '/app/stats?campaign=202&range=30'],
    ['/login?next=%2Fapp', '/login?next=%2Fapp'],
    ['/app/assets?q=%C3%B1', '/app/assets?q=%C3%B1'],
    ['/app/account#payout', '/app/account#payout'],
    ['/creator-corner', '/creator-corner'],
    ['/', '/'],
    ['https://acme.example/app/stats?x=1', '/app/stats?x=1'],
  ])('%s -> %s', (target, expected) => {
    expect(safeRedirect(target, rules)).toBe(expected);
  });

  it('keeps to the allowed paths when told (login: the app only)', () => {
    const app = { origin, fallback: '/app', under: ['/app'] };
    expect(safeRedirect('/app/sharing', app)).toBe('/app/sharing');
    expect(safeRedirect('/app', app)).toBe('/app');
    expect(safeRedirect('/app?campaign=1', app)).toBe('/app?campaign=1');
    for (const other of ['/logout', '/application', '/apps/x', '/language?next=/x', '/%61pp']) expect(safeRedirect(other, app), other).toBe('/app');
  });
});

describe('safeRedirect: other hosts', () => {
  it('accepts only the listed hosts (the company\'s own, for the registration redirect)', () => {
    const company = { origin, fallback: '/register', hosts: ['acme.localhost', 'portal.acme.test'] };
    expect(safeRedirect('http://acme.localhost:8787/thanks', company)).toBe('http://acme.localhost:8787/thanks');
    expect(safeRedirect('https://PORTAL.acme.test/welcome', company)).toBe('https://portal.acme.test/welcome');
    for (const bad of ['https://evil.test/', 'https://acme.localhost@evil.test/', 'https://acme.localhost.evil.test/', '//acme.localhost/x',
      'https://acme.localhost/%2f%2fevil', 'https://acme.localhost/\t/x', 'ftp://acme.localhost/']) {
      expect(safeRedirect(bad, company), bad).toBe('/register');
    }
  });

  it("accepts any http(s) host only for links a tenant configured to leave the portal, still without userinfo or controls", () => {
    const external = { origin, fallback: '/app', hosts: 'any' as const };
    expect(safeRedirect('https://shop.example/a?b=1', external)).toBe('https://shop.example/a?b=1');
    for (const bad of ['//shop.example', 'javascript:alert(1)', 'https://u:p@shop.example', 'https://shop.example/%0d%0aSet-Cookie:x', '/\t/evil']) {
      expect(safeRedirect(bad, external), bad).toBe('/app');
    }
  });
});
