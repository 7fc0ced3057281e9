import type { PersonalCode, PersonalCodeAnswer, PersonalCodeList, personalCodeSchema } from '../../lib/schemas/attribution';
import type { z } from 'zod';
import { ApiError, fieldError } from '../core/errors';
import { batch, row as one, written } from '../core/named-batch';
import {
  insertPersonalCodeStatement, personalCodeByUidStatement, personalCodeTakenStatement, personalCodesStatement, revokePersonalCodeStatement,
  type PersonalCodeRow,
} from './queries';

type PersonalCodeCreate = z.output<typeof personalCodeSchema>;

const view = (p: PersonalCodeRow): PersonalCode => ({
  uid: p.uid, code: p.code, ambassador_uid: p.ambassador_uid, campaign_uid: p.campaign_uid, created_at: p.created_at, revoked_at: p.revoked_at,
  is_active: p.revoked_at === null,
});

// /v1/operator/personal-codes (company key): an ambassador's discount codes per campaign. A sale whose Stripe
// promotion code, Shopify discount code or sale-API clues name a live one is credited to them.

/** POST /v1/operator/personal-codes - gives a member of a campaign a personal discount code. */
export async function createPersonalCode(db: D1Database, companyId: string, input: PersonalCodeCreate): Promise<PersonalCodeAnswer> {
  const { inserted, taken } = await batch(db, {
    inserted: one<{ uid: string }>(insertPersonalCodeStatement(db, companyId, input.ambassador_uid, input.campaign_uid, input.code)),
    taken: one<{ uid: string }>(personalCodeTakenStatement(db, companyId, input.code, input.ambassador_uid)),
  });
  if (!inserted) {
    if (taken) throw fieldError('code', 'This code is taken in your program (codes are compared whatever the case).');
    throw fieldError('ambassador_uid', 'No ambassador of this campaign has this uid.');
  }
  const created = await personalCodeByUidStatement(db, companyId, inserted.uid).first<PersonalCodeRow>();
  return { personal_code: view(created!) };
}

/** GET /v1/operator/personal-codes - the company's personal codes, newest first (`ambassador_uid` narrows). */
export async function listPersonalCodes(db: D1Database, companyId: string, ambassadorUid: string | null): Promise<PersonalCodeList> {
  const { results } = await personalCodesStatement(db, companyId, ambassadorUid).all<PersonalCodeRow>();
  return { count: results.length, results: results.map(view) };
}

/** POST /v1/operator/personal-codes/{uid}/revoke - the code credits nothing from now on (it stays taken). */
export async function revokePersonalCode(db: D1Database, companyId: string, uid: string): Promise<PersonalCodeAnswer> {
  // Revoking a revoked code answers it as it is.
  const { code } = await batch(db, {
    revoked: written(revokePersonalCodeStatement(db, companyId, uid)),
    code: one<PersonalCodeRow>(personalCodeByUidStatement(db, companyId, uid)),
  });
  if (!code) throw new ApiError('not_found', 'notFound');
  return { personal_code: view(code) };
}
