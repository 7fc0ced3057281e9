import type { TableBoot } from './data-table.ts';
import type { TableColumn, TableLabels } from './table-markup.ts';

// A table's JSON for its browser script (TableView.astro writes it beside the table, data-table.ts reads
// it), written short (issue 19): each choice as a [value, label] pair, and a column whose choices are the
// payment methods as "methods", read back from the page's one label set (its detail.methods), so the
// activity's and the payouts' lists are not written out again.

type PackedChoices = [string, string][] | 'methods';
type PackedColumn = Omit<TableColumn, 'choices'> & { choices?: PackedChoices };
export type PackedBoot = Omit<TableBoot, 'config'> & { config: Omit<TableBoot['config'], 'columns'> & { columns: PackedColumn[] } };

const sameChoices = (choices: NonNullable<TableColumn['choices']>, methods: Record<string, string>) => {
  const codes = Object.keys(methods);
  return choices.length === codes.length && choices.every((c, i) => c.value === codes[i] && c.label === methods[c.value]);
};

export function packBoot(boot: TableBoot, labels: Pick<TableLabels, 'detail'>): PackedBoot {
  const columns = boot.config.columns.map(({ choices, ...column }): PackedColumn => {
    if (!choices) return column;
    return { ...column, choices: sameChoices(choices, labels.detail.methods) ? 'methods' : choices.map((c) => [c.value, c.label]) };
  });
  return { ...boot, config: { ...boot.config, columns } };
}

export function unpackBoot(packed: PackedBoot, labels: Pick<TableLabels, 'detail'>): TableBoot {
  const columns = packed.config.columns.map(({ choices, ...column }): TableColumn => {
    if (!choices) return column;
    const pairs = choices === 'methods' ? Object.entries(labels.detail.methods) : choices;
    return { ...column, choices: pairs.map(([value, label]) => ({ value, label })) };
  });
  return { ...packed, config: { ...packed.config, columns } };
}
