// Lighthouse (issue 21): accessibility, best practices and SEO stay at 100 on the real app, signed out and
// in, on both demo tenants, one page in a second language, desktop and one phone run. Performance is not
// asserted here (`npm run bench -- --lighthouse` prints it). A failure names each audit below 100 with
// what it points at: `page (form factor) [category] audit-id: title`, then the nodes or URLs.
// Chromium is the one the other browser tests use (CHROMIUM_PATH, Debian's, or @sparticuz/chromium's),
// offline and with its language and time zone pinned (scripts/lib/lighthouse.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailing, launchLighthouseChromium, runLighthouse, type LighthouseChromium } from '../../scripts/lib/lighthouse.mjs';
import { baseUrl, sessionCookies } from './harness';

const CHECKED = ['accessibility', 'best-practices', 'seo'];

interface Audited {
  host: string;
  path: string;
  /** Signed in as this demo account. */
  email?: string;
  /** The page's language, by the `language` cookie (else the tenant's default). */
  language?: string;
  formFactor: 'desktop' | 'mobile';
}

// A handful of pages, each a different kind of screen: the register page carries the company's own HTML,
// the custom tab its tab HTML, the dashboard and the tables most of the islands.
const PAGES: Audited[] = [
  { host: 'localhost', path: '/register', formFactor: 'desktop' },
  { host: 'acme.localhost', path: '/login', formFactor: 'desktop' },
  { host: 'localhost', path: '/app', email: 'ava@demo.test', formFactor: 'desktop' },
  { host: 'acme.localhost', path: '/app/transactions', email: 'alex@acme.test', formFactor: 'desktop' },
  { host: 'acme.localhost', path: '/gear-guide', email: 'alex@acme.test', formFactor: 'desktop' },
  { host: 'localhost', path: '/app/stats', email: 'ava@demo.test', language: 'fr', formFactor: 'desktop' },
  { host: 'acme.localhost', path: '/app', email: 'alex@acme.test', formFactor: 'mobile' },
];

const label = (p: Audited) => `${p.host}${p.path}${p.email ? ` as ${p.email}` : ''}${p.language ? ` in ${p.language}` : ''}`;

let chromium: LighthouseChromium;
beforeAll(async () => {
  chromium = await launchLighthouseChromium();
});
afterAll(async () => {
  await chromium?.close();
});

describe('Lighthouse', () => {
  for (const p of PAGES) {
    it(`scores 100 in accessibility, best practices and SEO on ${label(p)} (${p.formFactor})`, async () => {
      const cookies = [
        ...(p.email ? (await sessionCookies(p.host, p.email)).map(({ name, value }) => ({ name, value })) : []),
        ...(p.language ? [{ name: 'language', value: p.language }] : []),
      ];
      const url = `${baseUrl(p.host)}${p.path}`;
      const run = await runLighthouse(chromium, url, { formFactor: p.formFactor, categories: CHECKED, cookies });
      // The page audited is the one asked for (a lost session would have audited /register instead).
      expect(new URL(run.finalUrl).pathname, `${label(p)} landed elsewhere`).toBe(p.path);
      expect(run.scores, `audits below 100:\n${describeFailing(run, label(p)).join('\n')}`).toEqual(
        Object.fromEntries(CHECKED.map((c) => [c, 100])),
      );
    });
  }
});
