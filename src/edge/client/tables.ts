import type { TableKey } from '../../api/tables/columns';
import { payoutDetail, redemptionDetail, type PayoutDetail, type RedemptionDetail } from '../../api/tables/detail';
import { tableContent, tableOptions, type TableContent, type TableOptions } from '../../api/tables/service';
import type { TableQuery } from '../../lib/schemas/tables';
import { asQuery, embedded, type EmbeddedDeps, type RemoteDeps } from './core';

export type { TableKey } from '../../api/tables/columns';
export type { TableContent, TableOptions, TableRow } from '../../api/tables/service';
export type { BrandKind, PayoutDetail, RedemptionDetail } from '../../api/tables/detail';
/** The gift-card brands a redemption's detail may name (the table's labels follow them). */
export { BRAND_KINDS } from '../../api/tables/detail';
export type { TableQuery } from '../../lib/schemas/tables';

/** The data tables (spec §7 /tables/options/{table}/ and /tables/content/{table}/). */
export interface TablesClient {
  /** GET /tables/options/{table}/ - columns, operators, choices, default ordering and page sizes. */
  tableOptions(table: TableKey): Promise<TableOptions>;
  /**
   * GET /tables/content/{table}/ - a page of the caller's rows. `query`: page, page_size, ordering and
   * filters `<column>__<op>` / `<column>__not_<op>` (spec §9). The CSV export is the same path with
   * `format=csv`, fetched by the browser through /api.
   */
  tableContent(table: TableKey, query?: TableQuery): Promise<TableContent>;
  /** GET /payouts/{id}/ - activity detail of a payout of the caller (its number or uid; 404 otherwise). */
  payoutDetail(id: string | number): Promise<PayoutDetail>;
  /** GET /loyalty/gift-card-redemption/{id}/ - activity detail of a redemption of the caller (404 otherwise). */
  redemptionDetail(id: string | number): Promise<RedemptionDetail>;
}

export function embeddedTables(deps: EmbeddedDeps): TablesClient {
  const { svc } = deps;
  return {
    tableOptions: (table) => embedded(async () => tableOptions(svc, await deps.caller(), table)),
    tableContent: (table, query) => embedded(async () => tableContent(svc, await deps.caller(), table, { ...query, format: 'json' })),
    payoutDetail: (id) => embedded(async () => payoutDetail(svc, await deps.caller(), id)),
    redemptionDetail: (id) => embedded(async () => redemptionDetail(svc, await deps.caller(), id)),
  };
}

export function remoteTables(deps: RemoteDeps): TablesClient {
  const path = (kind: string, table: string) => `/tables/${kind}/${encodeURIComponent(table)}/`;
  return {
    tableOptions: (table) => deps.call(path('options', table)),
    tableContent: (table, query) => deps.call(path('content', table), { query: asQuery({ ...query, format: 'json' }) }),
    payoutDetail: (id) => deps.call(`/payouts/${encodeURIComponent(String(id))}/`),
    redemptionDetail: (id) => deps.call(`/loyalty/gift-card-redemption/${encodeURIComponent(String(id))}/`),
  };
}
