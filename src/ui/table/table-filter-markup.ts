import { typeOperators, type TableFilter } from '../../lib/table-query.ts';
import { attr, escapeHtml } from '../../lib/escape-html.ts';
import { labelValue } from '../../lib/label-value.ts';
import type { TableColumn, TableConfig, TableLabels } from './table-types.ts';

// The data table's filter row as markup: column -> operator (the column type's catalogue, negated forms
// too) -> a value input typed by the column. A plain GET form: without JavaScript it adds the filter
// through the URL (`<prefix>fcol`, `fop`, `fval`); with it, data-table.ts rewrites the operator list
// and the value input when the column or operator changes and applies the filter in place.

type Words = Pick<TableLabels, 'ops' | 'yes' | 'no' | 'value' | 'lang'>;

/** A column's operators: its own list, or its type's catalogue. */
export const operatorsOf = (column: TableColumn): string[] => column.operators ?? typeOperators(column.type);

/** The label of an operator (negated forms included) for a column type. */
export function operatorLabel(labels: Pick<TableLabels, 'ops'>, type: string, op: string): string {
  return labels.ops[`${type}.${op}`] ?? labels.ops[op] ?? op;
}

/** "Status: is one of Paid, Pending" for a filter chip. */
export function filterText(filter: TableFilter, column: TableColumn | undefined, labels: Words): string {
  const type = column?.type ?? 'STRING';
  const op = operatorLabel(labels, type, `${filter.negated ? 'not_' : ''}${filter.op}`);
  const choice = (v: string) => column?.choices?.find((c) => c.value === v)?.label ?? v;
  let value = filter.value;
  if (filter.op === 'isnull' || type === 'BOOLEAN') value = filter.value === 'true' ? labels.yes : labels.no;
  else if (type === 'CHOICE') value = filter.value.split(',').map(choice).join(', ');
  return labelValue(labels.lang, column?.label ?? filter.column, `${op} ${value}`);
}

/** The operator options of a column, `op` chosen. */
export function operatorOptionsHtml(column: TableColumn, labels: Pick<TableLabels, 'ops'>, op: string): string {
  return operatorsOf(column).map((o) => `<option value="${escapeHtml(o)}"${o === op ? ' selected' : ''}>${escapeHtml(operatorLabel(labels, column.type, o))}</option>`).join('');
}

/** The value input of a column and operator (`name` is the form field, `<name>-input` its id). */
export function valueInputHtml(column: TableColumn, op: string, name: string, labels: Words): string {
  const base = op.replace(/^not_/, '');
  const at = `id="${escapeHtml(`${name}-input`)}" name="${escapeHtml(name)}"`;
  const option = (value: string, text: string) => `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`;
  if (base === 'isnull' || column.type === 'BOOLEAN') return `<select ${at} data-filter-value>${option('true', labels.yes)}${option('false', labels.no)}</select>`;
  if (column.type === 'CHOICE') {
    const choices = column.choices ?? [];
    if (base === 'in') {
      const boxes = choices.map((c) => `<label><input type=checkbox ${attr('name', name)} ${attr('value', c.value)}> ${escapeHtml(c.label)}</label>`).join('');
      return `<fieldset class="filter-choices" data-filter-value><legend class="visually-hidden">${escapeHtml(labels.value)}</legend>${boxes}</fieldset>`;
    }
    return `<select ${at} data-filter-value>${choices.map((c) => option(c.value, c.label)).join('')}</select>`;
  }
  const input = (attrs: string) => `<input ${at} ${attrs} required data-filter-value>`;
  if (column.type === 'DATE') {
    if (base.startsWith('day_')) return input('type="number" min="1" max="31" step="1"');
    if (base.startsWith('past_')) return input('type="number" min="0" step="1"');
    return input('type="date"');
  }
  if (column.type === 'INTEGER') return input('type="number" step="1"');
  if (column.type === 'MONEY' || column.type === 'DECIMAL') return input('type="number" step="any" inputmode="decimal"');
  return input(`type="${column.type === 'EMAIL' && base === 'iexact' ? 'email' : 'text'}"`);
}

/** The columns a filter can be added on. */
export const filterableColumns = (config: TableConfig) => config.columns.filter((c) => operatorsOf(c).length > 0);

/**
 * The column a new filter starts on: the status, what a reader filters by most, whose few operators and
 * choices also keep the page's three forms short (a date's 26 operators were 1.3 KB a form).
 */
export const firstFilterColumn = (columns: readonly TableColumn[]) => columns.find((c) => c.key === 'status') ?? columns[0];

/** The "add a filter" form, its first column and operator chosen; `hidden`: the page URL's other parameters. */
export function filterFormHtml(config: TableConfig, labels: TableLabels, hidden: [string, string][]): string {
  const columns = filterableColumns(config);
  const column = firstFilterColumn(columns);
  if (!column) return '';
  const op = operatorsOf(column)[0] ?? '';
  const ids = { column: escapeHtml(`${config.prefix}fcol`), op: escapeHtml(`${config.prefix}fop`), value: `${config.prefix}fval` };
  const kept = hidden.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  const columnOptions = columns.map((c) => `<option value="${escapeHtml(c.key)}"${c === column ? ' selected' : ''}>${escapeHtml(c.label)}</option>`).join('');
  return `<form method="get" class="table-filter-form" data-filter-form>${kept}`
    + `<div class="field"><label for="${ids.column}">${escapeHtml(labels.column)}</label><select id="${ids.column}" name="${ids.column}" data-filter-column>${columnOptions}</select></div>`
    + `<div class="field"><label for="${ids.op}">${escapeHtml(labels.operator)}</label><select id="${ids.op}" name="${ids.op}" data-filter-operator>${operatorOptionsHtml(column, labels, op)}</select></div>`
    + `<div class="field" data-filter-value-field><label for="${escapeHtml(`${ids.value}-input`)}">${escapeHtml(labels.value)}</label>${valueInputHtml(column, op, ids.value, labels)}</div>`
    + `<button type="submit" class="btn" data-filter-apply>${escapeHtml(labels.apply)}</button></form>`;
}
