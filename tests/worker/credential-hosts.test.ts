// A token or key works only on its own company's hosts: Acme's operator key answered on demo's
// host and an ambassador's token on another tenant's host, each with its own data. Every pair of
// credential and host: the company's own hosts answer, another company's host and a host that is no
// tenant's answer 401 like an unknown credential. The deployment owner's key is not company-bound, and the
// stores' signed webhooks carry the company in their path: both answer on any host.
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetTenants } from '../../src/edge/tenant';
import { STRIPE_SECRETS, checkoutSession, connectStores, stripeEvent } from './attribution-fixtures';
import { edge } from './helpers';
import { KEYS, readReply } from './operator-fixtures';
import { login, type Who } from './sharing-fixtures';

const HOSTS = { demo: ['localhost', 'demo.localhost'], acme: ['acme.localhost'], globex: ['globex.localhost'] } as const;
type Company = keyof typeof HOSTS;
const COMPANIES = Object.keys(HOSTS) as Company[];
/** Hosts that are no tenant's: the Worker's bare address, a workers.dev-like name, an unattached name. */
const NO_TENANT = ['127.0.0.1', 'ambassador-portal.example.workers.dev', 'nobody.localhost'];
const ALL_HOSTS = [...COMPANIES.flatMap((c) => HOSTS[c]), ...NO_TENANT];
const companyOfHost = (host: string) => COMPANIES.find((c) => (HOSTS[c] as readonly string[]).includes(host)) ?? null;

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';
const EMAILS: Record<Company, string> = { demo: 'ava@demo.test', acme: 'alex@acme.test', globex: 'gus@globex.test' };
const people = {} as Record<Company, Who>;

beforeAll(async () => {
  for (const company of COMPANIES) people[company] = await login(HOSTS[company][0], EMAILS[company]);
  await connectStores();
});
beforeEach(() => forgetTenants());

const get = (host: string, path: string, authorization: string) => edge().fetch(`http://${host}${path}`, { headers: { authorization } });

describe('an ambassador token', () => {
  it.each(COMPANIES)('of %s answers on its own hosts only', async (company) => {
    const who = people[company];
    for (const host of ALL_HOSTS) {
      const res = await get(host, `/v1/users/${who.userId}/`, `Token ${who.token}`);
      if (companyOfHost(host) === company) {
        expect(res.status, host).toBe(200);
        expect(((await res.json()) as { email: string }).email).toBe(EMAILS[company]);
      } else {
        expect(res.status, host).toBe(401);
        expect(((await res.json()) as { code: string }).code, host).toBe('invalidToken');
        expect(res.headers.get('www-authenticate'), host).toContain('Token');
      }
    }
  });

  it('cannot write on another company\'s host either', async () => {
    const res = await edge().fetch(`http://localhost/v1/portal/ambassadors/${people.acme.uid}/`, {
      method: 'PATCH', headers: { authorization: `Token ${people.acme.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ first_name: 'Moved' }),
    });
    expect(res.status).toBe(401);
    expect(await env.DB.prepare('SELECT first_name FROM users WHERE id = ?').bind(people.acme.userId).first('first_name')).not.toBe('Moved');
  });
});

describe('a company key', () => {
  it.each(COMPANIES)('of %s answers on its own hosts only, on the operator and the lead/sale API', async (company) => {
    for (const host of ALL_HOSTS) {
      const payouts = await get(host, '/v1/operator/payouts', `Bearer ${KEYS[company]}`);
      // A body the API would refuse: a key that is good here gets past authentication to the 400.
      const sale = await edge().fetch(`http://${host}/v1/track/sale`, {
        method: 'POST', headers: { authorization: `Bearer ${KEYS[company]}`, 'content-type': 'application/json' }, body: '{}',
      });
      if (companyOfHost(host) === company) {
        expect(payouts.status, host).toBe(200);
        expect(sale.status, host).toBe(400);
      } else {
        for (const res of [payouts, sale]) {
          expect(res.status, host).toBe(401);
          expect((await readReply(res)).body.code, host).toBe('operatorKeyInvalid');
          expect(res.headers.get('www-authenticate'), host).toContain('Bearer');
        }
      }
    }
  });

  it('changes nothing on another company\'s host', async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM payouts WHERE company_id = 'acme'").first('n');
    const res = await edge().fetch('http://localhost/v1/operator/payouts', {
      method: 'POST', headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' }, body: JSON.stringify({ ambassador_uid: 'amb-alex', method: 1 }),
    });
    expect(res.status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payouts WHERE company_id = 'acme'").first('n')).toBe(before);
  });
});

describe('credentials that are no company\'s', () => {
  it('the deployment owner\'s key answers on every host, a tenant\'s or none', async () => {
    for (const host of ALL_HOSTS) {
      const res = await get(host, '/v1/operator/companies', `Bearer ${ADMIN}`);
      expect(res.status, host).toBe(200);
    }
  });

  it('a store\'s signed webhook is taken on every host: the company is in its path', async () => {
    const stripe = new Stripe('sk_test_unused', { httpClient: Stripe.createFetchHttpClient() });
    for (const host of ['acme.localhost', ...NO_TENANT]) {
      const payload = JSON.stringify(stripeEvent('checkout.session.completed', checkoutSession()));
      const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: STRIPE_SECRETS.demo, cryptoProvider: Stripe.createSubtleCryptoProvider() });
      const res = await edge().fetch(`http://${host}/v1/hooks/stripe/demo`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
      });
      expect(res.status, host).toBe(200);
    }
  });
});
