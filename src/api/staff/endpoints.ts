import {
  companyStaffInviteSchema, invitationAcceptSchema, invitationLookupAnswer, invitationTokenSchema, programOverviewAnswer, recoveryCodesAnswer,
  staffCodeSchema, staffInvitationAnswer, staffInvitationsAnswer, staffInviteAnswer, staffInviteSchema, staffMeAnswer, staffMemberAnswer,
  staffSecurityAnswer, staffSecuritySchema, staffSessionAnswer, staffSessionsAnswer, staffSignInSchema, staffStageAnswer, staffTeamAnswer,
  staffUpdateSchema, totpEnrolmentAnswer,
} from '../../lib/schemas/staff';
import { endpoint } from '../core/endpoint';
import { confirmTotp, enrolTotp, giveSecondFactor, me, ownSessions, revokeSession, signIn, signOut } from './sessions';
import { overview } from './overview';
import {
  acceptStaffInvitation, inviteToCompany, listInvitations, lookupInvitation, resendInvitation, security, updateSecurity, withdrawInvitation,
} from './invitations';
import { invite, team, updateMember } from './team';

// The company console's staff API, on the company's own host (the tenant comes from the host): sign in
// with a password and a second factor, the caller's sessions and TOTP enrolment, and the team (owners and
// admins). Every call but the sign-in carries `Authorization: Staff <token>`; the route checks the session,
// its second factor and the endpoint's roles (core/staff-auth.ts). The services parse the bodies as sent.

const TAG = 'Console staff';
const noCompany = 'No company serves this host (code invalidCompany)';
const tooMany = 'Too many attempts from this client (or wrong codes for this account); `Retry-After` says when to try again';
const managers = ['owner', 'admin'] as const;

// POST /v1/staff/sessions/ - e-mail and password
export const staffSignInEndpoint = endpoint({
  method: 'post',
  path: '/staff/sessions/',
  auth: 'public',
  operationId: 'staffSignIn',
  tag: TAG,
  summary: 'Sign in to the console',
  description: 'E-mail and password of a staff member of the company serving the host: a session (`token`, sent as ' +
    '`Authorization: Staff <token>`). Its `stage` is `full`, or `secondFactor` (give a code to POST /staff/sessions/second_factor/) ' +
    'or `enrolment` (the company requires a second factor the account has not enrolled: POST /staff/me/totp/). A wrong password, an ' +
    'unknown e-mail, an inactive account and another company\'s account answer alike (`loginFailed`). Past the client\'s limit: 429.',
  body: staffSignInSchema,
  parseIn: 'handler',
  example: { email: 'owner@demo.test', password: 'Password1!' },
  answer: { status: 201, schema: staffSessionAnswer, description: 'The session' },
  errors: { 404: noCompany, 429: tooMany },
  handle: ({ svc, body }) => signIn(svc, body),
});

// POST /v1/staff/sessions/second_factor/ - a TOTP or recovery code
export const staffSecondFactorEndpoint = endpoint({
  method: 'post',
  path: '/staff/sessions/second_factor/',
  auth: 'staff',
  staffStage: 'pending',
  operationId: 'staffSecondFactor',
  tag: TAG,
  summary: 'Give the second factor',
  description: 'A 6-digit TOTP code (RFC 6238; each code is accepted once) or one of the recovery codes (each usable once) ' +
    'completes the session. Given again by a complete session, it is the step-up that sensitive actions (secrets, the team, ' +
    'payouts) ask for: they answer 403 `stepUpRequired` unless the session gave a code in the last 10 minutes. ' +
    'Wrong codes answer `secondFactorFailed`; past the client\'s or the account\'s limit of wrong codes: 429.',
  body: staffCodeSchema,
  parseIn: 'handler',
  example: { code: '123456' },
  answer: { status: 200, schema: staffStageAnswer, description: 'The session\'s stage' },
  errors: { 429: tooMany },
  handle: ({ svc, staff, body }) => giveSecondFactor(svc, staff, body),
});

// DELETE /v1/staff/sessions/current/ - log out
export const staffSignOutEndpoint = endpoint({
  method: 'delete',
  path: '/staff/sessions/current/',
  auth: 'staff',
  staffStage: 'pending',
  operationId: 'staffSignOut',
  tag: TAG,
  summary: 'Sign out',
  description: 'Ends the session the call carries: every later call with its token answers 401.',
  answer: { status: 204, description: 'The session has ended' },
  handle: ({ svc, staff }) => signOut(svc, staff),
});

// GET /v1/staff/sessions/ - the caller's own sessions
export const staffSessionsEndpoint = endpoint({
  method: 'get',
  path: '/staff/sessions/',
  auth: 'staff',
  operationId: 'staffSessions',
  tag: TAG,
  summary: 'Your sessions',
  description: 'The caller\'s live sessions, newest first, the current one marked.',
  answer: { status: 200, schema: staffSessionsAnswer, description: 'The sessions' },
  handle: ({ svc, staff }) => ownSessions(svc, staff),
});

// DELETE /v1/staff/sessions/{uid}/ - end one of one's own sessions
export const staffRevokeSessionEndpoint = endpoint({
  method: 'delete',
  path: '/staff/sessions/:uid/',
  auth: 'staff',
  operationId: 'staffRevokeSession',
  tag: TAG,
  summary: 'End a session',
  description: 'Ends one of the caller\'s own sessions at once (its token answers 401 from then on).',
  answer: { status: 204, description: 'The session has ended' },
  errors: { 404: 'No live session of the caller has this uid' },
  handle: ({ svc, staff, params }) => revokeSession(svc, staff, params.uid),
});

// GET /v1/staff/me/ - the signed-in staff member
export const staffMeEndpoint = endpoint({
  method: 'get',
  path: '/staff/me/',
  auth: 'staff',
  staffStage: 'pending',
  operationId: 'staffMe',
  tag: TAG,
  summary: 'Who is signed in',
  description: 'The signed-in staff member, the session\'s uid and stage, and whether the company requires a second factor. ' +
    'Answers before the second factor too, so a console knows what to ask for.',
  answer: { status: 200, schema: staffMeAnswer, description: 'The staff member' },
  handle: ({ svc, staff }) => me(svc, staff),
});

// POST /v1/staff/me/totp/ - start a TOTP enrolment
export const staffEnrolTotpEndpoint = endpoint({
  method: 'post',
  path: '/staff/me/totp/',
  auth: 'staff',
  staffStage: 'enrolment',
  operationId: 'staffEnrolTotp',
  tag: TAG,
  summary: 'Enrol a TOTP second factor',
  description: 'A new TOTP secret (base32) and its `otpauth://` URI for an authenticator app; the second factor is on once ' +
    'POST /staff/me/totp/confirm/ gets a first code. Starting again replaces a secret not yet confirmed.',
  answer: { status: 201, schema: totpEnrolmentAnswer, description: 'The secret to enrol' },
  errors: { 409: { totpAlreadyEnabled: 'The second factor is on already' } },
  handle: ({ svc, staff }) => enrolTotp(svc, staff),
});

// POST /v1/staff/me/totp/confirm/ - the first code turns the second factor on
export const staffConfirmTotpEndpoint = endpoint({
  method: 'post',
  path: '/staff/me/totp/confirm/',
  auth: 'staff',
  staffStage: 'enrolment',
  operationId: 'staffConfirmTotp',
  tag: TAG,
  summary: 'Confirm the TOTP second factor',
  description: 'A first code of the enrolled secret turns the second factor on and completes this session. The answer holds ten ' +
    'recovery codes, each usable once instead of a TOTP code: they are shown this once.',
  body: staffCodeSchema,
  parseIn: 'handler',
  example: { code: '123456' },
  answer: { status: 200, schema: recoveryCodesAnswer, description: 'The recovery codes' },
  errors: { 409: { totpAlreadyEnabled: 'The second factor is on already' }, 429: tooMany },
  handle: ({ svc, staff, body }) => confirmTotp(svc, staff, body),
});

// GET /v1/staff/team/ - the company's staff (owner, admin)
export const staffTeamEndpoint = endpoint({
  method: 'get',
  path: '/staff/team/',
  auth: 'staff',
  roles: managers,
  operationId: 'staffTeam',
  tag: TAG,
  summary: 'The team',
  description: 'Every staff member of the company, with role, active and second-factor status and when any of their sessions was last ' +
    'seen. Owners and admins (else 403 `roleRequired`).',
  answer: { status: 200, schema: staffTeamAnswer, description: 'The team' },
  handle: ({ svc, staff }) => team(svc, staff),
});

// POST /v1/staff/team/ - invite a staff member by e-mail, or add one with a password (owner, admin)
export const staffInviteEndpoint = endpoint({
  method: 'post',
  path: '/staff/team/',
  auth: 'staff',
  roles: managers,
  operationId: 'staffInvite',
  stepUp: true,
  tag: TAG,
  summary: 'Invite a staff member',
  description: 'Without `password`: an invitation (answered as a `StaffInvitation`) e-mailed in the company\'s language, with a link to ' +
    '`/console/accept?token=...` on the company\'s host where the invitee sets their name and password; it works once, for 7 days. ' +
    'With `password`: the staff member at once (answered as a `StaffMember`), with that first password the inviter hands over. ' +
    'Owners and admins (else 403 `roleRequired`); only an owner invites an owner (403 `ownerRoleRequired`).',
  body: staffInviteSchema,
  parseIn: 'handler',
  example: { email: 'rita@example.com', role: 'reviewer' },
  answer: { status: 201, schema: staffInviteAnswer, description: 'The invitation sent, or the new staff member' },
  errors: {
    409: {
      staffEmailTaken: 'A staff member of the company has this e-mail',
      'console.team.invitationOpen': 'An invitation to this e-mail is open: resend or revoke it',
    },
  },
  handle: ({ svc, staff, body }) => invite(svc, staff, body),
});

// PATCH /v1/staff/team/{uid}/ - role, active (owner, admin)
export const staffUpdateMemberEndpoint = endpoint({
  method: 'patch',
  path: '/staff/team/:uid/',
  auth: 'staff',
  roles: managers,
  operationId: 'staffUpdateMember',
  stepUp: true,
  tag: TAG,
  summary: 'Change a staff member',
  description: 'A member\'s role and whether they are active (an inactive member\'s sessions end at once). Owners and admins ' +
    '(else 403 `roleRequired`); only an owner changes or makes an owner (403 `ownerRoleRequired`); the company\'s last active ' +
    'owner stays one (409 `lastOwner`).',
  body: staffUpdateSchema,
  parseIn: 'handler',
  example: { role: 'viewer', active: true },
  answer: { status: 200, schema: staffMemberAnswer, description: 'The member as changed' },
  errors: { 404: 'The company has no staff member with this uid', 409: { lastOwner: 'The company\'s last active owner' } },
  handle: ({ svc, staff, params, body }) => updateMember(svc, staff, params.uid, body),
});

// GET /v1/staff/overview/ - the program at a glance (every role)
export const staffOverviewEndpoint = endpoint({
  method: 'get',
  path: '/staff/overview/',
  auth: 'staff',
  roles: ['owner', 'admin', 'reviewer', 'finance', 'viewer'],
  operationId: 'staffOverview',
  tag: TAG,
  summary: 'The program at a glance',
  description: 'The company\'s clicks, shares, referrals and ambassadors (all time), the revenue of referred sales and its ' +
    'commissions by status (money per currency, points), and what it owes: its pending and approved commissions. Every role.',
  answer: { status: 200, schema: programOverviewAnswer, description: 'The overview' },
  handle: ({ svc, staff }) => overview(svc, staff),
});

// GET /v1/staff/invitations/ - the open invitations (owner, admin)
export const staffInvitationsEndpoint = endpoint({
  method: 'get',
  path: '/staff/invitations/',
  auth: 'staff',
  roles: managers,
  operationId: 'staffInvitations',
  tag: TAG,
  summary: 'Open invitations',
  description: 'The company\'s invitations neither accepted nor revoked, newest first: `pending`, or `expired` (resend it). Owners and admins.',
  answer: { status: 200, schema: staffInvitationsAnswer, description: 'The invitations' },
  handle: ({ svc, staff }) => listInvitations(svc, staff),
});

const invitationErrors = {
  404: 'The company has no invitation with this uid',
  409: { 'console.team.invitationUsed': 'It was accepted already', 'console.team.invitationRevoked': 'It was revoked' },
};

// POST /v1/staff/invitations/{uid}/resend/ - a new link, 7 more days (owner, admin)
export const staffResendInvitationEndpoint = endpoint({
  method: 'post',
  path: '/staff/invitations/:uid/resend/',
  auth: 'staff',
  roles: managers,
  stepUp: true,
  operationId: 'staffResendInvitation',
  tag: TAG,
  summary: 'Resend an invitation',
  description: 'E-mails the invitation again with a new link valid for 7 days; the old link stops working. Owners and admins; an owner\'s ' +
    'invitation only an owner (403 `ownerRoleRequired`).',
  answer: { status: 200, schema: staffInvitationAnswer, description: 'The invitation' },
  errors: invitationErrors,
  handle: ({ svc, staff, params }) => resendInvitation(svc, staff, params.uid),
});

// DELETE /v1/staff/invitations/{uid}/ - withdraw an invitation (owner, admin)
export const staffRevokeInvitationEndpoint = endpoint({
  method: 'delete',
  path: '/staff/invitations/:uid/',
  auth: 'staff',
  roles: managers,
  stepUp: true,
  operationId: 'staffRevokeInvitation',
  tag: TAG,
  summary: 'Revoke an invitation',
  description: 'Its link answers `console.team.invitationRevoked` from now on. Owners and admins; an owner\'s invitation only an owner.',
  answer: { status: 200, schema: staffInvitationAnswer, description: 'The invitation, revoked' },
  errors: invitationErrors,
  handle: ({ svc, staff, params }) => withdrawInvitation(svc, staff, params.uid),
});

const linkRefusals = {
  404: 'No invitation of the company serving this host has this token (code `console.team.invitationUnknown`)',
  409: {
    'console.team.invitationExpired': 'Its 7 days are over: ask for a new one',
    'console.team.invitationUsed': 'It was accepted already: sign in',
    'console.team.invitationRevoked': 'It was withdrawn',
  },
};

// POST /v1/staff/invitations/lookup/ - what an invitation link invites to (public: the token is the key)
export const staffLookupInvitationEndpoint = endpoint({
  method: 'post',
  path: '/staff/invitations/lookup/',
  auth: 'public',
  operationId: 'staffLookupInvitation',
  tag: TAG,
  summary: 'Read an invitation link',
  description: 'The e-mail, role and company an invitation link\'s token invites to, on the company\'s own host, while it can be accepted.',
  body: invitationTokenSchema,
  parseIn: 'handler',
  example: { token: `sti_${'0'.repeat(64)}` },
  answer: { status: 200, schema: invitationLookupAnswer, description: 'The invitation' },
  errors: linkRefusals,
  handle: ({ svc, body }) => lookupInvitation(svc, body),
});

// POST /v1/staff/invitations/accept/ - the invitee sets name and password (public: the token is the key)
export const staffAcceptInvitationEndpoint = endpoint({
  method: 'post',
  path: '/staff/invitations/accept/',
  auth: 'public',
  operationId: 'staffAcceptInvitation',
  tag: TAG,
  summary: 'Accept an invitation',
  description: 'The invitee\'s name and password (the portal\'s password rules) make their staff account with the invited e-mail and ' +
    'role; the link is spent. Then they sign in (POST /staff/sessions/) and enrol a second factor if the company requires one.',
  body: invitationAcceptSchema,
  parseIn: 'handler',
  example: { token: `sti_${'0'.repeat(64)}`, name: 'Rita Moreno', password: 'N3w-Passw0rd!' },
  answer: { status: 201, schema: staffMemberAnswer, description: 'The new staff member' },
  errors: { ...linkRefusals, 409: { ...linkRefusals[409], staffEmailTaken: 'The e-mail joined the team another way meanwhile' } },
  handle: ({ svc, body }) => acceptStaffInvitation(svc, body),
});

// GET /v1/staff/security/ - the company's console security (owner, admin)
export const staffSecurityEndpoint = endpoint({
  method: 'get',
  path: '/staff/security/',
  auth: 'staff',
  roles: managers,
  operationId: 'staffSecurity',
  tag: TAG,
  summary: 'Console security',
  description: 'Whether the company requires a second factor of every staff member. Owners and admins.',
  answer: { status: 200, schema: staffSecurityAnswer, description: 'The settings' },
  handle: ({ svc, staff }) => security(svc, staff),
});

// PATCH /v1/staff/security/ - require a second factor of everyone, or not (owner)
export const staffUpdateSecurityEndpoint = endpoint({
  method: 'patch',
  path: '/staff/security/',
  auth: 'staff',
  roles: ['owner'],
  stepUp: true,
  operationId: 'staffUpdateSecurity',
  tag: TAG,
  summary: 'Change console security',
  description: 'Turns the requirement of a second factor for every staff member on or off; it applies to live sessions at once (a ' +
    'member without one is asked to enrol on their next call). Owners only.',
  body: staffSecuritySchema,
  parseIn: 'handler',
  example: { require_second_factor: true },
  answer: { status: 200, schema: staffSecurityAnswer, description: 'The settings as changed' },
  handle: ({ svc, staff, body }) => updateSecurity(svc, staff, body),
});

// POST /v1/operator/companies/{id}/staff-invitations - the deployment owner invites a company's first owner
export const inviteCompanyStaffEndpoint = endpoint({
  method: 'post',
  path: '/operator/companies/:id/staff-invitations',
  tag: 'Companies',
  auth: 'owner',
  operationId: 'inviteCompanyStaff',
  summary: 'Invite a company\'s first owner',
  description: 'Deployment owner only: `Authorization: Bearer <ADMIN_API_KEY>`. E-mails an invitation to the company\'s console ' +
    '(`role` defaults to `owner`), in the company\'s language, with a link to `/console/accept` on its first host; the invitee sets a ' +
    'name and password and runs the team from there. `npm run operator -- create-company ... --owner-email <e-mail>` calls it.',
  body: companyStaffInviteSchema,
  example: { email: 'owner@northwind.example' },
  answer: { status: 201, schema: staffInvitationAnswer, description: 'The invitation sent' },
  errors: {
    404: 'Unknown company id',
    409: { staffEmailTaken: 'The company has a staff member with this e-mail', 'console.team.invitationOpen': 'An invitation to this e-mail is open' },
  },
  handle: ({ svc, params, body }) => inviteToCompany(svc, params.id, body),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const staffEndpoints = {
  staffSignIn: staffSignInEndpoint,
  staffSecondFactor: staffSecondFactorEndpoint,
  staffSignOut: staffSignOutEndpoint,
  staffSessions: staffSessionsEndpoint,
  staffRevokeSession: staffRevokeSessionEndpoint,
  staffMe: staffMeEndpoint,
  staffEnrolTotp: staffEnrolTotpEndpoint,
  staffConfirmTotp: staffConfirmTotpEndpoint,
  staffTeam: staffTeamEndpoint,
  staffInvite: staffInviteEndpoint,
  staffUpdateMember: staffUpdateMemberEndpoint,
  staffOverview: staffOverviewEndpoint,
  staffInvitations: staffInvitationsEndpoint,
  staffResendInvitation: staffResendInvitationEndpoint,
  staffRevokeInvitation: staffRevokeInvitationEndpoint,
  staffLookupInvitation: staffLookupInvitationEndpoint,
  staffAcceptInvitation: staffAcceptInvitationEndpoint,
  staffSecurity: staffSecurityEndpoint,
  staffUpdateSecurity: staffUpdateSecurityEndpoint,
};

/** This domain's rows of the operator table: the deployment owner's invitation of a company's staff. */
export const operatorEndpoints = {
  inviteCompanyStaff: inviteCompanyStaffEndpoint,
};
