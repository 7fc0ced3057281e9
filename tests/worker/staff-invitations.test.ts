// E-mailed invitations to the console: an owner or admin invites by e-mail and role, the e-mail (in the
// company's language) links to /console/accept on the company's host, the invitee's name and password make the
// account once; expired, revoked and used links are refused with their reason; roles and companies are kept
// apart; the deployment owner invites a new company's first owner.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { lastEmail } from './accounts-helpers';
import { op } from './operator-fixtures';
import { codeOf, fullSession, signIn, staff } from './staff-helpers';

const ADMIN = 'adm_demo_local_only_4c1e9b7d2a6f3058';
const NEW_PASSWORD = 'N3w-Passw0rd!';
let counter = 0;
const fresh = (label: string, domain = 'demo.test') => `${label}-${Date.now().toString(36)}-${++counter}@${domain}`;

/** The link's token of the newest invitation e-mailed to `to`, with the e-mail itself. */
async function invitationMail(company: string, to: string) {
  const mail = await lastEmail(company, to);
  expect(mail, `an e-mail to ${to}`).toBeTruthy();
  const link = /(https?:\/\/\S+\/console\/accept\?token=(sti_[a-f0-9]{64}))/.exec(mail!.body_text);
  expect(link, mail!.body_text).toBeTruthy();
  return { mail: mail!, link: link![1]!, token: link![2]! };
}

const accept = (host: string, token: string, name = 'Rita Moreno', password = NEW_PASSWORD) =>
  staff(host, 'POST', 'invitations/accept/', { body: { token, name, password } });

describe('inviting by e-mail', () => {
  it('an owner invites a reviewer: the e-mail links to /console/accept on the company\'s host, the link makes the account once', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const email = fresh('rita');
    const invited = await staff('localhost', 'POST', 'team/', { token: owner, body: { email, role: 'reviewer' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'reviewer', status: 'pending', invited_by: 'stf-demo-owner' });
    const days = (Date.parse(invited.body.expires_at) - Date.parse(invited.body.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    // No account yet: the invitee cannot sign in, and the team does not list them.
    expect(codeOf(await signIn('localhost', email, NEW_PASSWORD))).toBe('loginFailed');
    const team = (await staff('localhost', 'GET', 'team/', { token: owner })).body.results as { email: string }[];
    expect(team.some((m) => m.email === email)).toBe(false);
    const open = (await staff('localhost', 'GET', 'invitations/', { token: owner })).body.results as { uid: string; status: string }[];
    expect(open.find((i) => i.uid === invited.body.uid)?.status).toBe('pending');

    const { mail, link, token } = await invitationMail('demo', email);
    expect(mail.template).toBe('staff_invitation');
    expect(mail.subject).toContain('Demo Co');
    expect(new URL(link).hostname).toBe('localhost');
    // Only the hash is stored.
    const stored = await env.DB.prepare('SELECT token_hash FROM staff_invitations WHERE company_id = ? AND uid = ?').bind('demo', invited.body.uid).first<string>('token_hash');
    expect(stored).not.toContain(token);

    const looked = await staff('localhost', 'POST', 'invitations/lookup/', { body: { token } });
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({ email, role: 'reviewer', company_name: 'Demo Co' });

    // The portal's password rules hold.
    const weak = await accept('localhost', token, 'Rita Moreno', 'short');
    expect(weak.status).toBe(400);
    expect(codeOf(weak, 'password')).toBe('passwordRequirements');
    const accepted = await accept('localhost', token);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email, name: 'Rita Moreno', role: 'reviewer', active: true, totp_enabled: false });
    // Signed in, the reviewer enrols (the company requires a second factor) like any member.
    const session = await signIn('localhost', email, NEW_PASSWORD);
    expect(session.status).toBe(201);
    expect(session.body.stage).toBe('enrolment');

    // A second use of the same link is refused and changes nothing.
    const again = await accept('localhost', token, 'Mallory', 'An0ther-Passw0rd!');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('console.team.invitationUsed');
    expect(codeOf(await signIn('localhost', email, 'An0ther-Passw0rd!'))).toBe('loginFailed');
    expect((await staff('localhost', 'POST', 'invitations/lookup/', { body: { token } })).body.code).toBe('console.team.invitationUsed');
    const invitations = (await staff('localhost', 'GET', 'invitations/', { token: owner })).body.results as { uid: string }[];
    expect(invitations.some((i) => i.uid === invited.body.uid)).toBe(false);
  });

  it('keeps the password field: with one, the member exists at once and no e-mail goes out', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const email = fresh('direct');
    const added = await staff('localhost', 'POST', 'team/', { token: owner, body: { email, name: 'Dee Rect', role: 'viewer', password: NEW_PASSWORD } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email, role: 'viewer', active: true });
    expect(await lastEmail('demo', email)).toBeNull();
    expect((await signIn('localhost', email, NEW_PASSWORD)).status).toBe(201);
  });

  it('writes the e-mail in the company\'s language (Acme: Spanish) with a link on acme.localhost', async () => {
    const admin = await fullSession('acme.localhost', 'admin@acme.test');
    const email = fresh('lucia', 'acme.test');
    expect((await staff('acme.localhost', 'POST', 'team/', { token: admin, body: { email, role: 'finance' } })).status).toBe(201);
    const { mail, link } = await invitationMail('acme', email);
    expect(mail.subject).toBe('Tu invitación a la consola de Acme Outdoor');
    expect(mail.body_text).toContain('Acme Outdoor como Finanzas');
    expect(new URL(link).hostname).toBe('acme.localhost');
  });

  it('refuses an e-mail already in the team or with an open invitation (409), and refuses bad input (400)', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const member = await staff('localhost', 'POST', 'team/', { token: owner, body: { email: 'viewer@demo.test', role: 'viewer' } });
    expect(member.status).toBe(409);
    expect(member.body.code).toBe('staffEmailTaken');
    const email = fresh('twice');
    expect((await staff('localhost', 'POST', 'team/', { token: owner, body: { email, role: 'viewer' } })).status).toBe(201);
    const twice = await staff('localhost', 'POST', 'team/', { token: owner, body: { email: email.toUpperCase(), role: 'admin' } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('console.team.invitationOpen');
    expect((await staff('localhost', 'POST', 'team/', { token: owner, body: { email: 'not-an-email', role: 'viewer' } })).status).toBe(400);
  });
});

describe('links that no longer work', () => {
  it('refuses an expired link with its reason; a resend gives a new link (the old one dead) for 7 more days', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const email = fresh('late');
    const invited = await staff('localhost', 'POST', 'team/', { token: owner, body: { email, role: 'viewer' } });
    const { token: first } = await invitationMail('demo', email);
    await env.DB.prepare("UPDATE staff_invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE company_id = 'demo' AND uid = ?").bind(invited.body.uid).run();
    const expired = await accept('localhost', first);
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe('console.team.invitationExpired');
    const listed = (await staff('localhost', 'GET', 'invitations/', { token: owner })).body.results as { uid: string; status: string }[];
    expect(listed.find((i) => i.uid === invited.body.uid)?.status).toBe('expired');

    const resent = await staff('localhost', 'POST', `invitations/${invited.body.uid}/resend/`, { token: owner });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    expect(Date.parse(resent.body.expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const { token: second } = await invitationMail('demo', email);
    expect(second).not.toBe(first);
    expect((await accept('localhost', first)).body.code).toBe('console.team.invitationUnknown');
    expect((await accept('localhost', second)).status).toBe(201);
  });

  it('refuses a revoked link; a revoked or accepted invitation cannot be revoked or resent again', async () => {
    const admin = await fullSession('localhost', 'admin@demo.test');
    const email = fresh('withdrawn');
    const invited = await staff('localhost', 'POST', 'team/', { token: admin, body: { email, role: 'reviewer' } });
    const { token } = await invitationMail('demo', email);
    const revoked = await staff('localhost', 'DELETE', `invitations/${invited.body.uid}/`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    const refused = await accept('localhost', token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('console.team.invitationRevoked');
    expect(codeOf(await signIn('localhost', email, NEW_PASSWORD))).toBe('loginFailed');
    expect((await staff('localhost', 'POST', `invitations/${invited.body.uid}/resend/`, { token: admin })).body.code).toBe('console.team.invitationRevoked');
    expect((await staff('localhost', 'DELETE', `invitations/${invited.body.uid}/`, { token: admin })).status).toBe(409);
    // A new invitation to the same e-mail is fine once the old one is withdrawn.
    expect((await staff('localhost', 'POST', 'team/', { token: admin, body: { email, role: 'reviewer' } })).status).toBe(201);
  });

  it('answers an unknown or malformed token 404 invitationUnknown', async () => {
    for (const token of [`sti_${'a'.repeat(64)}`, 'garbage']) {
      const res = await accept('localhost', token);
      expect(res.status, token).toBe(404);
      expect(res.body.code).toBe('console.team.invitationUnknown');
    }
    expect((await staff('localhost', 'POST', 'invitations/accept/', { body: { name: 'X', password: NEW_PASSWORD } })).status).toBe(400);
  });
});

describe('roles and companies', () => {
  it('only owners and admins invite, resend, revoke and list (403 roleRequired); only an owner invites an owner', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const pending = await staff('localhost', 'POST', 'team/', { token: owner, body: { email: fresh('pending'), role: 'viewer' } });
    for (const role of ['reviewer', 'finance', 'viewer']) {
      const token = await fullSession('localhost', `${role}@demo.test`);
      for (const [method, path, body] of [
        ['POST', 'team/', { email: fresh(`by-${role}`), role: 'viewer' }], ['GET', 'invitations/', undefined],
        ['POST', `invitations/${pending.body.uid}/resend/`, undefined], ['DELETE', `invitations/${pending.body.uid}/`, undefined],
        ['PATCH', 'security/', { require_second_factor: false }],
      ] as const) {
        const res = await staff('localhost', method, path, { token, body });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.body.code).toBe('roleRequired');
      }
    }
    const admin = await fullSession('localhost', 'admin@demo.test');
    const byAdmin = await staff('localhost', 'POST', 'team/', { token: admin, body: { email: fresh('boss'), role: 'owner' } });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe('ownerRoleRequired');
    const ownerInvite = await staff('localhost', 'POST', 'team/', { token: owner, body: { email: fresh('co-owner'), role: 'owner' } });
    expect(ownerInvite.status).toBe(201);
    // An admin neither resends nor revokes an owner's invitation.
    expect((await staff('localhost', 'POST', `invitations/${ownerInvite.body.uid}/resend/`, { token: admin })).body.code).toBe('ownerRoleRequired');
    expect((await staff('localhost', 'DELETE', `invitations/${ownerInvite.body.uid}/`, { token: admin })).body.code).toBe('ownerRoleRequired');
    // The admin may not change the security setting either: owners only.
    expect((await staff('localhost', 'PATCH', 'security/', { token: admin, body: { require_second_factor: false } })).body.code).toBe('roleRequired');
  });

  it('asks for a recent second factor (403 stepUpRequired) before inviting, resending or revoking', async () => {
    const owner = await fullSession('localhost', 'owner@demo.test');
    const pending = await staff('localhost', 'POST', 'team/', { token: owner, body: { email: fresh('stepup'), role: 'viewer' } });
    await env.DB.prepare("UPDATE staff_sessions SET second_factor_at = '2020-01-01T00:00:00.000Z' WHERE company_id = 'demo' AND staff_uid = 'stf-demo-owner'").run();
    for (const [method, path, body] of [
      ['POST', 'team/', { email: fresh('late-step'), role: 'viewer' }], ['POST', `invitations/${pending.body.uid}/resend/`, undefined],
      ['DELETE', `invitations/${pending.body.uid}/`, undefined], ['PATCH', 'security/', { require_second_factor: true }],
    ] as const) {
      const res = await staff('localhost', method, path, { token: owner, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('stepUpRequired');
    }
  });

  it('keeps companies apart: another company\'s invitation uid is 404, its link does not work on this host', async () => {
    const demoOwner = await fullSession('localhost', 'owner@demo.test');
    const acmeOwner = await fullSession('acme.localhost', 'owner@acme.test');
    const email = fresh('apart', 'acme.test');
    const invited = await staff('acme.localhost', 'POST', 'team/', { token: acmeOwner, body: { email, role: 'viewer' } });
    const { token } = await invitationMail('acme', email);
    expect((await staff('localhost', 'POST', `invitations/${invited.body.uid}/resend/`, { token: demoOwner })).status).toBe(404);
    expect((await staff('localhost', 'DELETE', `invitations/${invited.body.uid}/`, { token: demoOwner })).status).toBe(404);
    const demoList = (await staff('localhost', 'GET', 'invitations/', { token: demoOwner })).body.results as { uid: string }[];
    expect(demoList.some((i) => i.uid === invited.body.uid)).toBe(false);
    // Acme's link on Demo's host: unknown there, and no Demo account is made.
    expect((await accept('localhost', token)).status).toBe(404);
    expect((await staff('localhost', 'POST', 'invitations/lookup/', { body: { token } })).status).toBe(404);
    expect((await accept('acme.localhost', token)).status).toBe(201);
    expect(codeOf(await signIn('localhost', email, NEW_PASSWORD))).toBe('loginFailed');
    expect((await signIn('acme.localhost', email, NEW_PASSWORD)).status).toBe(201);
  });
});

describe('the company\'s second-factor setting and the team', () => {
  it('an owner turns the requirement off and on; the team shows when each member was last seen', async () => {
    const owner = await fullSession('acme.localhost', 'owner@acme.test');
    expect((await staff('acme.localhost', 'GET', 'security/', { token: owner })).body).toEqual({ require_second_factor: true });
    const off = await staff('acme.localhost', 'PATCH', 'security/', { token: owner, body: { require_second_factor: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ require_second_factor: false });
    // A member without a second factor now signs in with the password alone.
    expect((await signIn('acme.localhost', 'finance@acme.test')).body.stage).toBe('full');
    expect((await staff('acme.localhost', 'PATCH', 'security/', { token: owner, body: { require_second_factor: 'yes' } })).status).toBe(400);
    expect((await staff('acme.localhost', 'PATCH', 'security/', { token: owner, body: { require_second_factor: true } })).body.require_second_factor).toBe(true);
    expect((await signIn('acme.localhost', 'finance@acme.test')).body.stage).toBe('enrolment');

    const team = (await staff('acme.localhost', 'GET', 'team/', { token: owner })).body.results as { uid: string; last_seen_at: string | null }[];
    expect(team.find((m) => m.uid === 'stf-acme-owner')!.last_seen_at).not.toBeNull();
    expect(team.find((m) => m.uid === 'stf-acme-viewer')!.last_seen_at).toBeNull();
  });
});

describe('a new company\'s first owner', () => {
  it('the deployment owner invites the first owner of a company it created; the owner accepts on the company\'s host', async () => {
    const id = `first-${Date.now().toString(36)}`;
    const made = await op(ADMIN, 'POST', '/companies', { id, name: 'First Owner Co', hosts: [`${id}.localhost`], default_language: 'fr' });
    expect(made.status).toBe(201);
    const email = `founder-${id}@example.com`;
    // A company key cannot invite, nor can nobody.
    expect((await op(null, 'POST', `/companies/${id}/staff-invitations`, { email })).status).toBe(401);
    const invited = await op(ADMIN, 'POST', `/companies/${id}/staff-invitations`, { email });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'owner', status: 'pending', invited_by: null });
    expect((await op(ADMIN, 'POST', '/companies/no-such-company/staff-invitations', { email })).status).toBe(404);

    const { mail, link, token } = await invitationMail(id, email);
    expect(mail.subject).toBe('Votre invitation à la console de First Owner Co');
    expect(new URL(link).hostname).toBe(`${id}.localhost`);
    expect((await accept(`${id}.localhost`, token, 'Fern Founder')).status).toBe(201);
    const owner = await fullSession(`${id}.localhost`, email, NEW_PASSWORD);
    const me = await staff(`${id}.localhost`, 'GET', 'me/', { token: owner });
    expect(me.body.member).toMatchObject({ email, name: 'Fern Founder', role: 'owner' });
    // The owner runs the team from there.
    expect((await staff(`${id}.localhost`, 'POST', 'team/', { token: owner, body: { email: `second-${id}@example.com`, role: 'admin' } })).status).toBe(201);
  });
});
