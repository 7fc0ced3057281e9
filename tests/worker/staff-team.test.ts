// Roles, enforced by the API (core/mount.ts, whatever a console shows): only owners and admins read and
// change the team; an admin neither makes nor changes an owner; the company keeps an active owner; a member
// made inactive is signed out at once. And each staff member's own sessions, listed and revocable.
import { describe, expect, it } from 'vitest';
import { codeOf, fullSession, signIn, staff } from './staff-helpers';

const newcomer = (email: string, role: string) => ({ email, name: 'New Person', role, password: 'N3w-Passw0rd!' });

describe('roles on the team endpoints', () => {
  it('refuses reviewer, finance and viewer 403 roleRequired on every team call, reads and writes', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const target = (await staff('localhost', 'GET', 'team/', { token: owner })).body.results.find((m: { role: string }) => m.role === 'viewer').uid;
    for (const role of ['reviewer', 'finance', 'viewer']) {
      const token = await fullSession('localhost', `${role}@demo.test`);
      for (const [method, path, body] of [
        ['GET', 'team/', undefined], ['POST', 'team/', newcomer(`by-${role}@demo.test`, 'viewer')], ['PATCH', `team/${target}/`, { role: 'admin' }],
      ] as const) {
        const res = await staff('localhost', method, path, { token, body });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.body.code, `${role} ${method} ${path}`).toBe('roleRequired');
      }
      // Their own things stay theirs.
      expect((await staff('localhost', 'GET', 'me/', { token })).body.member.role).toBe(role);
    }
    // Nothing was written.
    const team = (await staff('localhost', 'GET', 'team/', { token: owner })).body.results;
    expect(team).toHaveLength(5);
    expect(team.find((m: { uid: string }) => m.uid === target).role).toBe('viewer');
  });

  it('an admin invites and changes members but cannot make, change or remove an owner', async () => {
    const admin = await fullSession('acme.localhost', 'admin@acme.test');
    const invited = await staff('acme.localhost', 'POST', 'team/', { token: admin, body: newcomer('rita@acme.test', 'reviewer') });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'rita@acme.test', role: 'reviewer', active: true, totp_enabled: false });
    // The new member signs in with the password handed over.
    expect((await signIn('acme.localhost', 'rita@acme.test', 'N3w-Passw0rd!')).status).toBe(201);
    const taken = await staff('acme.localhost', 'POST', 'team/', { token: admin, body: newcomer('RITA@acme.test', 'viewer') });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('staffEmailTaken');

    const promoted = await staff('acme.localhost', 'PATCH', `team/${invited.body.uid}/`, { token: admin, body: { role: 'finance' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('finance');

    for (const [what, res] of [
      ['invite an owner', await staff('acme.localhost', 'POST', 'team/', { token: admin, body: newcomer('boss@acme.test', 'owner') })],
      ['make an owner', await staff('acme.localhost', 'PATCH', `team/${invited.body.uid}/`, { token: admin, body: { role: 'owner' } })],
      ['demote an owner', await staff('acme.localhost', 'PATCH', 'team/stf-acme-owner/', { token: admin, body: { role: 'viewer' } })],
      ['deactivate an owner', await staff('acme.localhost', 'PATCH', 'team/stf-acme-owner/', { token: admin, body: { active: false } })],
    ] as const) {
      expect(res.status, what).toBe(403);
      expect(res.body.code, what).toBe('ownerRoleRequired');
    }
    expect((await staff('acme.localhost', 'POST', 'team/', { token: admin, body: { email: 'x@acme.test', role: 'chief', password: 'N3w-Passw0rd!' } })).status).toBe(400);
  });

  it('keeps the last active owner: an owner cannot demote or deactivate the only one, but can once there is another', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    for (const body of [{ role: 'admin' }, { active: false }]) {
      const res = await staff('localhost', 'PATCH', 'team/stf-demo-owner/', { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.code).toBe('lastOwner');
    }
    const second = await staff('localhost', 'POST', 'team/', { token: owner, body: newcomer('co-owner@demo.test', 'owner') });
    expect(second.status).toBe(201);
    const demoted = await staff('localhost', 'PATCH', 'team/stf-demo-owner/', { token: owner, body: { role: 'admin' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('admin');
    // Now an admin: the team is still theirs to read, owners no longer theirs to change.
    const back = await staff('localhost', 'PATCH', 'team/stf-demo-owner/', { token: owner, body: { role: 'owner' } });
    expect(back.status).toBe(403);
    expect(back.body.code).toBe('ownerRoleRequired');
    const coOwner = await fullSession('localhost', 'co-owner@demo.test', 'N3w-Passw0rd!');
    expect((await staff('localhost', 'PATCH', 'team/stf-demo-owner/', { token: coOwner, body: { role: 'owner' } })).status).toBe(200);
  });

  it('signs a member made inactive out at once, and lets them in no more; unknown and other companies\' uids are 404', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const finance = await fullSession('localhost', 'finance@demo.test');
    expect((await staff('localhost', 'GET', 'me/', { token: finance })).status).toBe(200);
    const off = await staff('localhost', 'PATCH', 'team/stf-demo-finance/', { token: owner, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const after = await staff('localhost', 'GET', 'me/', { token: finance });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe('Staff realm="console"');
    expect(codeOf(await signIn('localhost', 'finance@demo.test'))).toBe('loginFailed');

    expect((await staff('localhost', 'PATCH', 'team/stf-nobody/', { token: owner, body: { active: true } })).status).toBe(404);
    expect((await staff('localhost', 'PATCH', 'team/stf-acme-viewer/', { token: owner, body: { active: false } })).status).toBe(404);
  });
});

describe('one\'s own sessions', () => {
  it('lists them with the current one marked; revoking one ends it at once (401); another\'s session is 404', async () => {
    const first = await fullSession('acme.localhost', 'viewer@acme.test');
    const second = await fullSession('acme.localhost', 'viewer@acme.test');
    const list = await staff('acme.localhost', 'GET', 'sessions/', { token: second });
    expect(list.status).toBe(200);
    const sessions = list.body.results as { uid: string; current: boolean; second_factor: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.every((s) => s.second_factor)).toBe(true);
    const firstUid = (await staff('acme.localhost', 'GET', 'me/', { token: first })).body.session_uid;
    expect(sessions.find((s) => !s.current)!.uid).toBe(firstUid);

    // Someone else cannot end it.
    const other = await fullSession('acme.localhost', 'reviewer@acme.test');
    expect((await staff('acme.localhost', 'DELETE', `sessions/${firstUid}/`, { token: other })).status).toBe(404);
    expect((await staff('acme.localhost', 'GET', 'me/', { token: first })).status).toBe(200);

    expect((await staff('acme.localhost', 'DELETE', `sessions/${firstUid}/`, { token: second })).status).toBe(204);
    const revoked = await staff('acme.localhost', 'GET', 'me/', { token: first });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('invalidToken');
    expect((await staff('acme.localhost', 'DELETE', `sessions/${firstUid}/`, { token: second })).status).toBe(404);
    expect((await staff('acme.localhost', 'GET', 'sessions/', { token: second })).body.results).toHaveLength(1);

    // Signing out ends the current session, before its second factor too.
    expect((await staff('acme.localhost', 'DELETE', 'sessions/current/', { token: second })).status).toBe(204);
    expect((await staff('acme.localhost', 'GET', 'me/', { token: second })).status).toBe(401);
    const pending = await signIn('acme.localhost', 'viewer@acme.test');
    expect(pending.body.stage).toBe('secondFactor');
    expect((await staff('acme.localhost', 'DELETE', 'sessions/current/', { token: pending.body.token })).status).toBe(204);
    expect((await staff('acme.localhost', 'GET', 'me/', { token: pending.body.token })).status).toBe(401);
  });
});
