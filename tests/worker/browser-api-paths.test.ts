// The browser API forwards an allow-list of ambassador paths only: `/api/track/lead|sale` used
// to reach the lead/sale API, whose 401 for a missing company key cleared the visitor's session cookie.
// Only the spec §7 paths the pages call go through; every other path, in every spelling, is 404 from the
// portal itself, never forwarded and never touching the session cookie.
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from './operator-fixtures';
import { edge } from './helpers';
import { login, type Who } from './sharing-fixtures';

let ava: Who;
beforeAll(async () => {
  ava = await login('localhost', 'ava@demo.test');
});

const cookie = (who: Who) => `__Host-portal_session=${who.userId}.${who.uid}.${who.token}`;
const sessionCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith('__Host-portal_session='));
/** A same-origin request of the signed-in person (writes pass the CSRF check), with a company key it should never carry on. */
const browser = (method: string, path: string) => edge().fetch(`http://localhost${path}`, {
  method,
  headers: {
    cookie: cookie(ava), origin: 'http://localhost', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json',
    authorization: `Bearer ${KEYS.demo}`,
  },
  body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
});

/** What is no browser path: other credentials' APIs, the edge's own calls, the reference, local tools. */
const NOT_FORWARDED = [
  '/api/operator/payouts', '/api/operator/companies', '/api/operator/', '/api/operator', '/api/operator/events',
  '/api/hooks/stripe/demo', '/api/hooks/shopify/demo', '/api/track/lead', '/api/track/sale',
  '/api/clicks/', '/api/share_links/resolve/?short_code=ava-demo', '/api/email/events', '/api/dev/outbox/?host=localhost',
  '/api/docs', '/api/openapi.json', '/api/admin', '/api/no-such-path/',
];

/** Other spellings of those and of allowed paths: case, repeated slashes, encoded slashes and dots, trailing slash. */
const SPELLINGS = [
  '/api/Operator/payouts', '/api/OPERATOR/payouts', '/api//operator/payouts', '/api/%2Foperator/payouts', '/api/operator%2Fpayouts',
  '/api/%6Fperator/payouts', '/api/TRACK/SALE', '/api/track/sale/', '/api/track%2Fsale', '/api/track%2fsale', '/api//track/lead',
  '/api/Track/Lead', '/api/track/lead%2F', '/api/hooks%2Fstripe%2Fdemo', '/api/OpenAPI.json', '/api/openapi.json/', '/api/Docs',
  '/api/docs/', '/api/%64ocs', '/api/users/1', '/api/Users/1/', '/api/users//1/', '/api/users/1//', '/api/users/%2e%2e%2foperator%2fpayouts/',
  '/api/users/..%2F..%2Foperator%2Fpayouts/', '/api/users/1%2F..%2F..%2Ftrack%2Fsale/', '/api/users/.%2e/operator/payouts/', '/api/users/%2e/',
  '/api/ambassadors/amb-ava/stats%2F', '/api/portal.json/', '/api/PORTAL.JSON',
];

describe('the browser API', () => {
  it.each([...NOT_FORWARDED, ...SPELLINGS])('answers %s itself with 404 and leaves the session alone', async (path) => {
    for (const method of ['GET', 'POST']) {
      const res = await browser(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(sessionCookies(res), `${method} ${path}`).toEqual([]);
    }
  });

  it('still signs the person in afterwards: none of those ended the session', async () => {
    for (const path of [...NOT_FORWARDED, ...SPELLINGS]) await browser('POST', path);
    const me = await browser('GET', `/api/users/${ava.userId}/`);
    expect(me.status).toBe(200);
  });

  it('forwards the ambassador paths the pages call', async () => {
    const reads = [
      `/api/users/${ava.userId}/`, `/api/portal/ambassadors/${ava.uid}/`, `/api/ambassadors/${ava.uid}/stats/campaigns/`,
      `/api/ambassadors/${ava.uid}/stats/graph/?start_date=2026-01-01&end_date=2026-02-01&interval=month`, '/api/companies/demo/ambassadors/',
      '/api/tables/content/activity/', '/api/portal.json?host=localhost', `/api/ambassadors/${ava.uid}/notifications/`,
    ];
    for (const path of reads) {
      const res = await browser('GET', path);
      expect(res.status, path).toBe(200);
    }
    const share = await browser('POST', '/api/track/share/');
    expect(share.status).not.toBe(404);
  });

  it('lets a known path\'s other methods reach the API, which answers 405', async () => {
    const res = await browser('DELETE', `/api/users/${ava.userId}/`);
    expect(res.status).toBe(405);
    expect(sessionCookies(res)).toEqual([]);
  });
});
