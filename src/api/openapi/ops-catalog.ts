import type { z } from 'zod';
import {
  badgeCreateSchema, badgePatchSchema, taskCreateSchema,
  taskPatchSchema, tierCreateSchema, tierPatchSchema,
} from '../../lib/schemas/operator-catalog';
import {
  rewardCodesSchema, rewardCreateSchema, rewardPatchSchema, variantCreateSchema, variantPatchSchema, vaultItemCreateSchema, vaultItemPatchSchema,
} from '../../lib/schemas/operator-catalog-rewards';
import {
  badgeAnswer, badgeListAnswer, codesAnswer, removeAnswer, rewardAnswer, rewardListAnswer, taskAnswer, taskListAnswer, tierAnswer, tierListAnswer,
  variantAnswer, vaultItemAnswer, vaultItemListAnswer,
} from './ops-catalog-answers';
import type { Operation } from './operations';

/** OpenAPI rows of the catalogue calls (customization, loyalty programs, rewards): see ./operations.ts for the row shape. */

const P = '/v1/operator';
type Tag = Operation['tag'];

const unknown = (what: string) => ({ 404: `Unknown ${what} (or one of another company)` });
const answer = (schema: z.ZodType, description: string, status: 200 | 201 = 200) => ({ status, schema, description });

const list = (tag: Tag, path: string, operationId: string, what: string, schema: z.ZodType): Operation => ({
  method: 'get', path: `${P}${path}`, tag, operationId, summary: `List ${what}`, description: `Every ${what.replace(/s$/, '')} of the company, active or not.`,
  ok: answer(schema, `The company's ${what}`), errors: {},
});
const create = (tag: Tag, path: string, operationId: string, summary: string, description: string, body: z.ZodType,
  example: Record<string, unknown>, schema: z.ZodType, errors: Operation['errors'] = {}): Operation => ({
  method: 'post', path: `${P}${path}`, tag, operationId, summary, description, body, example, ok: answer(schema, 'Created', 201), errors,
});
const edit = (tag: Tag, path: string, operationId: string, what: string, description: string, body: z.ZodType,
  example: Record<string, unknown>, schema: z.ZodType): Operation => ({
  method: 'patch', path: `${P}${path}`, tag, operationId, summary: `Edit ${what}`,
  description: `${description} Only the fields sent change; unknown fields are refused.`, body, example,
  ok: answer(schema, `The ${what} as it is now`), errors: unknown(what.replace(/^an? /, '')),
});
const remove = (tag: Tag, path: string, operationId: string, what: string, description: string): Operation => ({
  method: 'delete', path: `${P}${path}`, tag, operationId, summary: `Delete ${what}`, description,
  ok: answer(removeAnswer, '`deleted`, or `deactivated` when something refers to it'), errors: unknown(what.replace(/^an? /, '')),
});

/** The texts per language of campaigns, tiers, badges, tasks and rewards. */
const TRANSLATIONS_NOTE = '`translations`: the texts in other portal languages, by language code (e.g. `{"es": {"name": "..."}}`); ' +
  'a page in that language shows them, and the row\'s own texts (written in the company\'s default language) wherever a language leaves one out.';

const look = { color: '#2e7d32', image: '/brand/acme/tier-ridge.svg' };

const PROGRAMS: Operation[] = [
  list('Programs', '/tiers', 'listTiers', 'tiers', tierListAnswer),
  create('Programs', '/tiers', 'createTier', 'Create a tier',
    'A tier starts at `threshold`, counted in the company\'s tier metric (points, referrals, or revenue in minor units). ' +
    TRANSLATIONS_NOTE + ' A tier translates `name` and `description`.',
    tierCreateSchema,
    {
      name: 'Ridge', threshold: 10, description: 'Free shipping on your own orders.', ...look,
      translations: { es: { name: 'Cresta', description: 'Envío gratis en tus propios pedidos.' } },
    },
    tierAnswer),
  edit('Programs', '/tiers/:uid', 'editTier', 'a tier', 'Rename, recolour, move the threshold or deactivate; `translations` is replaced whole.',
    tierPatchSchema, { threshold: 12 }, tierAnswer),
  remove('Programs', '/tiers/:uid', 'deleteTier', 'a tier', 'Nothing refers to a tier (it is computed), so it is deleted.'),
  list('Programs', '/badges', 'listBadges', 'badges', badgeListAnswer),
  create('Programs', '/badges', 'createBadge', 'Create a badge',
    'A badge earned at `points` points. ' + TRANSLATIONS_NOTE + ' A badge translates `name` and `description`.',
    badgeCreateSchema, { name: 'Peak performer', points: 3000, ...look, translations: { fr: { name: 'Performance au sommet' } } }, badgeAnswer),
  edit('Programs', '/badges/:uid', 'editBadge', 'a badge', 'Edit or deactivate a badge; `translations` is replaced whole.',
    badgePatchSchema, { is_active: false }, badgeAnswer),
  remove('Programs', '/badges/:uid', 'deleteBadge', 'a badge', 'A badge someone earned is deactivated (they keep it); otherwise deleted.'),
  list('Programs', '/tasks', 'listTasks', 'tasks', taskListAnswer),
  create('Programs', '/tasks', 'createTask', 'Create a task',
    'A task worth `points`, for every ambassador or, with `campaign_uid`, for that campaign\'s members. ' + TRANSLATIONS_NOTE,
    taskCreateSchema,
    { name: 'Join our Strava club', points: 50, url: 'https://www.strava.com/clubs/acme', position: 2, translations: { es: { name: 'Únete a nuestro club de Strava' } } },
    taskAnswer),
  edit('Programs', '/tasks/:uid', 'editTask', 'a task', 'Edit, reorder or deactivate a task; `translations` is replaced whole.', taskPatchSchema,
    { points: 75, position: 1 }, taskAnswer),
  remove('Programs', '/tasks/:uid', 'deleteTask', 'a task', 'A task someone completed is deactivated (points and completion stay); otherwise deleted.'),
];

const codesExample = { codes: [{ card_code: 'ACME-7Q2K-91XZ', card_pin: '4821' }, { card_code: 'ACME-3JD8-55LM' }] };
const REWARDS: Operation[] = [
  list('Programs', '/rewards', 'listRewards', 'rewards', rewardListAnswer),
  create('Programs', '/rewards', 'createReward', 'Create a reward (gift card)',
    'Spent in points: `fixed` costs `points`, `range` lets the ambassador choose `min_amount`..`max_amount` points ' +
    '(`config.points_per_unit` sets the value). `stock` null is unlimited. `config.field_kind`: `code` (from the code pool, see the codes ' +
    'call, or a real provider with `config.utid`), `balance`, or `quantity` (e.g. a shipped item). `currency` defaults to the company\'s. ' +
    TRANSLATIONS_NOTE + ' A reward translates `name`, `brand_description` and `disclaimer`.',
    rewardCreateSchema,
    {
      name: 'Trail map voucher', type: 'voucher', brand_kind: 'promo', points: 150, value_minor: 1200, stock: 100, config: { field_kind: 'code' },
      translations: { es: { name: 'Vale para un mapa de senderos' }, fr: { name: 'Bon pour une carte de randonnée' } },
    },
    rewardAnswer),
  edit('Programs', '/rewards/:uid', 'editReward', 'a reward',
    'Price, stock, texts, activation. The price rules hold for the reward as edited. Redemptions already made keep their value. ' +
    '`translations` is replaced whole.',
    rewardPatchSchema, { points: 175, stock: 40 }, rewardAnswer),
  remove('Programs', '/rewards/:uid', 'deleteReward', 'a reward',
    'A reward someone redeemed is deactivated (its redemptions stay intact); otherwise it is deleted with its unused codes.'),
  create('Programs', '/rewards/:uid/codes', 'addRewardCodes', 'Add codes to a reward\'s pool',
    'Codes the local fulfilment provider hands out, one per redemption (a `code` reward with an empty pool is refused and the points come back).',
    rewardCodesSchema, codesExample, codesAnswer, unknown('reward')),
  list('Programs', '/vault-items', 'listVaultItems', 'vault items', vaultItemListAnswer),
  create('Programs', '/vault-items', 'createVaultItem', 'Create a vault item',
    'An item spent in cash (minor units of its currency), with its first variants. `campaign_uid`: only that campaign\'s members see it. ' +
    TRANSLATIONS_NOTE + ' An item translates `name` and `description`, a variant its `name`.',
    vaultItemCreateSchema,
    {
      name: 'Acme gift card', payment_type: 'gift-card', translations: { es: { name: 'Tarjeta regalo Acme' } },
      variants: [{ name: '€10', cost: 1000 }, { name: '€25', cost: 2500, stock: 20 }],
    },
    vaultItemAnswer),
  edit('Programs', '/vault-items/:uid', 'editVaultItem', 'a vault item',
    'The item\'s own fields (variants have their own calls); `translations` is replaced whole.',
    vaultItemPatchSchema, { description: 'Use it on all Acme gear.' }, vaultItemAnswer),
  remove('Programs', '/vault-items/:uid', 'deleteVaultItem', 'a vault item',
    'An item with redemptions is deactivated; otherwise it is deleted with its variants and their unused codes.'),
  create('Programs', '/vault-items/:uid/variants', 'createVariant', 'Add a variant to a vault item',
    '`cost` is what the ambassador spends, `value_minor` what they receive (default: the cost), both minor units.',
    variantCreateSchema, { name: '€50', cost: 5000, stock: 10 }, variantAnswer, unknown('vault item')),
  edit('Programs', '/vault-items/:uid/variants/:variant_uid', 'editVariant', 'a variant', 'Price, value, stock, activation.',
    variantPatchSchema, { stock: 25 }, variantAnswer),
  remove('Programs', '/vault-items/:uid/variants/:variant_uid', 'deleteVariant', 'a variant',
    'A variant someone redeemed is deactivated; otherwise it is deleted with its unused codes.'),
  create('Programs', '/vault-items/:uid/variants/:variant_uid/codes', 'addVariantCodes', 'Add codes to a variant\'s pool',
    'Codes the local fulfilment provider hands out for this variant, one per redemption.', rewardCodesSchema, codesExample, codesAnswer,
    unknown('vault item or variant')),
];

export const OPERATIONS_CATALOG: Operation[] = [...PROGRAMS, ...REWARDS];
