import { z } from 'zod';
import { isoTime } from './catalog';
import { passwordSchema } from './passwords';
import { components } from './registry';

// The company console's staff (src/api/staff): sign-in with a second factor, their sessions, TOTP
// enrolment and the team. Messages are i18n keys.

export const staffRoles = ['owner', 'admin', 'reviewer', 'finance', 'viewer'] as const;
const role = z.enum(staffRoles, { error: 'invalidField' }).describe('owner, admin, reviewer, finance or viewer');
const email = z.string({ error: 'required' }).trim().min(1, 'required').max(254, 'invalidEmail').pipe(z.email({ error: 'invalidEmail' }));

/** POST /staff/sessions/ - e-mail and password. */
export const staffSignInSchema = z.object({
  email,
  password: z.string({ error: 'required' }).min(1, 'required').max(512, 'invalidField'),
});

/** POST /staff/sessions/second_factor/ and /staff/me/totp/confirm/ - a 6-digit code or, for the former, a recovery code. */
export const staffCodeSchema = z.object({
  code: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'invalidField'),
});

/**
 * POST /staff/team/ - invite a staff member: without `password`, an e-mailed invitation (the invitee sets
 * their name and password); with one, the account at once with the password the inviter hands over.
 */
export const staffInviteSchema = z.object({
  email,
  name: z.string({ error: 'invalidField' }).trim().max(200, 'invalidField').default(''),
  role,
  password: passwordSchema.optional(),
});

/** PATCH /staff/team/{uid}/ - a role, active or both. */
export const staffUpdateSchema = z.object({
  role: role.optional(),
  active: z.boolean({ error: 'invalidField' }).optional(),
});

/** Where a session stands: `full`, or what it must do first. */
const stage = z.enum(['full', 'secondFactor', 'enrolment'])
  .describe('`full`; `secondFactor`: give a TOTP or recovery code; `enrolment`: the company requires a second factor, enrol one');

export const staffMemberAnswer = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  active: z.boolean(),
  totp_enabled: z.boolean(),
  created_at: isoTime,
}).register(components, { id: 'StaffMember' });
export type StaffMember = z.output<typeof staffMemberAnswer>;

export const staffMeAnswer = z.object({
  member: staffMemberAnswer,
  session_uid: z.string(),
  stage,
  second_factor_required: z.boolean().describe('Whether the company requires a second factor of all its staff'),
}).register(components, { id: 'StaffMe' });
export type StaffMe = z.output<typeof staffMeAnswer>;

export const staffSessionAnswer = z.object({
  token: z.string().describe('`Authorization: Staff <token>` for the staff API'),
  expires_at: isoTime,
  stage,
  member: staffMemberAnswer,
}).register(components, { id: 'StaffSession' });
export type StaffSessionAnswer = z.output<typeof staffSessionAnswer>;

export const staffSessionItem = z.object({
  uid: z.string(),
  current: z.boolean(),
  second_factor: z.boolean(),
  created_at: isoTime,
  last_seen_at: isoTime,
  expires_at: isoTime,
  user_agent: z.string().nullable(),
}).register(components, { id: 'StaffSessionItem' });
export const staffSessionsAnswer = z.object({ results: z.array(staffSessionItem) }).register(components, { id: 'StaffSessions' });
export type StaffSessions = z.output<typeof staffSessionsAnswer>;

export const staffStageAnswer = z.object({ stage }).register(components, { id: 'StaffStage' });
export type StaffStageAnswer = z.output<typeof staffStageAnswer>;

export const totpEnrolmentAnswer = z.object({
  secret: z.string().describe('Base32, for an authenticator app that cannot read the URI'),
  uri: z.string().describe('`otpauth://totp/...` (SHA-1, 6 digits, 30 s), for a QR code'),
}).register(components, { id: 'TotpEnrolment' });
export type TotpEnrolment = z.output<typeof totpEnrolmentAnswer>;

export const recoveryCodesAnswer = z.object({
  recovery_codes: z.array(z.string()).describe('Ten one-time codes, shown this once'),
}).register(components, { id: 'RecoveryCodes' });
export type RecoveryCodes = z.output<typeof recoveryCodesAnswer>;

export const staffTeamMember = staffMemberAnswer.extend({
  last_seen_at: isoTime.nullable().describe('The last call of any of their sessions; null: never signed in'),
}).register(components, { id: 'StaffTeamMember' });
export const staffTeamAnswer = z.object({ results: z.array(staffTeamMember) }).register(components, { id: 'StaffTeam' });
export type StaffTeam = z.output<typeof staffTeamAnswer>;

const money = z.object({ currency: z.string().describe('ISO 4217'), amount_minor: z.number().int().describe('Minor units (cents)') });
export const commissionStatuses = ['pending', 'approved', 'paid', 'zero', 'denied'] as const;

export const programOverviewAnswer = z.object({
  clicks: z.number().int().describe('Counted clicks, all time'),
  shares: z.number().int(),
  referrals: z.number().int(),
  ambassadors: z.number().int(),
  revenue: z.array(money).describe('Revenue of the referred sales, per currency (commissions not denied)'),
  commissions: z.array(z.object({
    status: z.enum(commissionStatuses),
    count: z.number().int(),
    money: z.array(money).describe('Monetary commissions of this status, per currency'),
    points: z.number().int().describe('Point commissions of this status'),
  })).describe('Every status, in the order pending, approved, paid, zero, denied'),
  owed: z.array(money).describe('What the company owes: its pending and approved monetary commissions, per currency'),
  owed_points: z.number().int().describe('Points of pending and approved point commissions'),
  outstanding: z.object({
    points: z.number().int().describe('Points the ambassadors hold, not redeemed or expired (their loyalty balances)'),
    cash: money.describe('Cash the ambassadors hold in their loyalty balances, in the company currency'),
    holders: z.number().int().describe('Ambassadors holding points or cash'),
  }).describe('What the ambassadors hold and may still redeem'),
  next_payouts: z.object({
    holding_days: z.number().int().describe('Days after a sale before its approved commission is payable (payout rules)'),
    minimum_minor: z.number().int().describe('The least a payout can be, minor units'),
    payable_now: z.array(money).describe('Approved commissions past their holding period and in no payout (less clawbacks), per currency: what a payout run would take today'),
    later: z.array(money).describe('Approved commissions still in their holding period, per currency'),
    next_payable_on: isoTime.nullable().describe('When the next of those becomes payable'),
    on_the_way: z.array(z.object({ status: z.enum(['pending', 'processing']), count: z.number().int(), money: z.array(money) })).describe('Payouts made and not paid yet'),
  }).describe('The next payouts'),
}).register(components, { id: 'ProgramOverview' });
export type ProgramOverview = z.output<typeof programOverviewAnswer>;

// Invitations (src/api/staff/invitations.ts) and the company's console security.

const invitationToken = z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'invalidField');

export const staffInvitationAnswer = z.object({
  uid: z.string(),
  email: z.string(),
  role,
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']).describe('`pending` until `expires_at`, then `expired` (resend it)'),
  invited_by: z.string().nullable().describe('The inviting staff member\'s uid; null: the deployment owner'),
  created_at: isoTime,
  expires_at: isoTime,
}).register(components, { id: 'StaffInvitation' });
export type StaffInvitation = z.output<typeof staffInvitationAnswer>;
export const staffInvitationsAnswer = z.object({ results: z.array(staffInvitationAnswer) }).register(components, { id: 'StaffInvitations' });
export type StaffInvitations = z.output<typeof staffInvitationsAnswer>;

/** POST /staff/team/: the member made with a password, or the invitation sent. */
export const staffInviteAnswer = z.union([staffMemberAnswer, staffInvitationAnswer]).register(components, { id: 'StaffInviteResult' });

/** POST /operator/companies/{id}/staff-invitations - the deployment owner invites a company's (first) owner. */
export const companyStaffInviteSchema = z.object({ email, role: role.default('owner') });

/** POST /staff/invitations/lookup/ - what a link's token invites to. */
export const invitationTokenSchema = z.object({ token: invitationToken });
export const invitationLookupAnswer = z.object({
  email: z.string(),
  role,
  company_name: z.string(),
  expires_at: isoTime,
}).register(components, { id: 'StaffInvitationLookup' });
export type InvitationLookup = z.output<typeof invitationLookupAnswer>;

/** POST /staff/invitations/accept/ - the invitee's name and password. */
export const invitationAcceptSchema = z.object({
  token: invitationToken,
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'invalidField'),
  password: passwordSchema,
});

/** GET and PATCH /staff/security/ - the company's console security settings. */
export const staffSecurityAnswer = z.object({
  require_second_factor: z.boolean().describe('Every staff member must give a second factor (and enrol one first)'),
}).register(components, { id: 'StaffSecurity' });
export type StaffSecurity = z.output<typeof staffSecurityAnswer>;
export const staffSecuritySchema = z.object({ require_second_factor: z.boolean({ error: 'invalidField' }) });
