// Strict operator input, and numbers strict where the document says integer: every JSON body the
// API parses (operator, owner, ambassador /v1 and the browser's /api) refuses prototype-named keys by name,
// a PUT or PATCH without a body, and integers that are not JSON whole numbers, with a 4xx naming the
// field, never a 500 and never a silent change. HTML forms keep sending decimal strings.
import { beforeAll, describe, expect, it } from 'vitest';
import { edge } from './helpers';
import { KEYS, op, scalar, type Reply } from './operator-fixtures';
import { token, type Who } from './profile-fixtures';

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';
let ava: Who;
beforeAll(async () => {
  ava = await token('localhost', 'ava@demo.test');
});

/** Sends `text` as the raw body (JSON by default) to an absolute /v1 or /api path. */
async function raw(method: string, path: string, text: string | undefined, headers: Record<string, string> = {}): Promise<Reply> {
  const h: Record<string, string> = { ...headers };
  if (text !== undefined && !Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
  const res = await edge().fetch(`http://localhost${path}`, { method, headers: h, body: text });
  const body = await res.text();
  let json: any = body;
  try {
    json = JSON.parse(body);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Who may call what: the demo company's key, the owner's key, ava's token, ava's browser session. */
const as = {
  company: { authorization: `Bearer ${KEYS.demo}` },
  owner: { authorization: `Bearer ${ADMIN}` },
  ambassador: () => ({ authorization: `Token ${ava.token}` }),
  browser: () => ({ cookie: `__Host-portal_session=${ava.userId}.${ava.uid}.${ava.token}`, origin: 'http://localhost' }),
};

const storedCustomization = () => scalar<string>("SELECT settings FROM customizations WHERE company_id = 'demo' AND campaign_id IS NULL");
const payoutCount = () => scalar<number>("SELECT COUNT(*) FROM payouts WHERE company_id = 'demo'");
const pointsOf = (uid: string) => scalar<number>('SELECT points_available FROM loyalty_balances WHERE ambassador_uid = ?', uid);

describe('prototype-named keys (PUT /v1/operator/customization with {"constructor":1} answered 500)', () => {
  it('refuses {"constructor":1} on the customization with a 400 naming it, and stores nothing', async () => {
    const before = await storedCustomization();
    const res = await op(KEYS.demo, 'PUT', '/customization', '{"constructor":1}');
    expect(res.status).toBe(400);
    expect(res.body.constructor).toEqual(['This name cannot be used as a field.']);
    expect(res.body.error_codes.constructor).toEqual([{ code: 'reservedFieldName' }]);
    expect(await storedCustomization()).toBe(before);
  });

  // [who, method, path, body]: every route class that reads JSON.
  const routes: [keyof typeof as, string, string][] = [
    ['company', 'PUT', '/v1/operator/customization'],
    ['company', 'PUT', '/v1/operator/campaigns/cmp-demo-main/customization'],
    ['company', 'PUT', '/v1/operator/tabs/rewards/access'],
    ['company', 'POST', '/v1/operator/events'],
    ['company', 'POST', '/v1/operator/payouts'],
    ['company', 'POST', '/v1/operator/commissions/approve'],
    ['company', 'PATCH', '/v1/operator/campaigns/cmp-demo-main'],
    ['company', 'PATCH', '/v1/operator/tiers/tier-unknown'],
    ['company', 'PATCH', '/v1/operator/webhooks/endpoints/wh_unknown'],
    ['owner', 'POST', '/v1/operator/companies'],
    ['ambassador', 'POST', '/v1/auth/ambassador/?host=localhost'],
    ['ambassador', 'PATCH', '/v1/portal/ambassadors/{ava}/'],
    ['ambassador', 'PATCH', '/v1/ambassadors/{ava}/notifications/'],
    ['ambassador', 'POST', '/v1/loyalty/gift_card/redeem/'],
    ['ambassador', 'POST', '/v1/tables/content/commissions/'],
    ['ambassador', 'POST', '/v1/tables/ambassadors/{ava}/actions/custom_url/create/'],
    ['ambassador', 'POST', '/v1/ambassadors/{ava}/loyalty/data/'],
    ['browser', 'PATCH', '/api/portal/ambassadors/{ava}/'],
    ['browser', 'POST', '/api/loyalty/gift_card/redeem/'],
  ];
  const bodies: [string, string][] = [
    ['{"__proto__":{"polluted":1}}', '__proto__'],
    ['{"constructor":{"prototype":{"polluted":1}}}', 'constructor'],
    ['{"prototype":1}', 'prototype'],
    ['{"theme":{"__proto__":{"x":1}}}', 'theme.__proto__'],
    ['{"uids":[{"constructor":1}]}', 'uids.0.constructor'],
  ];
  for (const [who, method, template] of routes) {
    it(`${method} ${template} refuses each by its path`, async () => {
      const path = template.replaceAll('{ava}', ava.uid);
      const headers = typeof as[who] === 'function' ? (as[who] as () => Record<string, string>)() : (as[who] as Record<string, string>);
      for (const [body, field] of bodies) {
        const res = await raw(method, path, body, headers);
        expect(res.status, `${body} -> ${JSON.stringify(res.body)}`).toBe(400);
        expect(Object.keys(res.body), body).toContain(field);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    });
  }

  it('refuses prototype-named form fields too', async () => {
    const res = await raw('POST', '/v1/auth/ambassador/?host=localhost', 'constructor=1&email=a%40b.c', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toContain('constructor');
  });
});

describe('empty bodies (an empty body silently reset all branding)', () => {
  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['white space', '  \n'],
    ['an empty object', '{}'],
  ])('PUT /v1/operator/customization with %s is a 400 and keeps the branding', async (_, body) => {
    const before = await storedCustomization();
    expect(before).toContain('#');
    const res = await raw('PUT', '/v1/operator/customization', body, as.company);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/body|empty/i);
    expect(await storedCustomization()).toBe(before);
  });

  it('refuses an empty campaign layer (DELETE removes one) and a PATCH or PUT without a body', async () => {
    expect((await raw('PUT', '/v1/operator/campaigns/cmp-demo-main/customization', '{}', as.company)).status).toBe(400);
    for (const [method, path] of [['PATCH', '/v1/operator/campaigns/cmp-demo-main'], ['PUT', '/v1/operator/tabs/rewards/access'], ['PATCH', '/v1/operator/tiers/tier-x']]) {
      const res = await raw(method!, path!, undefined, as.company);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'bodyRequired', detail: 'This request needs a body.' });
    }
  });
});

describe('strict integers ("method": [] made a payout with method 0)', () => {
  const HOSTILE = ['[]', '"1"', '1.5', 'true', 'null', '{}', '"0x1"', '"1e0"', '[1]', '[[1]]', '-1', '9', '1e400', '9007199254740993'];

  it('POST /v1/operator/payouts refuses every non-integer method by name and pays nothing', async () => {
    const before = await payoutCount();
    for (const value of HOSTILE) {
      const res = await raw('POST', '/v1/operator/payouts', `{"ambassador_uid":"amb-ava","method":${value}}`, as.company);
      expect(res.status, value).toBe(400);
      expect(Object.keys(res.body), value).toContain('method');
    }
    expect(await payoutCount()).toBe(before);
  });

  const AMOUNTS = ['"0x1f4"', '"5e2"', '[500]', '"500"', '500.5', 'true', '" 500"', '"500.0"', '1e400', '{"n":500}', '-500', '0'];
  it.each([
    ['/v1 (the ambassador API)', '/v1', () => as.ambassador()],
    ['/api (the browser API)', '/api', () => as.browser()],
  ])('the gift-card redeem on %s refuses each amount and spends nothing', async (_, base, headers) => {
    const before = await pointsOf(ava.uid);
    for (const amount of AMOUNTS) {
      const body = `{"affiliate_uid":"${ava.uid}","gift_card_uid":"rwd-demo-target","amount":${amount}}`;
      const res = await raw('POST', `${base}/loyalty/gift_card/redeem/`, body, headers());
      expect(res.status, amount).toBe(400);
      expect(res.body.amount, amount).toEqual([expect.any(String)]);
      expect(res.body.error_codes.amount[0].code, amount).toBe('invalidAmount');
    }
    expect(await pointsOf(ava.uid)).toBe(before);
  });

  it('the vault redeem refuses the same amounts by name', async () => {
    for (const amount of AMOUNTS) {
      const res = await raw('POST', '/v1/rewards/portals/demo-portal/vault-items/vlt-unknown/redeem/', `{"variant_item":"x","amount":${amount}}`, as.ambassador());
      expect(res.status, amount).toBe(400);
      expect(res.body.error_codes?.amount?.[0]?.code, amount).toBe('invalidAmount');
    }
  });

  it('a JSON integer redeems, and an HTML form\'s decimal string still does', async () => {
    const json = await raw('POST', '/v1/loyalty/gift_card/redeem/', JSON.stringify({ affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: 300 }), as.ambassador());
    expect(json.status).toBe(201);
    const form = await raw('POST', '/v1/loyalty/gift_card/redeem/', new URLSearchParams({ affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount: '300' }).toString(), {
      ...as.ambassador(), 'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(201);
    for (const amount of ['0x12c', '3e2', '300.0', '']) {
      const bad = await raw('POST', '/v1/loyalty/gift_card/redeem/', new URLSearchParams({ affiliate_uid: ava.uid, gift_card_uid: 'rwd-demo-voucher', amount }).toString(), {
        ...as.ambassador(), 'content-type': 'application/x-www-form-urlencoded',
      });
      expect(bad.status, amount).toBe(400);
      expect(Object.keys(bad.body), amount).toContain('amount');
    }
  });

  it('integer fields of the other operator bodies are strict too', async () => {
    const cases: [string, string, (v: string) => string, string][] = [
      ['POST', '/v1/operator/ambassadors/amb-ava/loyalty/entries', (v) => `{"kind":"points","amount":${v},"description":"x"}`, 'amount'],
      ['PATCH', '/v1/operator/tiers/tier-x', (v) => `{"threshold":${v}}`, 'threshold'],
      ['PATCH', '/v1/operator/tasks/task-x', (v) => `{"position":${v}}`, 'position'],
      ['POST', '/v1/operator/webhooks/endpoints/wh_x/rotate-secret', (v) => `{"previous_secret_hours":${v}}`, 'previous_secret_hours'],
    ];
    for (const [method, path, body, field] of cases) {
      for (const value of ['"5"', '"0x5"', '"5e0"', '[5]', '5.5', 'true', '1e400']) {
        const res = await raw(method, path, body(value), as.company);
        expect(res.status, `${path} ${value}`).toBe(400);
        expect(Object.keys(res.body), `${path} ${value}`).toContain(field);
      }
    }
  });

  it('query integers are decimal digits only', async () => {
    for (const limit of ['0x10', '1e1', '10.0', '', '[10]', '-1', '101']) {
      const res = await raw('GET', `/v1/operator/ambassadors?limit=${encodeURIComponent(limit)}`, undefined, as.company);
      expect(res.status, limit).toBe(400);
      expect(Object.keys(res.body), limit).toContain('limit');
    }
    expect((await raw('GET', '/v1/operator/ambassadors?limit=10', undefined, as.company)).status).toBe(200);
    expect((await raw('GET', '/v1/operator/email/suppressions?offset=0x1', undefined, as.company)).status).toBe(400);
    expect((await raw('GET', '/v1/rewards/portals/demo-portal/redemptions/?page=0x2', undefined, as.ambassador())).status).toBe(400);
    expect((await raw('GET', '/v1/rewards/portals/demo-portal/redemptions/?page=2', undefined, as.ambassador())).status).toBe(200);
  });
});

describe('hostile bodies per route class: always a 4xx with a message, never a 500', () => {
  const BODIES = [
    '', ' ', '{}', '[]', 'null', '0', '-1', '"s"', 'true', '{', '{"a":1,}', '[[[[[[[[]]]]]]]]',
    '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":{"b":{"c":{"prototype":1}}}}',
    '{"amount":1e308}', '{"amount":-1e308}', '{"amount":9007199254740993}', '{"amount":-1}', '{"amount":0.5}', '{"amount":"5e2"}',
    '{"amount":"0x1f4"}', '{"amount":[[500]]}', '{"method":[]}', '{"revenue":"1e3"}', '{"revenue":-5}', '{"uids":[[["x"]]]}',
    '{"name":{"toString":1}}', `{"x":"${'ñ'.repeat(3000)}"}`, '"\\u0000"', '{"\\u0000":1}',
  ];
  // [label, caller, method, path, the bodies it may accept: an operator PATCH of nothing changes nothing;
  // the spec's profile PATCH and table query take an empty body as "nothing" / "no filter"].
  const CLASSES: [string, keyof typeof as, string, string, string[]][] = [
    ['operator POST', 'company', 'POST', '/v1/operator/events', []],
    ['operator POST (money)', 'company', 'POST', '/v1/operator/payouts', []],
    ['operator POST (bulk)', 'company', 'POST', '/v1/operator/commissions/approve', []],
    ['operator PUT', 'company', 'PUT', '/v1/operator/customization', []],
    ['operator PUT (tab access)', 'company', 'PUT', '/v1/operator/tabs/rewards/access', []],
    ['operator PATCH', 'company', 'PATCH', '/v1/operator/campaigns/cmp-demo-main', ['{}']],
    ['owner POST', 'owner', 'POST', '/v1/operator/companies', []],
    ['ambassador login', 'ambassador', 'POST', '/v1/auth/ambassador/?host=localhost', []],
    ['ambassador PATCH', 'ambassador', 'PATCH', '/v1/portal/ambassadors/{ava}/', ['', ' ', '{}']],
    ['ambassador redeem', 'ambassador', 'POST', '/v1/loyalty/gift_card/redeem/', []],
    ['ambassador table', 'ambassador', 'POST', '/v1/tables/content/commissions/', ['', ' ', '{}']],
    ['browser /api', 'browser', 'POST', '/api/loyalty/gift_card/redeem/', []],
  ];
  for (const [label, who, method, template, accepts] of CLASSES) {
    it(`${label}: ${method} ${template}`, async () => {
      const path = template.replaceAll('{ava}', ava.uid);
      const headers = typeof as[who] === 'function' ? (as[who] as () => Record<string, string>)() : (as[who] as Record<string, string>);
      const before = await storedCustomization();
      for (const body of BODIES) {
        const res = await raw(method, path, body, headers);
        // The table and the PATCH may legitimately accept `{}` (nothing to filter / nothing to change).
        if (accepts.includes(body)) {
          expect(res.status, `${label} ${JSON.stringify(body)}`).toBe(200);
          continue;
        }
        expect(res.status, `${label} ${body} -> ${JSON.stringify(res.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${label} ${body}`).toBeLessThan(500);
        expect(typeof res.body, `${label} ${body}`).toBe('object');
        expect(Object.keys(res.body).length, `${label} ${body}`).toBeGreaterThan(0);
      }
      expect(await storedCustomization()).toBe(before);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  }
});
