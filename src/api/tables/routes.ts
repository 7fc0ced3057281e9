import { Hono } from 'hono';
import { callerOf, serviceContext } from '../core/service-context';
import { requireAmbassador } from '../core/token-auth';
import type { ApiContext, ApiEnv } from '../core/types';
import { readJsonObject } from '../core/validate';
import { csvFilename, tableCsv } from './csv';
import { payoutDetail, redemptionDetail } from './detail';
import { tableContent, tableOf, tableOptions } from './service';

/** A content query: the query string, and for POST the JSON body's fields on top (spec §7). */
async function contentInput(c: ApiContext): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method === 'POST') {
    // src/api/core/validate.ts: a JSON object only (415 for another type), prototype-named keys refused by name.
    Object.assign(input, (await readJsonObject(c)).fields);
  }
  return input;
}

async function content(c: ApiContext) {
  const caller = callerOf(c);
  const table = c.req.param('table') ?? '';
  const input = await contentInput(c);
  if (input.format === 'csv') {
    const stream = tableCsv(serviceContext(c), caller, table, input);
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${csvFilename(tableOf(table).key)}"`,
        'cache-control': 'private, no-store',
      },
    });
  }
  return c.json(await tableContent(serviceContext(c), caller, table, input));
}

const options = (c: ApiContext) => c.json(tableOptions(serviceContext(c), callerOf(c), c.req.param('table') ?? ''));

/** The caller's data tables: options and content of commissions, payouts and activity, and activity detail. */
export const tables = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // GET|POST /v1/tables/options/{table}/ - columns, operators (spec §9), choices, orderings, page sizes
  .get('/tables/options/:table/', options)
  .post('/tables/options/:table/', options)
  // GET|POST /v1/tables/content/{table}/ - a page of the caller's rows with filters and ordering; ?format=csv streams all
  .get('/tables/content/:table/', content)
  .post('/tables/content/:table/', content)
  // GET /v1/payouts/{id}/ - activity detail of payout type (the caller's own payout, by number or uid)
  .get('/payouts/:id/', async (c) => c.json(await payoutDetail(serviceContext(c), callerOf(c), c.req.param('id'))))
  // GET /v1/loyalty/gift-card-redemption/{id}/ - activity detail of redemption type, card number labelled by brand
  .get('/loyalty/gift-card-redemption/:id/', async (c) => c.json(await redemptionDetail(serviceContext(c), callerOf(c), c.req.param('id'))));
