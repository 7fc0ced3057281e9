// Languages on the worker: the profile accepts every supported language and "system" as the
// stored choice, on both tenants; the page language follows stored > browser > company > English; the
// calls the edge makes to the API carry the page language.
import type { MiddlewareHandler } from 'hono';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import type { EdgeEnv } from '../../src/edge/types';
import { SUPPORTED_LANGUAGES } from '../../src/lib/languages';
import { edge } from './helpers';
import { call, token, type Who } from './profile-fixtures';

let ava: Who;
let alex: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
  alex = await token('acme.localhost', 'alex@acme.test');
});
beforeEach(() => forgetTenants());

const profilePath = (who: Who) => `/portal/ambassadors/${who.uid}/`;

describe('the profile stores the language', () => {
  const choices = [...SUPPORTED_LANGUAGES, 'system'];
  it.each(choices)('%s on both tenants', async (code) => {
    for (const who of [ava, alex]) {
      const res = await call(who, 'PATCH', profilePath(who), { language: code });
      expect(res.status, `${who.uid} ${code}`).toBe(200);
      expect(res.body.language).toBe(code);
      expect((await call(who, 'GET', profilePath(who))).body.language).toBe(code);
    }
  });

  it.each(['xx', 'es-AR', 'english', 'fr-FR'])('refuses %s', async (code) => {
    const res = await call(ava, 'PATCH', profilePath(ava), { language: code });
    expect(res.status).toBe(400);
  });

  it('puts the seed languages back', async () => {
    expect((await call(ava, 'PATCH', profilePath(ava), { language: 'en' })).status).toBe(200);
    expect((await call(alex, 'PATCH', profilePath(alex), { language: 'es' })).status).toBe(200);
  });
});

describe('the page language and the language header of API calls', () => {
  // A page that makes one API call and shows its language; the stand-in API records the header.
  const seen: (string | null)[] = [];
  const page: MiddlewareHandler<EdgeEnv> = async (c) => {
    try {
      await c.get('client').forgotPassword({ query: { host: new URL(c.req.url).host }, body: { email: 'nobody@example.test' } });
    } catch {
      /* the answer does not matter here */
    }
    return c.text(c.get('requestContext').lang);
  };
  const portalRow = (defaultLanguage: string | null) => ({
    uid: 'remote', company_name: 'Remote', customization: defaultLanguage ? { default_language: defaultLanguage } : {}, campaign_customizations: {}, groups: [],
  });
  const remote = (defaultLanguage: string | null) => edge({
    fetchUpstream: async (req) => {
      if (req.url.includes('/portal.json')) return Response.json([portalRow(defaultLanguage)]);
      seen.push(req.headers.get('accept-language'));
      return Response.json({ detail: 'ok' });
    },
  }, [page as unknown as MiddlewareHandler]);

  const cases: [string, string | null, string | null, string | null, string][] = [
    ['the browser over the company default', null, 'fr-FR,fr;q=0.9', 'en', 'fr'],
    ['the browser over a Spanish company default', null, 'en-US,en;q=0.9', 'es', 'en'],
    ['the company default when the browser has nothing we support', null, 'ja', 'es', 'es'],
    ['the cookie over the browser', 'de', 'fr-FR', 'es', 'de'],
    ['"system" follows the browser', 'system', 'it-IT', 'es', 'it'],
    ['a regional browser language', null, 'es-AR', 'en', 'es-419'],
  ];
  it.each(cases)('%s', async (_, cookie, accept, company, expected) => {
    seen.length = 0;
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = `language=${cookie}`;
    if (accept) headers['accept-language'] = accept;
    const res = await remote(company).fetch(`http://lang${seen.length}-${expected}.localhost/forgot-password`, { headers });
    expect(await res.text()).toBe(expected);
    expect(seen.at(-1)).toBe(expected);
  });
});
