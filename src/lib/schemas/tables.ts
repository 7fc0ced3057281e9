import { z } from 'zod';
import { plainNumber, queryInteger } from './numbers.ts';
import { components } from './registry';

// The query of GET/POST /tables/content/{table}/. Messages are keys of
// src/lib/i18n/en.ts. Besides page, page_size, ordering and format, every field is a filter
// `<column>__<op>` or `<column>__not_<op>` (spec §9), checked against the table's columns by the API.

const filterValue = z.preprocess(plainNumber, z.union([z.string(), z.number(), z.boolean()])).transform(String);

export const tableQuery = z
  .object({
    page: queryInteger('invalidField', 1, 1_000_000).default(1),
    page_size: queryInteger('invalidField', 1, 100, 'maxPageSize100').optional(),
    /** `created_at` or `-created_at`; the table's default ordering when absent. */
    ordering: z.string({ error: 'invalidField' }).trim().max(64, 'invalidField').optional(),
    format: z.enum(['json', 'csv'], { error: 'invalidField' }).optional(),
  })
  .catchall(filterValue);

export type TableQuery = z.input<typeof tableQuery>;
export type ParsedTableQuery = z.infer<typeof tableQuery>;

/** The reserved fields of a table query; every other field is a filter. */
export const TABLE_QUERY_FIELDS = ['page', 'page_size', 'ordering', 'format'] as const;

/**
 * The content query as the route hands it over: every query-string field as sent (the filters are the
 * table's own columns; ../../api/tables/service.ts prepareQuery parses and refuses them, prototype-named ones
 * included, which a zod object would drop unseen). The document shows the fixed fields.
 */
const asSent = (where: string) => z.unknown().meta({
  type: 'object',
  description: `Besides these ${where}, every field is a filter \`<column>__<op>\` or \`<column>__not_<op>\` (spec §9) on a column of the table`,
  properties: {
    page: { type: 'integer', minimum: 1, description: 'Page number (1 by default)' },
    page_size: { type: 'integer', minimum: 1, maximum: 100, description: 'Rows per page (the table\'s default page size by default)' },
    ordering: { type: 'string', description: 'A sortable column, `-` before it for descending (the table\'s default ordering by default)' },
    format: { type: 'string', enum: ['json', 'csv'], description: '`csv`: every matching row as a CSV download' },
  },
}).transform((v) => (v ?? {}) as Record<string, unknown>);

/** GET|POST /tables/content/{table}/: the query string. */
export const tableContentQuery = asSent('query parameters');
/** POST /tables/content/{table}/: JSON fields on top of the query string's. */
export const tableContentBody = asSent('fields');

const choice = z.object({ value: z.string(), label_key: z.string().optional(), label: z.string().optional() });

export const tableOptionsAnswer = z
  .object({
    table: z.string(),
    columns: z.array(z.object({
      key: z.string(),
      label_key: z.string().describe('Message key of the column\'s heading'),
      type: z.string().describe('BOOLEAN, INTEGER, DECIMAL, MONEY, STRING, DATE, URL, EMAIL, CHOICE or TYPEAHEAD'),
      sortable: z.boolean(),
      operators: z.array(z.string()).describe('Filter operators of the column, negated forms (`not_<op>`) included'),
      choices: z.array(choice).optional().describe('CHOICE: the values a filter may name'),
    })),
    default_ordering: z.string(),
    page_sizes: z.array(z.number().int()),
    default_page_size: z.number().int(),
  })
  .register(components, { id: 'TableOptions' });
export type TableOptions = z.output<typeof tableOptionsAnswer>;

/** A row keyed by column: MONEY as `{ minor, currency }` (activity points as `{ points }`), BOOLEAN as true/false. */
const tableRow = z.record(z.string(), z.unknown());
export type TableRow = z.output<typeof tableRow>;

export const tableContentAnswer = z
  .object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    next: z.boolean(),
    previous: z.boolean(),
    results: z.array(tableRow),
  })
  .register(components, { id: 'TableContent' });
export type TableContent = z.output<typeof tableContentAnswer>;

const amount = z.union([
  z.object({ minor: z.number().int(), currency: z.string() }),
  z.object({ points: z.number() }),
]);
const nullableText = z.string().nullable();

/** Fields every activity detail has (null where they do not apply). */
const detailFields = {
  card_code: nullableText,
  card_pin: nullableText,
  card_number: nullableText,
  card_number_label_key: z.string().describe('Message key of the card number\'s label, by the reward\'s brand kind'),
  brand_kind: z.string(),
  created_at: z.string(),
  deducted_amount: amount.nullable(),
  email: nullableText,
  gift_card_name: nullableText,
  payment_method: nullableText,
  payment_on: nullableText,
  product_name: nullableText,
  redemption_url: nullableText,
  reward_value: amount.nullable(),
  security_code: nullableText,
  security_url: nullableText,
  transaction_id: nullableText,
  voucher_code: nullableText,
  vouchers: z.array(z.unknown()),
  status: z.string(),
};

export const payoutDetailAnswer = z
  .object({
    ...detailFields,
    type: z.literal('payout'),
    id: z.number().int(),
    uid: z.string(),
    failure: z.string().nullable().describe('Why a failed payout did not reach the ambassador (`returned`, `unclaimed`, ...): its amount is payable again'),
    commissions: z.array(z.object({
      uid: z.string(),
      kind: z.string(),
      created_at: z.string(),
      campaign_name: nullableText,
      customer_name: nullableText,
      transaction_id: nullableText,
      amount: z.object({ minor: z.number().int(), currency: z.string() }),
      status: z.string(),
    })).describe('The commissions the payout paid'),
  })
  .register(components, { id: 'PayoutDetail' });
export type PayoutDetail = z.output<typeof payoutDetailAnswer>;

export const redemptionDetailAnswer = z
  .object({ ...detailFields, type: z.literal('redemption'), id: z.number().int(), kind: z.string() })
  .register(components, { id: 'RedemptionDetail' });
export type RedemptionDetail = z.output<typeof redemptionDetailAnswer>;
