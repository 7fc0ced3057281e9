// A staff session is no ambassador session and an ambassador's is no staff session, both ways; a staff
// session of one company never works on another company's host; nor is a staff token an operator key.
import { describe, expect, it } from 'vitest';
import { KEYS } from './operator-fixtures';
import { token as ambassadorToken } from './profile-fixtures';
import { call, freshIp } from './accounts-helpers';
import { codeOf, fullSession, signIn, staff } from './staff-helpers';

describe('staff and ambassador sessions are apart', () => {
  it('an ambassador token never works as a staff token', async () => {
    const ava = await ambassadorToken('localhost', 'ava@demo.test');
    for (const auth of [`Staff ${ava.token}`, `Token ${ava.token}`, `Staff stf_${ava.token}`]) {
      const res = await staff('localhost', 'GET', 'me/', { auth });
      expect(res.status, auth).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Staff realm="console"');
    }
    // It still works where it belongs.
    const own = await call(`http://localhost/v1/ambassadors/${ava.uid}/stats/`, { headers: { authorization: `Token ${ava.token}` }, ip: freshIp() });
    expect(own.status).toBe(200);
  });

  it('a staff token never works as an ambassador token nor as an operator key', async () => {
    const ava = await ambassadorToken('localhost', 'ava@demo.test');
    const token = await fullSession('localhost', 'owner@demo.test');
    for (const auth of [`Token ${token}`, `Token ${token.slice(4)}`, `Staff ${token}`]) {
      const res = await call(`http://localhost/v1/ambassadors/${ava.uid}/stats/`, { headers: { authorization: auth }, ip: freshIp() });
      expect(res.status, auth).toBe(401);
    }
    const operator = await call('http://localhost/v1/operator/ambassadors', { headers: { authorization: `Bearer ${token}` }, ip: freshIp() });
    expect(operator.status).toBe(401);
    // And the staff token works on the staff API; an operator key does not.
    expect((await staff('localhost', 'GET', 'me/', { token })).status).toBe(200);
    expect((await staff('localhost', 'GET', 'me/', { auth: `Bearer ${KEYS.demo}` })).status).toBe(401);
    expect((await staff('localhost', 'GET', 'me/', { auth: `Staff ${KEYS.demo}` })).status).toBe(401);
  });
});

describe('tenants', () => {
  it('a staff session of Demo Co is no session on Acme Outdoor\'s host, before and after its second factor', async () => {
    const pending = (await signIn('localhost', 'owner@demo.test')).body.token as string;
    expect((await staff('acme.localhost', 'POST', 'sessions/second_factor/', { token: pending, body: { code: '123456' } })).status).toBe(401);
    const token = await fullSession('localhost', 'owner@demo.test');
    for (const [method, path, body] of [
      ['GET', 'me/', undefined], ['GET', 'team/', undefined], ['GET', 'sessions/', undefined],
      ['PATCH', 'team/stf-acme-viewer/', { active: false }], ['POST', 'team/', { email: 'x@acme.test', role: 'viewer', password: 'N3w-Passw0rd!' }],
      ['DELETE', 'sessions/current/', undefined],
    ] as const) {
      const res = await staff('acme.localhost', method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('invalidToken');
    }
    // Still live at home (the sign-out on the other host ended nothing).
    expect((await staff('localhost', 'GET', 'me/', { token })).status).toBe(200);
    // Acme's owner signs in on Acme's host only.
    expect(codeOf(await signIn('localhost', 'owner@acme.test'))).toBe('loginFailed');
    expect((await signIn('acme.localhost', 'owner@acme.test')).status).toBe(201);
  });

  it('answers 401 without a token, with a malformed one, and names the Staff scheme', async () => {
    for (const auth of [undefined, 'Staff', 'Staff stf_zz', 'Bearer x']) {
      const res = await staff('localhost', 'GET', 'team/', { auth });
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Staff realm="console"');
    }
  });
});
