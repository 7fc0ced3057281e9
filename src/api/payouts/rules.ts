import type { z } from 'zod';
import type { PayoutRules, payoutRulesSchema } from '../../lib/schemas/payout-method';
import { loadCustomization } from '../companies/customization';
import { isoNow } from '../core/crypto';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import {
  ambassadorOverrideStatement, ambassadorRuleStatement, groupIdStatement, groupRuleStatement, overridesStatement,
  saveAmbassadorRuleStatement, saveGroupRuleStatement, type OverrideRow, type RuleRow,
} from './rule-queries';

// Payout rules per level (docs/payouts.md): the company's customization `payouts.minimum_minor` and
// `payouts.holding_days`, a group's own, an ambassador's own; each field of the nearest level that sets it
// applies. readPayable (./operator.ts), and so the payable list, a run's draft and a single payout, reads them.

export interface Rules {
  minimum: number;
  holdingDays: number;
}

/** `base` with what an override sets. */
export const withOverride = (base: Rules, o: RuleRow | null | undefined): Rules => ({
  minimum: o?.minimum_minor ?? base.minimum,
  holdingDays: o?.holding_days ?? base.holdingDays,
});

/** The company's rules and, for each ambassador that has any, their own over their group's. */
export async function companyRules(db: D1Database, companyId: string) {
  const [custom, { results }] = await Promise.all([loadCustomization(db, companyId), overridesStatement(db, companyId).all<OverrideRow>()]);
  const { minimum_minor: minimum, holding_days: holdingDays } = custom.company.payouts;
  const base: Rules = { minimum, holdingDays };
  const overrides = new Map(results.map((r) => [r.uid, r]));
  return { base, custom, of: (uid: string): Rules => withOverride(base, overrides.get(uid)) };
}

/** One ambassador's rules. */
export async function ambassadorRules(db: D1Database, companyId: string, uid: string) {
  const [custom, override] = await Promise.all([loadCustomization(db, companyId), ambassadorOverrideStatement(db, companyId, uid).first<OverrideRow>()]);
  const { minimum_minor: minimum, holding_days: holdingDays } = custom.company.payouts;
  return { custom, rules: withOverride({ minimum, holdingDays }, override) };
}

const answer = (own: RuleRow | null, effective: Rules): PayoutRules => ({
  minimum_minor: own?.minimum_minor ?? null, holding_days: own?.holding_days ?? null,
  effective: { minimum_minor: effective.minimum, holding_days: effective.holdingDays },
});

async function groupId(db: D1Database, companyId: string, groupUid: string) {
  const row = await groupIdStatement(db, companyId, groupUid).first<{ id: number }>();
  if (!row) throw new ApiError('not_found', 'notFound');
  return row.id;
}

/** GET /v1/operator/groups/{uid}/payout_rules - the group's own rules over the company's. */
export async function getGroupRules(svc: ServiceContext, op: Operator, groupUid: string): Promise<PayoutRules> {
  const id = await groupId(svc.db, op.companyId, groupUid);
  const [custom, own] = await Promise.all([loadCustomization(svc.db, op.companyId), groupRuleStatement(svc.db, op.companyId, id).first<RuleRow>()]);
  const { minimum_minor: minimum, holding_days: holdingDays } = custom.company.payouts;
  return answer(own, withOverride({ minimum, holdingDays }, own));
}

/** PUT /v1/operator/groups/{uid}/payout_rules - sets the group's own rules (both null: none). */
export async function putGroupRules(svc: ServiceContext, op: Operator, groupUid: string, input: z.output<typeof payoutRulesSchema>) {
  const id = await groupId(svc.db, op.companyId, groupUid);
  await saveGroupRuleStatement(svc.db, op.companyId, id, input, isoNow()).run();
  return getGroupRules(svc, op, groupUid);
}

/** GET /v1/operator/ambassadors/{uid}/payout_rules - the ambassador's own rules over their group's and the company's. */
export async function getAmbassadorRules(svc: ServiceContext, op: Operator, uid: string): Promise<PayoutRules> {
  const own = await ambassadorRuleStatement(svc.db, op.companyId, uid).first<RuleRow & { group_id: number | null }>();
  if (!own) throw new ApiError('not_found', 'notFound');
  const { rules } = await ambassadorRules(svc.db, op.companyId, uid);
  return answer(own, rules);
}

/** PUT /v1/operator/ambassadors/{uid}/payout_rules - sets the ambassador's own rules (both null: none). */
export async function putAmbassadorRules(svc: ServiceContext, op: Operator, uid: string, input: z.output<typeof payoutRulesSchema>) {
  const known = await ambassadorRuleStatement(svc.db, op.companyId, uid).first();
  if (!known) throw new ApiError('not_found', 'notFound');
  await saveAmbassadorRuleStatement(svc.db, op.companyId, uid, input, isoNow()).run();
  return getAmbassadorRules(svc, op, uid);
}
