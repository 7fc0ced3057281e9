import {
  programOverviewAnswer, recoveryCodesAnswer, staffCodeSchema, staffInviteSchema, staffMeAnswer, staffMemberAnswer, staffSessionAnswer, staffSessionsAnswer,
  staffSignInSchema, staffStageAnswer, staffTeamAnswer, staffUpdateSchema, totpEnrolmentAnswer,
} from '../../lib/schemas/staff';
import { endpoint } from '../core/endpoint';
import { confirmTotp, enrolTotp, giveSecondFactor, me, ownSessions, revokeSession, signIn, signOut } from './sessions';
import { overview } from './overview';
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
  description: 'Every staff member of the company, with role, active and second-factor status. Owners and admins (else 403 `roleRequired`).',
  answer: { status: 200, schema: staffTeamAnswer, description: 'The team' },
  handle: ({ svc, staff }) => team(svc, staff),
});

// POST /v1/staff/team/ - add a staff member (owner, admin)
export const staffInviteEndpoint = endpoint({
  method: 'post',
  path: '/staff/team/',
  auth: 'staff',
  roles: managers,
  operationId: 'staffInvite',
  stepUp: true,
  tag: TAG,
  summary: 'Add a staff member',
  description: 'A new staff member with a role and a first password the inviter hands over. Owners and admins (else 403 ' +
    '`roleRequired`); only an owner adds an owner (403 `ownerRoleRequired`).',
  body: staffInviteSchema,
  parseIn: 'handler',
  example: { email: 'rita@example.com', name: 'Rita', role: 'reviewer', password: 'N3w-Passw0rd!' },
  answer: { status: 201, schema: staffMemberAnswer, description: 'The new staff member' },
  errors: { 409: { staffEmailTaken: 'A staff member of the company has this e-mail' } },
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
};
