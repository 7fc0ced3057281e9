import { sendCodeEmail, newCode, newShortCode } from '../auth/codes';
import { insertAccount, insertAccounts, type NewAccount } from '../auth/queries';
import type { CompanyRow, UserRow } from '../core/rows';
import { newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { webhookEvent } from '../webhooks/events';
import type { AmbassadorOpRow, CampaignRefRow, GroupRow } from './operator-queries';

// What creating an ambassador means, shared by the create call and the CSV import: the same account
// registration writes (src/api/auth/queries.ts insertAccount: user, ambassador, memberships with their
// referral links, notification settings, loyalty balance), the ambassador.registered webhook, and the
// set-password e-mail of registration (spec §2 /set-password) in the ambassador's language.

export interface CompanyRefs {
  groups: GroupRow[];
  campaigns: CampaignRefRow[];
}

/** A group by uid, else by name (any case) when exactly one group has that name. */
export function groupByRef(refs: CompanyRefs, ref: string): GroupRow | undefined {
  const byUid = refs.groups.find((g) => g.uid === ref);
  if (byUid) return byUid;
  const named = refs.groups.filter((g) => g.name.toLowerCase() === ref.toLowerCase());
  return named.length === 1 ? named[0] : undefined;
}

/** A campaign by uid, else by numeric id. */
export function campaignByRef(refs: CompanyRefs, ref: string): CampaignRefRow | undefined {
  return refs.campaigns.find((c) => c.uid === ref) ?? (/^\d{1,15}$/.test(ref) ? refs.campaigns.find((c) => c.id === Number(ref)) : undefined);
}

export const unknownGroup = (ref: string) => `No group of this company has the uid or name "${ref}".`;
export const unknownCampaigns = (refs: string[]) =>
  `No campaign of this company has the uid or id ${refs.map((r) => `"${r}"`).join(', ')}.`;

/** What the operator says about a new ambassador, resolved against the company. */
export interface NewAmbassador {
  email: string;
  firstName: string;
  lastName: string;
  language: string | null;
  group: GroupRow | null;
  campaigns: CampaignRefRow[];
  loyaltyAccess: boolean;
}

function accountOf(companyId: string, a: NewAmbassador): NewAccount {
  return {
    companyId,
    email: a.email,
    passwordHash: null,
    firstName: a.firstName,
    lastName: a.lastName,
    ambassadorUid: newUid('amb'),
    shareCode: newCode(7),
    loyaltyAccess: a.loyaltyAccess,
    language: a.language,
    profile: {
      phone: null, company_name: null, job_title: null, street: null, city: null, state: null, zip: null, country: null,
      date_of_birth: null, paypal_email: null, group_id: a.group?.id ?? null,
    },
    customFields: {},
    campaigns: a.campaigns.map((c) => ({ campaignId: c.id, shareLinkUid: newUid('sl'), shortCode: newShortCode() })),
  };
}

// A share code that is some link's short code (migration 0028's trigger, share_code_taken) is drawn again too.
const isUniqueViolation = (err: unknown, what = '') => {
  const message = String((err as Error)?.message ?? err);
  return message.includes(`UNIQUE constraint failed: ${what}`) || (what === '' && message.includes('share_code_taken'));
};

/**
 * Writes one account in one batch (all of it or nothing). A share or short code that collides is drawn
 * again, as registration does; an e-mail that already has an account answers 'exists'.
 */
export async function writeAccount(db: D1Database, companyId: string, a: NewAmbassador): Promise<{ uid: string; userId: number } | 'exists'> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const account = accountOf(companyId, a);
    try {
      return { uid: account.ambassadorUid, userId: await insertAccount(db, account) };
    } catch (err) {
      if (isUniqueViolation(err, 'users.')) return 'exists';
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new ApiError('internal', 'generic');
}

/**
 * Several accounts in one batch, for the import. Any failure (an e-mail taken meanwhile, a code that
 * collides) rolls the batch back and answers null: the caller then writes them one by one.
 */
export async function writeAccountsAtOnce(db: D1Database, companyId: string, list: NewAmbassador[]) {
  const accounts = list.map((a) => accountOf(companyId, a));
  try {
    const users = new Map((await insertAccounts(db, companyId, accounts)).map((u) => [u.email.toLowerCase(), u]));
    return accounts.map((a) => ({ uid: a.ambassadorUid, user: users.get(a.email)! }));
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** After an ambassador is created: the webhook event, and the set-password e-mail when asked for. */
export async function announce(
  svc: ServiceContext, company: CompanyRow, created: { uid: string; user: UserRow }, a: NewAmbassador,
  opts: { invite: boolean; source: 'operator' | 'import' },
) {
  await webhookEvent(svc, company.id, 'ambassador.registered', {
    ambassador_uid: created.uid,
    email: a.email,
    first_name: a.firstName,
    last_name: a.lastName,
    language: a.language,
    group_uid: a.group?.uid ?? null,
    campaign_uids: a.campaigns.map((c) => c.uid),
    source: opts.source,
  });
  if (opts.invite) await invite(svc, company, created.user);
}

/** The set-password e-mail of spec §2 (a code valid 72 hours, the /set-password link), in the person's language. */
export const invite = (svc: ServiceContext, company: CompanyRow, user: UserRow) => sendCodeEmail(svc, company, user, 'set_password', 'invite');

export interface CampaignMembershipView {
  campaign_uid: string;
  campaign_id: number;
  name: string;
  /** The referral link's short code (`/r/<short_code>` on the company's portal). */
  short_code: string | null;
  joined_at: string;
}

/** An ambassador as the operator API shows it. */
export function ambassadorView(r: AmbassadorOpRow) {
  return {
    uid: r.uid,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    language: r.language,
    group: r.group_uid ? { uid: r.group_uid, name: r.group_name ?? '' } : null,
    campaigns: JSON.parse(r.campaigns_json) as CampaignMembershipView[],
    share_code: r.share_code,
    active: r.deactivated_at === null,
    deactivated_at: r.deactivated_at,
    deactivated_by_self: !!r.deactivated_by_self,
    has_password: !!r.has_password,
    loyalty_access: !!r.loyalty_access,
    created_at: r.created_at,
  };
}
export type AmbassadorView = ReturnType<typeof ambassadorView>;
