import { enhanceDetails } from './activity-detail.ts';
import { unpackBoot, type PackedBoot, type TableBoot } from './table-boot.ts';
import { filterableColumns, operatorOptionsHtml, operatorsOf, valueInputHtml } from './table-filter-markup.ts';
import { sortSelectHtml, summaryHtml, viewHtml } from './table-markup.ts';
import type { TableConfig, TableLabels, TableView } from './table-types.ts';
import {
  contentHref, parseFilterParam, parseTableQuery, searchString, toPageParams, withChange, withFilter, type TableFilter, type TableQueryState, type TableRowsPage,
} from '../../lib/table-query.ts';

// The data tables in the browser. The server writes each table's first page as plain
// markup (TableView.astro): its links and GET forms page, sort and filter with no JavaScript at all. This
// script takes a table over in place: it follows those links and forms by fetching the page of rows from
// the browser API and writing it with the same markup functions (table-markup.ts), keeps the view in the
// URL (history.replaceState), dims the table while a page loads, counts the selected rows and opens the
// activity detail. The words come from the page's one label set; the rows are read from nowhere but
// the DOM and the API.

/** Takes over every data table of the page, with the page's label set (TableLabels.astro). */
export function enhanceTables(): void {
  const text = document.getElementById(LABELS_ID)?.textContent;
  if (!text) return;
  const labels = JSON.parse(text) as TableLabels;
  for (const root of document.querySelectorAll<HTMLElement>('.data-table[data-table]')) enhanceTable(root, labels);
  layOutCards();
}

/** How many cards one idle task lays out: a frame that lays out six cards stays near a long task's
 * 50 ms on a phone four times slower than a desktop, and fewer, smaller frames cost more in all (each frame
 * styles and lays out again around the cards it adds). */
const CARDS_PER_TASK = 6;
let laying = false;

/**
 * A phone lays out only the cards near its screen while the page loads (tables.css: `content-visibility`
 * until a row is `data-laid`), which keeps the frames that draw the tables short (the first
 * layout of three tables of cards was the table pages' longest task). Once the page has loaded, the other
 * cards are laid out a few at a time in idle time, so that a capture of the whole page, a reader who jumps
 * far down and a tool that reads boxes find every card drawn. New rows a table writes wait their turn too.
 */
function layOutCards(): void {
  if (laying) return;
  laying = true;
  const idle = (step: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(step) : window.setTimeout(step, 1));
  const step = () => {
    const rows = document.querySelectorAll<HTMLElement>('table.dt tbody tr:not([data-laid])');
    for (let i = 0; i < rows.length && i < CARDS_PER_TASK; i++) rows[i]!.dataset.laid = '';
    if (rows.length > CARDS_PER_TASK) idle(step);
    else laying = false;
  };
  if (document.readyState === 'complete') idle(step);
  else window.addEventListener('load', () => idle(step), { once: true });
}

/** The id of the page's label set. */
export const LABELS_ID = 'data-table-labels';

export function enhanceTable(root: HTMLElement, labels: TableLabels): void {
  const bootText = root.querySelector('script[data-table-config]')?.textContent;
  const region = root.querySelector<HTMLElement>('[data-table-view]');
  if (!bootText || !region || root.dataset.enhanced !== undefined) return;
  takeOver(root, region, unpackBoot(JSON.parse(bootText) as PackedBoot, labels), labels);
}

function takeOver(root: HTMLElement, region: HTMLElement, { config, state, count }: TableBoot, labels: TableLabels): void {
  const defaults = { pageSize: config.defaultPageSize, pageSizes: config.pageSizes };
  const view: TableView = {
    state, search: window.location.search, error: null,
    content: { count, page: state.page, page_size: state.pageSize, results: [] },
  };
  // The latest fetch: an answer to an older one (a quick second click) is dropped.
  let latest = 0;
  const filters = root.querySelector<HTMLDetailsElement>('details.table-filters');
  let filterCount = state.filters.length;

  const fillSortSlot = () => {
    const slot = region.querySelector('[data-sort-slot]');
    if (slot) slot.innerHTML = sortSelectHtml(config, labels, view);
  };
  const rowBoxes = () => [...region.querySelectorAll<HTMLInputElement>('[data-select-row]')];
  function showSelection() {
    const boxes = rowBoxes();
    const chosen = boxes.filter((b) => b.checked).length;
    for (const box of boxes) {
      const row = box.closest('tr')!;
      if (box.checked) row.setAttribute('aria-selected', 'true');
      else row.removeAttribute('aria-selected');
    }
    const all = region.querySelector<HTMLInputElement>('[data-select-all]');
    if (all) all.checked = boxes.length > 0 && chosen === boxes.length;
    const summary = region.querySelector('[data-table-summary]');
    if (summary) summary.innerHTML = summaryHtml(labels, view, boxes.length, chosen);
  }

  function paint() {
    // A control followed in place keeps the focus: the same control of the new markup takes it.
    const focused = region.contains(document.activeElement) ? focusKey(document.activeElement as HTMLElement) : null;
    region.innerHTML = viewHtml(config, labels, view);
    fillSortSlot();
    enhanceRows(region, labels);
    layOutCards();
    const n = view.state.filters.length;
    if (filters && n !== filterCount) {
      // Open while filters apply, closed when the last one goes; left as the user set it otherwise.
      filters.querySelector('summary')!.textContent = `${labels.filters}${n > 0 ? ` (${n})` : ''}`;
      filters.open = n > 0;
      filterCount = n;
    }
    if (focused !== null) (region.querySelector<HTMLElement>(focused) ?? root.closest('section')?.querySelector<HTMLElement>('h2[tabindex]'))?.focus();
  }

  async function go(next: TableQueryState) {
    const url = new URL(window.location.href);
    url.search = searchString(toPageParams(next, config.prefix, url.searchParams, defaults));
    window.history.replaceState(window.history.state, '', url);
    view.search = url.search;
    view.state = next;
    const id = ++latest;
    root.dataset.busy = 'true';
    root.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(contentHref(config.table, next), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (res.status === 401) {
        window.location.assign('/login');
        return;
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as TableRowsPage;
      if (id !== latest) return;
      view.content = body;
      view.error = null;
    } catch (err) {
      if (id !== latest) return;
      console.error('table:', config.table, err);
      view.error = labels.error;
    }
    delete root.dataset.busy;
    root.setAttribute('aria-busy', 'false');
    paint();
  }

  region.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('[data-clear-selection]')) {
      for (const box of rowBoxes()) box.checked = false;
      showSelection();
      return;
    }
    // A link that pages, sorts or filters ("?…"): followed without JavaScript, read back into the state with it.
    const link = target.closest<HTMLAnchorElement>('a[href^="?"]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void go(parseTableQuery(new URL(link.href, window.location.href).searchParams, config.prefix, defaults));
  });
  region.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.matches('[data-select-all]')) {
      for (const box of rowBoxes()) box.checked = (target as HTMLInputElement).checked;
      showSelection();
    } else if (target.matches('[data-select-row]')) showSelection();
    else if (target.matches('[data-page-size]')) void go(withChange(view.state, { pageSize: Number(target.value) }));
    else if (target.matches('[data-sort-select]')) void go(withChange(view.state, { ordering: target.value || null }));
  });
  region.addEventListener('submit', (event) => event.preventDefault());

  const form = root.querySelector<HTMLFormElement>('form[data-filter-form]');
  if (form) enhanceFilterForm(form, config, labels, (filter) => void go(withFilter(view.state, filter)));

  const heading = root.closest('section')?.querySelector('h2');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  fillSortSlot();
  enhanceRows(region, labels);
  // The widths that cut a cell change when the tables' stylesheet arrives (it may come after this script
  // ran) and with the window: measured again each time the table's box changes.
  new ResizeObserver(() => wholeOnFocus(region)).observe(region);
  root.dataset.enhanced = '';
  // A rows-per-page choice made before this script ran (the page was still loading) had no one to follow it:
  // it is followed now, so the first choice counts. (The sort choice is this script's own.)
  const size = region.querySelector<HTMLElement & { value: string }>('[data-page-size]');
  if (size && Number(size.value) !== state.pageSize) void go(withChange(view.state, { pageSize: Number(size.value) }));
}

/** What the script adds to a page of rows: each row's selection box, the detail disclosures, whole values. */
function enhanceRows(region: HTMLElement, labels: TableLabels): void {
  // One box made and cloned per row: no HTML parsed per row (the script's first run on a phone).
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.setAttribute('aria-label', labels.selectRow);
  box.dataset.selectRow = '';
  for (const cell of region.querySelectorAll<HTMLElement>('tbody td:first-child')) if (!cell.firstChild) cell.appendChild(box.cloneNode());
  enhanceDetails(region, labels);
  wholeOnFocus(region);
}

/**
 * A cell the table cut to one line (its text wider than its column) shows its whole value on hover (title)
 * and on focus (a tab stop; TableView.astro lets a focused .dt-clip wrap). The server's markup does this for
 * long values already; here it is done for the ones this window's widths cut too.
 */
function wholeOnFocus(region: HTMLElement): void {
  // A card (below 1024 px) wraps every value: nothing is cut, and no width is read, which would lay out the
  // cards a phone has not scrolled to yet (tables.css).
  if (!window.matchMedia(TABLE_WIDTH).matches) return;
  // Every width is read before any cell is changed: a change between two reads would lay the table out
  // again for each cell (a long task on a phone).
  const cut = [...region.querySelectorAll<HTMLElement>('tbody td[data-col]:not(.dt-clip)')].filter((cell) => {
    const text = cell.querySelector<HTMLElement>('[data-tone] > span, .unit') ?? cell;
    return text.scrollWidth > text.clientWidth;
  });
  for (const cell of cut) {
    cell.classList.add('dt-clip');
    cell.tabIndex = 0;
    cell.title = cell.textContent ?? '';
  }
}

/** The window width from which a table is a table, not cards (tables.css). */
const TABLE_WIDTH = '(min-width: 1024px)';

/** A selector for the same control in new markup: its first data attribute (data-sort="amount", data-page-next). */
function focusKey(el: HTMLElement): string | null {
  const data = [...el.attributes].find((a) => a.name.startsWith('data-'));
  return data ? `[${data.name}${data.value ? `="${CSS.escape(data.value)}"` : ''}]` : null;
}

/** The filter form: the operators and the value input follow the column and operator chosen. */
function enhanceFilterForm(form: HTMLFormElement, config: TableConfig, labels: TableLabels, apply: (filter: TableFilter) => void) {
  const columns = filterableColumns(config);
  // A select's value is all this needs (HTMLSelectElement clashes with the Workers types' Element).
  const columnSelect = form.querySelector<HTMLElement & { value: string }>('[data-filter-column]')!;
  const opSelect = form.querySelector<HTMLElement & { value: string }>('[data-filter-operator]')!;
  const field = form.querySelector<HTMLElement>('[data-filter-value-field]')!;
  const name = `${config.prefix}fval`;
  const column = () => columns.find((c) => c.key === columnSelect.value) ?? columns[0]!;
  let base = opSelect.value.replace(/^not_/, '');
  const input = () => {
    field.querySelector('[data-filter-value]')?.remove();
    field.insertAdjacentHTML('beforeend', valueInputHtml(column(), opSelect.value, name, labels));
    base = opSelect.value.replace(/^not_/, '');
  };
  columnSelect.addEventListener('change', () => {
    const c = column();
    const keep = operatorsOf(c).includes(opSelect.value) ? opSelect.value : operatorsOf(c)[0] ?? '';
    opSelect.innerHTML = operatorOptionsHtml(c, labels, keep);
    input();
  });
  // A new kind of operator gets a new value input; "in" and "not in" share theirs.
  opSelect.addEventListener('change', () => {
    if (opSelect.value.replace(/^not_/, '') !== base) input();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const filter = filterOf(form, name, column().key, opSelect.value);
    if (filter) apply(filter);
  });
}

function filterOf(form: HTMLFormElement, name: string, column: string, op: string): TableFilter | null {
  const value = new FormData(form).getAll(name).map((v) => String(v).trim()).filter(Boolean).join(',');
  const parsed = parseFilterParam(`${column}__${op}`);
  return parsed && value ? { ...parsed, value } : null;
}
