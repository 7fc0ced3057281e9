import {
  payoutDetailAnswer, redemptionDetailAnswer, tableContentAnswer, tableContentBody, tableContentQuery, tableOptionsAnswer,
} from '../../lib/schemas/tables';
import { endpoint, type RawRequest } from '../core/endpoint';
import { readJsonObject } from '../core/validate';
import { tableAnswer } from './csv';
import { payoutDetail, redemptionDetail } from './detail';
import { tableOptions } from './service';

// The caller's data tables: options and content of commissions, payouts and activity, and activity detail.

const tableWords = {
  tag: 'Tables',
  optionsSummary: 'Table options',
  optionsDescription: 'The columns of one of the caller\'s tables (`commissions`, `payouts`, `activity`), the filter operators of each ' +
    '(spec §9), the values of CHOICE columns, the default ordering and the page sizes.',
  contentSummary: 'Table content',
  contentDescription: 'A page of the caller\'s rows of the table, filtered (`<column>__<op>`, `<column>__not_<op>`; spec §9) and ordered, ' +
    'and the count of every matching row. `format=csv`: every matching row, in order, as a CSV download (`text/csv`).',
  unknownTable: 'No such table',
};

/** A POST's fields: a JSON object only (415 for another type), prototype-named keys refused by name. */
const jsonFields = async (req: RawRequest) => (await readJsonObject({ req } as unknown as Parameters<typeof readJsonObject>[0])).fields;

// GET /v1/tables/options/{table}/ - columns, operators (spec §9), choices, orderings, page sizes
export const tableOptionsEndpoint = endpoint({
  method: 'get',
  path: '/tables/options/:table/',
  auth: 'ambassador',
  operationId: 'tableOptions',
  tag: tableWords.tag,
  summary: tableWords.optionsSummary,
  description: tableWords.optionsDescription,
  answer: { status: 200, schema: tableOptionsAnswer, description: 'The table\'s options' },
  errors: { 404: tableWords.unknownTable },
  handle: async ({ svc, caller, params }) => tableOptions(svc, caller, params.table),
});

// POST /v1/tables/options/{table}/ - the same (spec §7 names both methods)
export const postTableOptionsEndpoint = endpoint({
  method: 'post',
  path: '/tables/options/:table/',
  auth: 'ambassador',
  operationId: 'postTableOptions',
  tag: tableWords.tag,
  summary: `${tableWords.optionsSummary} (POST)`,
  description: `${tableWords.optionsDescription} The same as GET; a body is not read.`,
  answer: { status: 200, schema: tableOptionsAnswer, description: 'The table\'s options' },
  errors: { 404: tableWords.unknownTable },
  handle: async ({ svc, caller, params }) => tableOptions(svc, caller, params.table),
});

// GET /v1/tables/content/{table}/ - a page of the caller's rows with filters and ordering; ?format=csv streams all
export const tableContentEndpoint = endpoint({
  method: 'get',
  path: '/tables/content/:table/',
  auth: 'ambassador',
  operationId: 'tableContent',
  tag: tableWords.tag,
  summary: tableWords.contentSummary,
  description: tableWords.contentDescription,
  query: tableContentQuery,
  answer: { status: 200, schema: tableContentAnswer, description: 'A page of rows (or, with `format=csv`, the CSV file)' },
  errors: { 404: tableWords.unknownTable },
  handle: ({ svc, caller, params, query }) => tableAnswer(svc, caller, params.table, query),
});

// POST /v1/tables/content/{table}/ - the same, with the JSON body's fields on top of the query string's
export const postTableContentEndpoint = endpoint({
  method: 'post',
  path: '/tables/content/:table/',
  auth: 'ambassador',
  operationId: 'postTableContent',
  tag: tableWords.tag,
  summary: `${tableWords.contentSummary} (POST)`,
  description: `${tableWords.contentDescription} The JSON body's fields are read on top of the query string's.`,
  query: tableContentQuery,
  body: tableContentBody,
  parseIn: 'handler',
  readRequest: jsonFields,
  example: { page: 1, page_size: 25, ordering: '-created_at', status__in: 'pending,approved' },
  answer: { status: 200, schema: tableContentAnswer, description: 'A page of rows (or, with `format=csv`, the CSV file)' },
  errors: { 404: tableWords.unknownTable },
  handle: ({ svc, caller, params, query, body }) => tableAnswer(svc, caller, params.table, { ...query, ...(body as Record<string, unknown>) }),
});

// GET /v1/payouts/{id}/ - activity detail of payout type (the caller's own payout, by number or uid)
export const payoutDetailEndpoint = endpoint({
  method: 'get',
  path: '/payouts/:id/',
  auth: 'ambassador',
  operationId: 'payoutDetail',
  tag: tableWords.tag,
  summary: 'Payout detail',
  description: 'One of the caller\'s payouts, by its number or uid, with every activity detail field (null where it does not apply) ' +
    'and the commissions it paid.',
  answer: { status: 200, schema: payoutDetailAnswer, description: 'The payout' },
  errors: { 404: 'No payout of the caller by that number or uid' },
  handle: ({ svc, caller, params }) => payoutDetail(svc, caller, params.id),
});

// GET /v1/loyalty/gift-card-redemption/{id}/ - activity detail of redemption type, card number labelled by brand
export const redemptionDetailEndpoint = endpoint({
  method: 'get',
  path: '/loyalty/gift-card-redemption/:id/',
  auth: 'ambassador',
  operationId: 'redemptionDetail',
  tag: tableWords.tag,
  summary: 'Redemption detail',
  description: 'One of the caller\'s gift-card (or vault) redemptions, by its number, with its card details and the message key ' +
    'of the card number\'s label by the reward\'s brand kind.',
  answer: { status: 200, schema: redemptionDetailAnswer, description: 'The redemption' },
  errors: { 404: 'No redemption of the caller by that number' },
  handle: ({ svc, caller, params }) => redemptionDetail(svc, caller, params.id),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  tableOptions: tableOptionsEndpoint,
  postTableOptions: postTableOptionsEndpoint,
  tableContent: tableContentEndpoint,
  postTableContent: postTableContentEndpoint,
  payoutDetail: payoutDetailEndpoint,
  redemptionDetail: redemptionDetailEndpoint,
};
