// CSV for the ambassador import, read the way the import endpoint reads it (RFC 4180: commas, fields that
// START with a quote may hold commas, line breaks and "" for a quote; a quote inside an unquoted field is
// text; CRLF or LF; blank lines skipped but counted). The file is split into chunks of whole records,
// each with the header row, so a chunk is itself a valid CSV; records keep their original text, and each
// chunk maps the line numbers the endpoint reports back to the lines of the file.

const isBreak = (ch) => ch === '\n' || ch === '\r';
const breaksIn = (text) => (text.match(/\r\n|\r|\n/g) ?? []).length;

/** The records of `text`: `{ text, line, cells }`, `line` being the 1-based line of the file it starts on. */
export function csvRecords(text) {
  const source = text.replace(/^\uFEFF/, '');
  const records = [];
  let i = 0;
  let line = 1;
  while (i < source.length) {
    const start = i;
    const startLine = line;
    const cells = [];
    for (;;) {
      let cell = '';
      if (source[i] === '"') {
        const openedOn = line;
        for (i++; ; i++) {
          if (i >= source.length) throw new Error(`a quoted field that starts on line ${openedOn} is never closed (a " is missing)`);
          if (source[i] === '"' && source[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (source[i] === '"') {
            i++;
            break;
          } else {
            if (isBreak(source[i]) && !(source[i] === '\n' && source[i - 1] === '\r')) line++;
            cell += source[i];
          }
        }
      }
      while (i < source.length && source[i] !== ',' && !isBreak(source[i])) cell += source[i++];
      cells.push(cell);
      if (source[i] !== ',') break;
      i++;
    }
    const recordText = source.slice(start, i);
    if (source[i] === '\r' && source[i + 1] === '\n') i++;
    if (i < source.length) {
      i++;
      line++;
    }
    if (cells.length > 1 || cells[0] !== '' || recordText.startsWith('"')) records.push({ text: recordText, line: startLine, cells });
  }
  return records;
}

/**
 * The header's column names and the data records in chunks of at most `maxRows` records and about
 * `maxBytes` of text: `[{ offset, count, text, fileLine }]`, where `offset` is how many data records come
 * before the chunk, `text` the header plus the chunk's records, and `fileLine(n)` the file's line of the
 * record that starts on line n of the chunk.
 */
export function csvChunks(text, { maxRows, maxBytes }) {
  const [header, ...rows] = csvRecords(text);
  if (header === undefined) return { header: [], total: 0, chunks: [] };
  const chunks = [];
  let part = [];
  let bytes = 0;
  const flush = (offset) => {
    if (!part.length) return;
    const lines = new Map();
    let at = 1 + breaksIn(header.text) + 1;
    for (const record of part) {
      lines.set(at, record.line);
      at += breaksIn(record.text) + 1;
    }
    chunks.push({
      offset, count: part.length, text: `${[header, ...part].map((r) => r.text).join('\r\n')}\r\n`,
      fileLine: (n) => lines.get(n) ?? n,
    });
    part = [];
    bytes = 0;
  };
  rows.forEach((record, index) => {
    const size = Buffer.byteLength(record.text) + 2;
    if (part.length && (part.length >= maxRows || bytes + size > maxBytes)) flush(index - part.length);
    part.push(record);
    bytes += size;
  });
  flush(rows.length - part.length);
  return { header: header.cells.map((name) => name.trim().toLowerCase()), total: rows.length, chunks };
}
