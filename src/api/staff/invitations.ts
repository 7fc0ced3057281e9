import { t, type MessageKey } from '../../lib/i18n';
import type {
  InvitationLookup, StaffInvitation, StaffInvitations, StaffMember, StaffSecurity,
} from '../../lib/schemas/staff';
import { companyStaffInviteSchema, invitationAcceptSchema, invitationTokenSchema, staffSecuritySchema } from '../../lib/schemas/staff';
import { emailLanguageOf, linkOrigin } from '../auth/codes';
import { hashPassword } from '../auth/password-hash';
import { findCompany } from '../companies/queries';
import type { CompanyRow } from '../core/rows';
import { isoIn, isoNow, randomToken, sha256Hex } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { Staff, StaffRole } from '../core/staff-auth';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { emailGreeting, outboxSender } from '../email/outbox';
import {
  acceptInvitation, insertInvitation, invitationByToken, invitationByUid, openInvitationByEmail, openInvitations, renewInvitation,
  revokeInvitation, setRequireSecondFactor, staffEmailExists, type StaffInvitationRow,
} from './invitation-queries';
import { requiresSecondFactor, staffByUid } from './queries';
import { memberView } from './sessions';

// E-mailed invitations to the console: an owner or admin (or the deployment owner, for a company's first
// owner) invites an e-mail with a role; the e-mail, in the company's language, links to /console/accept on
// the company's own host, where the invitee sets a name and password that make the account. A link works
// for seven days and once; a resend replaces it, a revoke withdraws it. Only an owner invites an owner.

/** An invitation's link works for 7 days from when it was sent (or sent again). */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** The link's token: `sti_` and 64 hex digits (256 random bits); only its SHA-256 is stored. */
const newToken = () => `sti_${randomToken(32)}`;
const TOKEN_PATTERN = /^sti_[a-f0-9]{64}$/;

export function invitationView(row: StaffInvitationRow, nowMs = Date.now()): StaffInvitation {
  const status = row.accepted_at ? 'accepted' : row.revoked_at ? 'revoked' : Date.parse(row.expires_at) <= nowMs ? 'expired' : 'pending';
  return {
    uid: row.uid, email: row.email, role: row.role, status, invited_by: row.invited_by, created_at: row.created_at, expires_at: row.expires_at,
  };
}

const ownerOnly = (inviter: Pick<Staff, 'role'> | null, role: StaffRole) => {
  if (role === 'owner' && inviter && inviter.role !== 'owner') throw new ApiError('forbidden', 'ownerRoleRequired');
};

/** E-mails the invitation's link, in the company's default language, from one of its own hosts. */
async function sendInvitation(svc: ServiceContext, company: CompanyRow, to: string, role: StaffRole, token: string) {
  const lang = await emailLanguageOf(svc.db, company.id, null);
  const link = `${await linkOrigin(svc, company)}/console/accept?token=${token}`;
  const params = { company: company.name, role: t(lang, `console.role.${role}` as MessageKey), link, days: 7 };
  await outboxSender(svc.db, svc).send({
    companyId: company.id, to, template: 'staff_invitation',
    subject: t(lang, 'console.team.emailSubject', params),
    text: `${emailGreeting(lang, null)}\n\n${t(lang, 'console.team.emailBody', params)}`,
  });
}

/**
 * An invitation of `email` as `role` by `inviter` (null: the deployment owner), e-mailed at once. An e-mail
 * already in the team is 409 `staffEmailTaken`; one with an open invitation 409 `console.team.invitationOpen`
 * (resend that one instead).
 */
export async function createInvitation(
  svc: ServiceContext, companyId: string, inviter: Staff | null, input: { email: string; role: StaffRole },
): Promise<StaffInvitation> {
  ownerOnly(inviter, input.role);
  const company = await findCompany(svc.db, companyId);
  if (!company) throw new ApiError('not_found', 'notFound');
  const token = newToken();
  const uid = `sti-${randomToken(8)}`;
  const changes = await insertInvitation(svc.db, {
    companyId, uid, email: input.email, role: input.role, tokenHash: await sha256Hex(token), invitedBy: inviter?.uid ?? null,
    nowIso: isoNow(), expiresAt: isoIn(INVITATION_TTL_MS),
  });
  if (changes !== 1) {
    if (await staffEmailExists(svc.db, companyId, input.email)) throw new ApiError('conflict', 'staffEmailTaken');
    if (await openInvitationByEmail(svc.db, companyId, input.email)) throw new ApiError('conflict', 'console.team.invitationOpen');
    throw new ApiError('conflict', 'staffEmailTaken');
  }
  await sendInvitation(svc, company, input.email, input.role, token);
  return invitationView((await invitationByUid(svc.db, companyId, uid))!);
}

/** GET /staff/invitations/ - the company's open invitations (pending and expired). */
export async function listInvitations(svc: ServiceContext, staff: Staff): Promise<StaffInvitations> {
  const now = Date.now();
  return { results: (await openInvitations(svc.db, staff.companyId)).map((row) => invitationView(row, now)) };
}

/** An open invitation of the caller's company that the caller may act on (an owner's only by an owner). */
async function openOne(svc: ServiceContext, staff: Staff, uid: string): Promise<StaffInvitationRow> {
  const row = await invitationByUid(svc.db, staff.companyId, uid);
  if (!row) throw new ApiError('not_found', 'notFound');
  ownerOnly(staff, row.role);
  if (row.accepted_at) throw new ApiError('conflict', 'console.team.invitationUsed');
  if (row.revoked_at) throw new ApiError('conflict', 'console.team.invitationRevoked');
  return row;
}

/** POST /staff/invitations/{uid}/resend/ - a new link, valid 7 more days, e-mailed again; the old link stops working. */
export async function resendInvitation(svc: ServiceContext, staff: Staff, uid: string): Promise<StaffInvitation> {
  const row = await openOne(svc, staff, uid);
  const token = newToken();
  if ((await renewInvitation(svc.db, staff.companyId, uid, await sha256Hex(token), isoIn(INVITATION_TTL_MS))) !== 1) {
    throw new ApiError('conflict', 'console.team.invitationUsed');
  }
  const company = (await findCompany(svc.db, staff.companyId))!;
  await sendInvitation(svc, company, row.email, row.role, token);
  return invitationView((await invitationByUid(svc.db, staff.companyId, uid))!);
}

/** DELETE /staff/invitations/{uid}/ - withdraws an open invitation: its link answers "revoked" from now on. */
export async function withdrawInvitation(svc: ServiceContext, staff: Staff, uid: string): Promise<StaffInvitation> {
  await openOne(svc, staff, uid);
  if ((await revokeInvitation(svc.db, staff.companyId, uid, isoNow())) !== 1) throw new ApiError('conflict', 'console.team.invitationUsed');
  return invitationView((await invitationByUid(svc.db, staff.companyId, uid))!);
}

/** POST /operator/companies/{id}/staff-invitations - the deployment owner invites a company's (first) owner. */
export async function inviteToCompany(svc: ServiceContext, companyId: string, input: unknown): Promise<StaffInvitation> {
  const body = parseWith(companyStaffInviteSchema, input);
  return createInvitation(svc, companyId, null, body);
}

function tenantOf(svc: ServiceContext): string {
  if (!svc.tenantCompanyId) throw new ApiError('not_found', 'invalidCompany');
  return svc.tenantCompanyId;
}

/**
 * The open, unexpired invitation of a link's token on this host's company. Refusals say why, so the page can:
 * 404 `console.team.invitationUnknown` (no such link here), 409 `console.team.invitationExpired`,
 * `console.team.invitationUsed`, `console.team.invitationRevoked`.
 */
async function usableInvitation(svc: ServiceContext, token: string): Promise<StaffInvitationRow> {
  const companyId = tenantOf(svc);
  const row = TOKEN_PATTERN.test(token) ? await invitationByToken(svc.db, companyId, await sha256Hex(token)) : null;
  if (!row) throw new ApiError('not_found', 'console.team.invitationUnknown');
  if (row.accepted_at) throw new ApiError('conflict', 'console.team.invitationUsed');
  if (row.revoked_at) throw new ApiError('conflict', 'console.team.invitationRevoked');
  if (Date.parse(row.expires_at) <= Date.now()) throw new ApiError('conflict', 'console.team.invitationExpired');
  return row;
}

/** POST /staff/invitations/lookup/ - what a link invites to (the page shows it before the form). */
export async function lookupInvitation(svc: ServiceContext, input: unknown): Promise<InvitationLookup> {
  const body = parseWith(invitationTokenSchema, input);
  const row = await usableInvitation(svc, body.token);
  const company = await findCompany(svc.db, row.company_id);
  return { email: row.email, role: row.role, company_name: company?.name ?? '', expires_at: row.expires_at };
}

/**
 * POST /staff/invitations/accept/ - the invitee's name and password (the portal's password rules) make the
 * staff account with the invitation's e-mail and role; the link is spent. The invitee then signs in as any
 * member does (and enrols a second factor when the company requires one).
 */
export async function acceptStaffInvitation(svc: ServiceContext, input: unknown): Promise<StaffMember> {
  const body = parseWith(invitationAcceptSchema, input);
  const row = await usableInvitation(svc, body.token);
  const staffUid = `stf-${randomToken(8)}`;
  const created = await acceptInvitation(svc.db, {
    companyId: row.company_id, tokenHash: row.token_hash, staffUid, name: body.name, passwordHash: await hashPassword(body.password), nowIso: isoNow(),
  });
  if (created !== 1) {
    // Used, revoked or expired a moment ago, or someone added the e-mail to the team meanwhile.
    await usableInvitation(svc, body.token);
    throw new ApiError('conflict', 'staffEmailTaken');
  }
  return memberView((await staffByUid(svc.db, row.company_id, staffUid))!);
}

/** GET /staff/security/ - whether the company requires a second factor of all its staff. */
export async function security(svc: ServiceContext, staff: Staff): Promise<StaffSecurity> {
  return { require_second_factor: await requiresSecondFactor(svc.db, staff.companyId) };
}

/** PATCH /staff/security/ - turns the company's second-factor requirement on or off (it applies to live sessions at once). */
export async function updateSecurity(svc: ServiceContext, staff: Staff, input: unknown): Promise<StaffSecurity> {
  const body = parseWith(staffSecuritySchema, input);
  await setRequireSecondFactor(svc.db, staff.companyId, body.require_second_factor);
  return security(svc, staff);
}
