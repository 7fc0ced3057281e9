import type { DetailKind } from '../../lib/detail-paths.ts';
import type { PointWords } from '../../lib/format.ts';
import type { PluralTemplates } from '../../lib/plural.ts';
import type { TableQueryState, TableRowsPage } from '../../lib/table-query.ts';

// The shapes of a data table: its columns, its words, its config (written once per table as JSON for the
// browser script) and the view it paints. The markup (table-markup.ts), the filter form
// (table-filter-markup.ts), the boot JSON (table-boot.ts) and the browser script (data-table.ts) share them.

export interface TableColumn {
  key: string;
  label: string;
  type: string;
  sortable: boolean;
  /** Only when not the type's catalogue (typeOperators). */
  operators?: string[];
  choices?: { value: string; label: string }[];
}

/** Activity detail words (spec §3), resolved on the server in the page language. */
export interface DetailLabels {
  show: string;
  failed: string;
  /** The link from a payout's disclosure to its own page. */
  openPayout: string;
  /** Field labels by detail field name. */
  fields: Record<string, string>;
  /** Card number labels by brand (the `<brand>` of activityDetail.cardNumber.<brand>). */
  cardNumber: Record<string, string>;
  /** Payment method and status words by value. */
  methods: Record<string, string>;
  statuses: Record<string, string>;
}

/** Every word the tables of a page use, written once per page. */
export interface TableLabels {
  lang: string;
  firstPage: string; emptyFiltered: string; error: string; loading: string;
  rowsPerPage: string; apply: string; summary: string; total: PluralTemplates | string; selected: PluralTemplates | string; clearSelection: string;
  selectAll: string; selectRow: string; previous: string; next: string; pageOf: string; download: string;
  filters: string; column: string; operator: string; value: string; removeFilter: string; clearFilters: string;
  yes: string; no: string; sortLabel: string;
  /** Points in the page language with the company's point name (lib/points.ts). */
  pointWords: PointWords;
  /** The texts the portal writes into stored data, in the page language, by stored value (src/lib/system-text.ts). */
  systemTexts: Record<string, string>;
  ops: Record<string, string>;
  detail: DetailLabels;
}

/** What one table's markup needs besides its rows: written once per table as JSON for the browser script. */
export interface TableConfig {
  table: string;
  /** This table's prefix in the page URL ("commissions."). */
  prefix: string;
  caption: string;
  /** The message of a table with no rows at all. */
  empty: string;
  columns: TableColumn[];
  /** The keys of the columns shown (the others can still be filtered on). */
  visible: string[];
  /**
   * Of those, the ones a row shows in its "Details" disclosure rather than as a column (the
   * activity's payment method, expiry and event data), so its table fits a desktop window.
   */
  more?: string[];
  defaultOrdering: string | null;
  defaultPageSize: number;
  pageSizes: number[];
  /** Badge tones per column and value (statuses). */
  tones?: Record<string, Record<string, string>>;
  /** Rows open their detail (spec §3): the activity's payout and redemption rows, every payout. */
  detail: boolean;
  /** Where a detail opens without JavaScript, by kind; `{id}` is the row's payout or redemption id. */
  detailPaths?: Partial<Record<DetailKind, string>>;
}

/** The view a table paints: its state, the page URL's query, its page of rows or its error. */
export interface TableView {
  state: TableQueryState;
  /** The page URL's query ("?a=b" or ""). */
  search: string;
  content: TableRowsPage | null;
  error: string | null;
}
