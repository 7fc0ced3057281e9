import type { ConsoleActions } from '../../edge/pages/console-page';
import type { ConsoleClient } from '../../edge/client/console';
import type { MessageKey } from '../../lib/i18n';
import type { RemoveAnswer } from '../../lib/schemas/catalog';
import { bodyOf, codesOf, type FieldSpec, type FormContext } from './fields';
import { postedUid } from './context';
import { BADGE_FIELDS, REWARD_FIELDS, TIER_FIELDS, VARIANT_FIELDS, taskFields, vaultItemFields } from './specs';

// The form actions of /console/rewards: each one call of the operator API through the console client (the
// API checks the role, the body and the company again). A delete's notice says whether the row went or was
// only deactivated because something refers to it (a redemption, an award, a completion).

const removed = (answer: RemoveAnswer): MessageKey =>
  answer.outcome === 'deleted' ? 'console.programme.deleted' : 'console.programme.deactivated';

type Body = never;

/** The create, edit and delete actions of one kind of row, by name (`createTier`, `editTier`, `deleteTier`). */
function crud(
  kind: string,
  specs: readonly FieldSpec[],
  ctx: FormContext,
  calls: {
    create: (c: ConsoleClient, body: Body) => Promise<unknown>;
    edit: (c: ConsoleClient, uid: string, body: Body) => Promise<unknown>;
    remove: (c: ConsoleClient, uid: string) => Promise<RemoveAnswer>;
  },
): ConsoleActions {
  return {
    [`create${kind}`]: async (form, c) => {
      await calls.create(c, bodyOf(form, specs, ctx, { create: true }) as Body);
      return 'console.programme.created';
    },
    [`edit${kind}`]: async (form, c) => {
      await calls.edit(c, postedUid(form), bodyOf(form, specs, ctx, { create: false }) as Body);
      return 'console.saved';
    },
    [`delete${kind}`]: async (form, c) => removed(await calls.remove(c, postedUid(form))),
  };
}

export function rewardActions(ctx: FormContext): ConsoleActions {
  return {
    ...crud('Tier', TIER_FIELDS, ctx, {
      create: (c, body) => c.createTier({ body }),
      edit: (c, uid, body) => c.editTier({ params: { uid }, body }),
      remove: (c, uid) => c.deleteTier({ params: { uid } }),
    }),
    ...crud('Badge', BADGE_FIELDS, ctx, {
      create: (c, body) => c.createBadge({ body }),
      edit: (c, uid, body) => c.editBadge({ params: { uid }, body }),
      remove: (c, uid) => c.deleteBadge({ params: { uid } }),
    }),
    ...crud('Task', taskFields([]), ctx, {
      create: (c, body) => c.createTask({ body }),
      edit: (c, uid, body) => c.editTask({ params: { uid }, body }),
      remove: (c, uid) => c.deleteTask({ params: { uid } }),
    }),
    ...crud('Reward', REWARD_FIELDS, ctx, {
      create: (c, body) => c.createReward({ body }),
      edit: (c, uid, body) => c.editReward({ params: { uid }, body }),
      remove: (c, uid) => c.deleteReward({ params: { uid } }),
    }),
    ...crud('VaultItem', vaultItemFields([]), ctx, {
      create: (c, body) => c.createVaultItem({ body }),
      edit: (c, uid, body) => c.editVaultItem({ params: { uid }, body }),
      remove: (c, uid) => c.deleteVaultItem({ params: { uid } }),
    }),
    addRewardCodes: async (form, c) => {
      await c.addRewardCodes({ params: { uid: postedUid(form) }, body: codesOf(String(form.get('codes') ?? '')) as Body });
      return 'console.programme.codesAdded';
    },
    // A variant's money is in its item's currency (posted with the form).
    createVariant: async (form, c) => {
      const body = bodyOf(form, VARIANT_FIELDS, { ...ctx, currency: itemCurrency(form, ctx) }, { create: true });
      await c.createVariant({ params: { uid: postedUid(form) }, body: body as Body });
      return 'console.programme.created';
    },
    editVariant: async (form, c) => {
      const body = bodyOf(form, VARIANT_FIELDS, { ...ctx, currency: itemCurrency(form, ctx) }, { create: false });
      await c.editVariant({ params: { uid: postedUid(form), variant_uid: postedUid(form, 'variant') }, body: body as Body });
      return 'console.saved';
    },
    deleteVariant: async (form, c) =>
      removed(await c.deleteVariant({ params: { uid: postedUid(form), variant_uid: postedUid(form, 'variant') } })),
    addVariantCodes: async (form, c) => {
      await c.addVariantCodes({
        params: { uid: postedUid(form), variant_uid: postedUid(form, 'variant') },
        body: codesOf(String(form.get('codes') ?? '')) as Body,
      });
      return 'console.programme.codesAdded';
    },
  };
}

const itemCurrency = (form: FormData, ctx: FormContext) => {
  const code = String(form.get('currency') ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : ctx.currency;
};
