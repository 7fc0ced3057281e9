// Writing CSV (RFC 4180) that a spreadsheet opens safely: shared by the ambassador's table downloads
// (src/api/tables/csv.ts) and the operator's ambassador export (src/api/people/ambassador-export.ts).

/**
 * One CSV cell: text that a spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading
 * apostrophe (never the numbers we write), and quotes when it holds a comma, quote or line break.
 */
export function csvCell(value: unknown, numeric = false): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (!numeric && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;
