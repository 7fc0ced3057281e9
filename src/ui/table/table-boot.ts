import { DEFAULT_PAGE_SIZES, type TableQueryState } from '../../lib/table-query.ts';
import type { TableColumn, TableConfig, TableLabels } from './table-types.ts';

// A table's JSON for its browser script (TableView.astro writes it beside the table, data-table.ts reads
// it), written short: each choice as a [value, label] pair, a column whose choices are the
// payment methods as "methods", read back from the page's one label set (its detail.methods), so the
// activity's and the payouts' lists are not written out again, and `sortable` and the page sizes only
// when they are not the usual (sortable, the contract's sizes).

/** What the server writes beside a table's markup (`<script type="application/json" data-table-config>`, packed by packBoot). */
export interface TableBoot {
  config: TableConfig;
  state: TableQueryState;
  /** The first page's total of rows, and its page and size. */
  count: number;
}

type PackedChoices = [string, string][] | 'methods';
type PackedColumn = Omit<TableColumn, 'choices' | 'sortable'> & { choices?: PackedChoices; sortable?: false };
type PackedConfig = Omit<TableBoot['config'], 'columns' | 'pageSizes'> & { columns: PackedColumn[]; pageSizes?: number[] };
export type PackedBoot = Omit<TableBoot, 'config'> & { config: PackedConfig };

const sameChoices = (choices: NonNullable<TableColumn['choices']>, methods: Record<string, string>) => {
  const codes = Object.keys(methods);
  return choices.length === codes.length && choices.every((c, i) => c.value === codes[i] && c.label === methods[c.value]);
};

const usualSizes = (sizes: readonly number[]) => sizes.join() === DEFAULT_PAGE_SIZES.join();

export function packBoot(boot: TableBoot, labels: Pick<TableLabels, 'detail'>): PackedBoot {
  const { columns, pageSizes, ...config } = boot.config;
  const packed = columns.map(({ choices, sortable, ...column }): PackedColumn => ({
    ...column,
    ...(sortable ? {} : { sortable: false }),
    ...(choices ? { choices: sameChoices(choices, labels.detail.methods) ? 'methods' : choices.map((c): [string, string] => [c.value, c.label]) } : {}),
  }));
  return { ...boot, config: { ...config, columns: packed, ...(usualSizes(pageSizes) ? {} : { pageSizes }) } };
}

export function unpackBoot(packed: PackedBoot, labels: Pick<TableLabels, 'detail'>): TableBoot {
  const { columns, pageSizes, ...config } = packed.config;
  const unpacked = columns.map(({ choices, sortable, ...column }): TableColumn => {
    const pairs = choices === 'methods' ? Object.entries(labels.detail.methods) : choices;
    return { ...column, sortable: sortable ?? true, ...(pairs ? { choices: pairs.map(([value, label]) => ({ value, label })) } : {}) };
  });
  return { ...packed, config: { ...config, columns: unpacked, pageSizes: pageSizes ?? [...DEFAULT_PAGE_SIZES] } };
}
