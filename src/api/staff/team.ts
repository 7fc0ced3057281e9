import type { StaffInvitation, StaffMember, StaffTeam } from '../../lib/schemas/staff';
import { staffInviteSchema, staffUpdateSchema } from '../../lib/schemas/staff';
import { isoNow, randomToken } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { Staff } from '../core/staff-auth';
import type { ServiceContext } from '../core/types';
import { parseWith } from '../core/validate';
import { hashPassword } from '../auth/password-hash';
import { lastSeenOf } from './invitation-queries';
import { createInvitation } from './invitations';
import { insertStaff, staffByUid, teamOf, updateStaff } from './queries';
import { memberView } from './sessions';

// The team of a company's console (owners and admins; the endpoints name the roles): its members, an
// invitation, a change of role or of active. Only an owner makes or changes an owner, and a company always
// keeps an active owner.

/** GET /staff/team/ - every staff member of the company, with when they were last seen. */
export async function team(svc: ServiceContext, staff: Staff): Promise<StaffTeam> {
  const [members, seen] = await Promise.all([teamOf(svc.db, staff.companyId), lastSeenOf(svc.db, staff.companyId)]);
  return { results: members.map((row) => ({ ...memberView(row), last_seen_at: seen.get(row.uid) ?? null })) };
}

/**
 * POST /staff/team/ - without a password, an e-mailed invitation (./invitations.ts); with one, a new staff
 * member at once with that first password, which the inviter hands over. An admin cannot make an owner (403
 * `ownerRoleRequired`); an e-mail already in the team is 409 `staffEmailTaken`.
 */
export async function invite(svc: ServiceContext, staff: Staff, input: unknown): Promise<StaffMember | StaffInvitation> {
  const body = parseWith(staffInviteSchema, input);
  if (body.role === 'owner' && staff.role !== 'owner') throw new ApiError('forbidden', 'ownerRoleRequired');
  if (body.password === undefined) return createInvitation(svc, staff.companyId, staff, body);
  const uid = `stf-${randomToken(8)}`;
  const { meta } = await insertStaff(svc.db, {
    companyId: staff.companyId, uid, email: body.email, name: body.name, role: body.role,
    passwordHash: await hashPassword(body.password), nowIso: isoNow(),
  });
  if (meta.changes !== 1) throw new ApiError('conflict', 'staffEmailTaken');
  return memberView((await staffByUid(svc.db, staff.companyId, uid))!);
}

/**
 * PATCH /staff/team/{uid}/ - a member's role and active flag. An admin can neither change an owner nor
 * make one (403 `ownerRoleRequired`); the last active owner stays one (409 `lastOwner`). A member made
 * inactive loses every session at once.
 */
export async function updateMember(svc: ServiceContext, staff: Staff, uid: string, input: unknown): Promise<StaffMember> {
  const body = parseWith(staffUpdateSchema, input);
  const target = await staffByUid(svc.db, staff.companyId, uid);
  if (!target) throw new ApiError('not_found', 'notFound');
  const role = body.role ?? target.role;
  const active = body.active ?? target.active === 1;
  if (staff.role !== 'owner' && (target.role === 'owner' || role === 'owner')) throw new ApiError('forbidden', 'ownerRoleRequired');
  const wasOwner = target.role === 'owner' && target.active === 1;
  const losesOwner = wasOwner && (role !== 'owner' || !active);
  const changed = await updateStaff(svc.db, { companyId: staff.companyId, uid, role, active, losesOwner, nowIso: isoNow() });
  if (changed !== 1) throw new ApiError('conflict', 'lastOwner');
  return memberView((await staffByUid(svc.db, staff.companyId, uid))!);
}
