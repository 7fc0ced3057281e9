import { useState, type SubmitEvent } from 'react';
import { filterParamName, parseFilterParam, typeOperators, type TableFilter } from '../lib/table-query';
import type { DataTableColumn, DataTableLabels } from './DataTable';

// The data table's filter row: column -> operator (the column type's catalogue, negated forms too) ->
// a value input typed by the column. A plain GET form: without JavaScript it adds the filter through
// the URL (`<prefix>fcol`, `fop`, `fval`), with JavaScript the table applies it in place.

interface Props {
  prefix: string;
  columns: DataTableColumn[];
  labels: DataTableLabels;
  /** The page URL's other parameters, kept by the no-JavaScript form. */
  hidden: [string, string][];
  onApply: (filter: TableFilter) => void;
}

/** A column's operators: its own list, or its type's catalogue. */
export const operatorsOf = (column: DataTableColumn): string[] => column.operators ?? typeOperators(column.type);

/** The label of an operator (negated forms included) for a column type. */
export function operatorLabel(labels: DataTableLabels, type: string, op: string): string {
  return labels.ops[`${type}.${op}`] ?? labels.ops[op] ?? op;
}

/** "Status: is one of Paid, Pending" for a filter chip. */
export function filterText(filter: TableFilter, column: DataTableColumn | undefined, labels: DataTableLabels): string {
  const type = column?.type ?? 'STRING';
  const op = operatorLabel(labels, type, `${filter.negated ? 'not_' : ''}${filter.op}`);
  const choice = (v: string) => column?.choices?.find((c) => c.value === v)?.label ?? v;
  let value = filter.value;
  if (filter.op === 'isnull' || type === 'BOOLEAN') value = filter.value === 'true' ? labels.yes : labels.no;
  else if (type === 'CHOICE') value = filter.value.split(',').map(choice).join(', ');
  return `${column?.label ?? filter.column}: ${op} ${value}`;
}

function ValueInput({ column, op, name, labels }: { column: DataTableColumn; op: string; name: string; labels: DataTableLabels }) {
  const base = op.replace(/^not_/, '');
  const id = `${name}-input`;
  const yesNo = (
    <select id={id} name={name} defaultValue="true" data-filter-value>
      <option value="true">{labels.yes}</option>
      <option value="false">{labels.no}</option>
    </select>
  );
  if (base === 'isnull' || column.type === 'BOOLEAN') return yesNo;
  if (column.type === 'CHOICE') {
    const choices = column.choices ?? [];
    if (base === 'in') {
      return (
        <fieldset className="filter-choices" data-filter-value>
          <legend className="visually-hidden">{labels.value}</legend>
          {choices.map((c) => (
            <label key={c.value} className="filter-choice"><input type="checkbox" name={name} value={c.value} /> {c.label}</label>
          ))}
        </fieldset>
      );
    }
    return (
      <select id={id} name={name} data-filter-value>
        {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
    );
  }
  if (column.type === 'DATE') {
    if (base.startsWith('day_')) return <input id={id} name={name} type="number" min={1} max={31} step={1} required data-filter-value />;
    if (base.startsWith('past_')) return <input id={id} name={name} type="number" min={0} step={1} required data-filter-value />;
    return <input id={id} name={name} type="date" required data-filter-value />;
  }
  if (column.type === 'INTEGER') return <input id={id} name={name} type="number" step={1} required data-filter-value />;
  if (column.type === 'MONEY' || column.type === 'DECIMAL') return <input id={id} name={name} type="number" step="any" inputMode="decimal" required data-filter-value />;
  const kind = column.type === 'EMAIL' && base === 'iexact' ? 'email' : 'text';
  return <input id={id} name={name} type={kind} required data-filter-value />;
}

export default function TableFilters({ prefix, columns, labels, hidden, onApply }: Props) {
  const filterable = columns.filter((c) => operatorsOf(c).length > 0);
  const [columnKey, setColumnKey] = useState(filterable[0]?.key ?? '');
  const column = filterable.find((c) => c.key === columnKey) ?? filterable[0];
  const [op, setOp] = useState(column ? operatorsOf(column)[0] ?? '' : '');
  const operators = column ? operatorsOf(column) : [];
  const currentOp = operators.includes(op) ? op : operators[0] ?? '';
  if (!column) return null;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = form.getAll(`${prefix}fval`).map((v) => String(v).trim()).filter(Boolean).join(',');
    const parsed = parseFilterParam(`${column!.key}__${currentOp}`);
    if (!parsed || !value) return;
    onApply({ ...parsed, value });
  }

  const ids = { column: `${prefix}fcol`, op: `${prefix}fop`, value: `${prefix}fval` };
  return (
    <form method="get" className="table-filter-form" onSubmit={submit} data-filter-form>
      {hidden.map(([name, value], i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />)}
      <div className="field">
        <label htmlFor={ids.column}>{labels.column}</label>
        <select id={ids.column} name={ids.column} value={column.key} onChange={(e) => setColumnKey(e.target.value)} data-filter-column>
          {filterable.map((c) => <option key={c.key} value={c.key}>{c.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.op}>{labels.operator}</label>
        <select id={ids.op} name={ids.op} value={currentOp} onChange={(e) => setOp(e.target.value)} data-filter-operator>
          {operators.map((o) => <option key={o} value={o}>{operatorLabel(labels, column.type, o)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids.value}-input`}>{labels.value}</label>
        <ValueInput key={filterParamName({ column: column.key, op: currentOp.replace(/^not_/, '') as TableFilter['op'], negated: false })} column={column} op={currentOp} name={ids.value} labels={labels} />
      </div>
      <button type="submit" className="btn" data-filter-apply>{labels.apply}</button>
    </form>
  );
}
