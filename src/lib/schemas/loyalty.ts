import { z } from 'zod';
import { isoTime, listOf as list, translations } from './catalog';
import { profileAnswer } from './people';
import { components } from './registry';

// Loyalty: the signed-in ambassador's tasks and the tasks they click (ambassador API), and what a company
// does with its program (the operator API): points and cash ledger entries, balances, the scheduled job,
// tiers, badges and tasks. Amounts are integers: points, or cash in minor units of the company currency.

// ------------------------------------------------------------------------------------------------------
// Ambassador API
// ------------------------------------------------------------------------------------------------------

/** GET /companies/{id}/loyalty_program/tasks/: `campaign_uid` narrows the list to one of the caller's campaigns. */
export const tasksQuery = z.object({ campaign_uid: z.string().trim().max(64, 'invalidField').optional() });
export type TasksQuery = z.input<typeof tasksQuery>;

export const MAX_CLICKED_TASKS = 100;
/** The body's one field (spec §7): the tasks the ambassador clicked, by id (number or numeric text) or uid. */
export const CLICKABLE_TASKS_FIELD = 'affiliate.loyalty_clickable_tasks';

/** POST /ambassadors/{id}/loyalty/data/ */
export const loyaltyDataSchema = z.object({
  loyalty_data: z.object({
    [CLICKABLE_TASKS_FIELD]: z
      .array(z.union([z.number().int().positive(), z.string().trim().min(1).max(64)], 'taskUnknown'), 'required')
      .min(1, 'required')
      .max(MAX_CLICKED_TASKS, 'taskListTooLong'),
  }, 'required'),
});
export type LoyaltyDataInput = z.input<typeof loyaltyDataSchema>;

/** A task as the dashboard lists it, with the caller's completed state; name and description in the reader's language where written. */
export const loyaltyTask = z
  .object({
    id: z.number().int(),
    uid: z.string(),
    name: z.string(),
    description: z.string(),
    points: z.number().int(),
    url: z.string().nullable(),
    position: z.number().int(),
    campaign_id: z.number().int().nullable(),
    campaign_uid: z.string().nullable().describe('The campaign the task is of (null: every ambassador of the company)'),
    completed: z.boolean(),
    completed_at: isoTime.nullable(),
  })
  .register(components, { id: 'LoyaltyTask' });
export type TaskView = z.output<typeof loyaltyTask>;

export const loyaltyTaskListAnswer = z
  .object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(loyaltyTask) })
  .register(components, { id: 'LoyaltyTaskList' });
export type TaskList = z.output<typeof loyaltyTaskListAnswer>;

/** A task of the click's answer: what was clicked, and whether this call completed it. */
const clickedTask = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  points: z.number().int(),
  url: z.string().nullable(),
  completed: z.boolean(),
  newly_completed: z.boolean().describe('Completed by this call (its points were awarded now)'),
});
export type ClickedTask = z.output<typeof clickedTask>;

export const clickTasksAnswer = profileAnswer
  .extend({ clicked_tasks: z.array(clickedTask) })
  .register(components, { id: 'ClickTasksAnswer' });
export type ClickTasksAnswer = z.output<typeof clickTasksAnswer>;

// ------------------------------------------------------------------------------------------------------
// Operator API: ledger
// ------------------------------------------------------------------------------------------------------

const required = (max: 255) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'maxChars255');

// A company credits, corrects or claws back points and cash.
export const loyaltyEntrySchema = z
  .object({
    kind: z.enum(['points', 'cash'], { error: 'ledgerEntryInvalid' }),
    amount: z.number({ error: 'ledgerEntryInvalid' }).int('ledgerEntryInvalid').min(-1_000_000_000, 'ledgerEntryInvalid')
      .max(1_000_000_000, 'ledgerEntryInvalid').refine((n) => n !== 0, 'ledgerEntryInvalid'),
    /** earn (amount > 0), adjust (either sign), reverse (amount < 0: a clawback, oldest-expiring first). Default: earn or adjust by sign. */
    entry_type: z.enum(['earn', 'adjust', 'reverse'], { error: 'ledgerEntryInvalid' }).optional(),
    description: required(255),
    /** When the lot lapses (ISO time), or after how many days; neither: the company's loyalty.points_expire_days. */
    expire_at: z.iso.datetime({ offset: true, error: 'invalidField' }).nullish(),
    expire_days: z.number().int('invalidField').min(1, 'invalidField').max(3650, 'invalidField').optional(),
    /** Your own id of this entry: the same uid again answers the first entry and credits nothing. */
    uid: z.string().trim().regex(/^[\x21-\x7e]{1,100}$/, 'invalidField').optional(),
  })
  .superRefine((v, ctx) => {
    const type = v.entry_type ?? (v.amount > 0 ? 'earn' : 'adjust');
    if ((type === 'earn' && v.amount < 0) || (type === 'reverse' && v.amount > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'ledgerEntryInvalid' });
    }
  });
export type LoyaltyEntryInput = z.input<typeof loyaltyEntrySchema>;

// Points are integers; cash is in minor units of the company currency.
const ledgerEntrySchema = z
  .object({
    id: z.number().int(),
    uid: z.string().nullable().describe('Your uid of the entry (when you gave one)'),
    kind: z.enum(['points', 'cash']),
    entry_type: z.enum(['earn', 'adjust', 'redeem', 'post', 'release', 'expire', 'reverse']),
    amount: z.number().int().describe('Signed: + credits, - debits'),
    description: z.string(),
    expire_at: isoTime.nullable(),
    created_at: isoTime,
  })
  .register(components, { id: 'LedgerEntry' });
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
const balanceSchema = z
  .object(Object.fromEntries(['points', 'cash'].flatMap((k) => ['earned', 'available', 'held', 'redeemed', 'expired']
    .map((f) => [`${k}_${f}`, z.number().int()]))))
  .describe('held: reserved by redemptions not fulfilled yet')
  .register(components, { id: 'LoyaltyBalance' });
export const loyaltyEntryAnswer = z
  .object({ entry: ledgerEntrySchema, balance: balanceSchema.nullable() })
  .register(components, { id: 'LoyaltyEntryAnswer' });
export type LoyaltyEntryAnswer = z.output<typeof loyaltyEntryAnswer>;
const openLot = z.object({
  id: z.number().int(), kind: z.enum(['points', 'cash']), amount: z.number().int(), remaining: z.number().int(),
  expire_at: isoTime.nullable(), created_at: isoTime,
});
export type OpenLot = z.output<typeof openLot>;
export const loyaltyAnswer = z
  .object({
    balance: balanceSchema.nullable(),
    open_lots: z.array(openLot).describe('What is left of each earning, soonest-expiring first'),
    entries: z.array(ledgerEntrySchema).describe('The newest 50 entries'),
  })
  .register(components, { id: 'LoyaltyAnswer' });
export type LoyaltyAnswer = z.output<typeof loyaltyAnswer>;
export const loyaltyRunAnswer = z
  .object({ expired: z.number().int(), voided: z.number().int(), warned: z.number().int() })
  .register(components, { id: 'LoyaltyRunAnswer' });
export type LoyaltyRunAnswer = z.output<typeof loyaltyRunAnswer>;

// ------------------------------------------------------------------------------------------------------
// Operator API: the program (tiers, badges, tasks)
// ------------------------------------------------------------------------------------------------------

const look = { image: z.string().nullable(), description: z.string(), is_active: z.boolean(), translations };
const tier = z
  .object({ uid: z.string(), name: z.string(), color: z.string(), threshold: z.number().int(), ...look })
  .strict()
  .register(components, { id: 'Tier' });
export type TierView = z.output<typeof tier>;
export const tierAnswer = z.object({ tier }).strict().register(components, { id: 'TierAnswer' });
export const tierListAnswer = list(tier).register(components, { id: 'TierList' });

const badge = z
  .object({ uid: z.string(), name: z.string(), color: z.string(), points: z.number().int(), ...look, awarded: z.number().int() })
  .strict()
  .register(components, { id: 'Badge' });
export type BadgeView = z.output<typeof badge>;
export const badgeAnswer = z.object({ badge }).strict().register(components, { id: 'BadgeAnswer' });
export const badgeListAnswer = list(badge).register(components, { id: 'BadgeList' });

const task = z
  .object({
    uid: z.string(), name: z.string(), description: z.string(), points: z.number().int(), url: z.string().nullable(), position: z.number().int(),
    campaign_uid: z.string().nullable(), is_active: z.boolean(), completions: z.number().int(), translations,
  })
  .strict()
  .register(components, { id: 'Task' });
export type ProgramTaskView = z.output<typeof task>;
export const taskAnswer = z.object({ task }).strict().register(components, { id: 'TaskAnswer' });
export const taskListAnswer = list(task).register(components, { id: 'TaskList' });
