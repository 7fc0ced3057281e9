import { ApiError } from '../core/errors';
import type { Caller } from '../core/types';
import type { MembershipRow } from '../core/rows';
import type { MessageKey } from '../../lib/i18n';

/**
 * The caller's campaign named by `campaignUid`, from the memberships the token check already loaded
 * (no query); null when no campaign was named, a 404 when it is not one of theirs.
 */
export function ownCampaign(caller: Caller, campaignUid: string | undefined, notFoundKey: MessageKey = 'notFound'): MembershipRow | null {
  if (!campaignUid) return null;
  const found = caller.memberships.find((m) => m.campaign_uid === campaignUid);
  if (!found) throw new ApiError('not_found', notFoundKey);
  return found;
}

/** The caller's campaign by numeric id or uid, for a share link (a field error when it is not theirs or inactive). */
export function campaignForLink(caller: Caller, ref: number | string): MembershipRow | null {
  return caller.memberships.find((m) => (typeof ref === 'number' ? m.campaign_id === ref : m.campaign_uid === ref)) ?? null;
}
