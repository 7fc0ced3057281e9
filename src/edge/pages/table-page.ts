import { parseTableQuery, toApiQuery, type TableQueryState } from '../../lib/table-query';
import { ClientError, type AmbassadorClient } from '../client';
import type { TableKey } from '../../api/tables/columns';
import type { TableContent, TableOptions } from '../../lib/schemas/tables';

// A data table's server data for a page (TableView.astro paints it): the view state read from the page
// URL (this table's `<table>.` parameters), the table's options and its first page. Both calls leave
// in the same tick as the page's other reads, so the embedded client sends them in the page's one D1 batch.

export interface TableSpec {
  table: TableKey;
  /** Rows per page when the URL names none (activity: 15, spec §9). */
  pageSize: number;
}

export interface LoadedTable {
  table: TableKey;
  prefix: string;
  defaultPageSize: number;
  state: TableQueryState;
  options: TableOptions | null;
  content: TableContent | null;
  /** The content call's failure. */
  error: unknown;
  /** The API's answer when it refused a filter (400): its body names the parameter. */
  refusedFilter: { body: unknown } | null;
}

export async function loadTable(client: AmbassadorClient, spec: TableSpec, url: URL): Promise<LoadedTable> {
  const prefix = `${spec.table}.`;
  const state = parseTableQuery(url.searchParams, prefix, { pageSize: spec.pageSize });
  const [options, content] = await Promise.allSettled([
    client.tableOptions({ params: { table: spec.table } }),
    // Always JSON: a CSV is the browser's own download through /api.
    client.tableContent({ params: { table: spec.table }, query: { ...toApiQuery(state), format: 'json' } }),
  ]);
  if (options.status === 'rejected') console.error('page data: table options', spec.table, options.reason);
  if (content.status === 'rejected') console.error('page data: table content', spec.table, content.reason);
  const error = content.status === 'rejected' ? content.reason ?? new Error('table content') : null;
  return {
    table: spec.table,
    prefix,
    defaultPageSize: spec.pageSize,
    state,
    options: options.status === 'fulfilled' ? options.value : null,
    content: content.status === 'fulfilled' ? content.value : null,
    error,
    refusedFilter: error instanceof ClientError && error.status === 400 ? { body: error.body } : null,
  };
}
