import { ApiError } from '../core/errors';

// A CSV reader for the imports (ambassadors, personal codes; RFC 4180), a few careful lines rather than a dependency: the
// import needs the line each record starts on (its row number in the report) and a clear refusal of an
// unterminated quote, which the small well-kept parsers (d3-dsv, papaparse) do not give directly.

/** One record: its cells and the 1-based line of the file it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /** Text after a closing quote (`"a"b`): the record is reported as an error, the rest of the file is read on. */
  malformed: boolean;
}

/** A quoted field still open at the end of the file: it would swallow every record after it. */
export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`A quoted field that starts on line ${line} is never closed (a " is missing).`);
  }
}

const isBreak = (ch: string | undefined) => ch === '\n' || ch === '\r';

/**
 * Splits CSV text into records. Fields are separated by commas and records by CRLF, LF or CR; a field in
 * double quotes may hold commas, line breaks and `""` for a quote. A quote inside an unquoted field is
 * kept as text (`5" screen`), as spreadsheets read it. Blank lines are skipped but still counted.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let malformed = false;
    let quotedAny = false;
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        quotedAny = true;
        const openedOn = line;
        i++;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close === -1) throw new CsvError(openedOn);
          const chunk = text.slice(i, close);
          line += countBreaks(chunk);
          cell += chunk;
          i = close + 1;
          if (text[i] !== '"') break;
          cell += '"';
          i++;
        }
        const end = fieldEnd(text, i);
        if (end > i) {
          malformed = true;
          cell += text.slice(i, end);
          i = end;
        }
      } else {
        const end = fieldEnd(text, i);
        cell = text.slice(i, end);
        i = end;
      }
      cells.push(cell);
      if (text[i] !== ',') break;
      i++;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    if (isBreak(text[i - 1])) line++;
    if (quotedAny || cells.length > 1 || cells[0] !== '') records.push({ line: start, cells, malformed });
  }
  return records;
}

/** Index of the comma or line break that ends an unquoted field starting at `from` (or the text's end). */
function fieldEnd(text: string, from: number) {
  let j = from;
  while (j < text.length && text[j] !== ',' && !isBreak(text[j])) j++;
  return j;
}

/** Line breaks in a quoted chunk (CRLF counts once). */
function countBreaks(s: string) {
  let count = 0;
  for (let k = 0; k < s.length; k++) {
    if (s[k] === '\n' || (s[k] === '\r' && s[k + 1] !== '\n')) count++;
  }
  return count;
}

/**
 * The column of each name of a header record (names trimmed, any case; an empty name, as a trailing comma
 * of some spreadsheet exports makes, names no column), and what is wrong with it: an unknown or repeated name.
 */
export function headerColumns<C extends string>(record: CsvRecord, known: readonly C[]): { columns: Map<C, number>; problems: string[] } {
  const names: readonly string[] = known;
  const problems: string[] = [];
  const columns = new Map<C, number>();
  record.cells.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return;
    if (!names.includes(name)) problems.push(`Unknown column "${raw.trim()}" (known: ${known.join(', ')}).`);
    else if (columns.has(name as C)) problems.push(`The column "${name}" appears twice.`);
    else columns.set(name as C, index);
  });
  return { columns, problems };
}

/** An import's file as its header and data records: a 400 for a quote never closed or an empty file (`empty` says what to send). */
export function importRecords(csv: string, empty: string): { header: CsvRecord; data: CsvRecord[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv.replace(/^\uFEFF/, ''));
  } catch (err) {
    if (err instanceof CsvError) throw new ApiError('bad_request', err.message);
    throw err;
  }
  const [header, ...data] = records;
  if (!header) throw new ApiError('bad_request', `The file is empty: ${empty}`);
  return { header, data };
}

/** A 413 for an import of more than `max` data rows. */
export function refuseOverRows(rows: number, max: number) {
  if (rows > max) throw new ApiError('payload_too_large', `The file has ${rows} data rows; at most ${max} are imported per request. Split it into smaller files.`);
}
