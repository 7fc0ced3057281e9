// Small helpers that write SQLite statements for seed/demo.sql.
//
// Rules the output keeps (tests and D1 depend on them):
// - every statement ends with ";\n" and no string literal contains a semicolon, so splitting the file
//   on ";\n" (or with wrangler's splitter) gives exactly the statements;
// - no BEGIN/COMMIT (D1 batches and `wrangler d1 execute` reject them);
// - times are SQLite expressions relative to "now", so the history always covers the last 12 months.

/** A raw SQL expression, written as is. */
export interface Raw {
  raw: string;
}

export type Value = string | number | boolean | null | Raw;
export type Row = Record<string, Value>;

export const raw = (sql: string): Raw => ({ raw: sql });

const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && 'raw' in v;

/** A SQL literal. Strings are single-quoted; a semicolon inside one is refused. */
export function lit(v: Value): string {
  if (v === null) return 'NULL';
  if (isRaw(v)) return v.raw;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (v.includes(';')) throw new Error(`semicolon inside a string literal: ${v.slice(0, 80)}`);
  return `'${v.replaceAll("'", "''")}'`;
}

/** JSON text as a SQL string literal. */
export const json = (v: unknown): string => JSON.stringify(v);

const MINUTES_PER_DAY = 1440;

/**
 * An ISO-8601 UTC time relative to now: `ago(37)` is 37 days ago, `ago(37, 125)` 37 days and 125
 * minutes ago; negative values are in the future.
 */
export function ago(days: number, minutes = 0): Raw {
  const total = Math.round(days * MINUTES_PER_DAY + minutes);
  const d = Math.trunc(total / MINUTES_PER_DAY);
  const m = total - d * MINUTES_PER_DAY;
  const mods = [`'${d >= 0 ? '-' : '+'}${Math.abs(d)} days'`];
  if (m !== 0) mods.push(`'${m >= 0 ? '-' : '+'}${Math.abs(m)} minutes'`);
  return raw(`strftime('%Y-%m-%dT%H:%M:%fZ','now',${mods.join(',')})`);
}

/** A time `days` days from now. */
export const ahead = (days: number, minutes = 0): Raw => ago(-days, -minutes);

/**
 * INSERT statements for rows of one table (all rows must have the same columns). Rows are written
 * several to a statement (one per line) to keep the file short; `perStatement` 1 writes one per line.
 */
export function insert(table: string, rows: Row[], perStatement = 25): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((k, i) => k !== columns[i])) {
      throw new Error(`${table}: rows with different columns: ${keys.join(',')} vs ${columns.join(',')}`);
    }
  }
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES`;
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement).map((row) => `(${columns.map((c) => lit(row[c]!)).join(', ')})`);
    out.push(chunk.length === 1 ? `${head} ${chunk[0]};\n` : `${head}\n  ${chunk.join(',\n  ')};\n`);
  }
  return out.join('');
}

/** Deterministic pseudo-random numbers (mulberry32), so the seed file only changes when the code does. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Picks by weight: [[value, weight], ...]. */
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of items) {
        r -= w;
        if (r < 0) return value;
      }
      return items[items.length - 1]![0];
    },
    hex: (bytes: number) => Array.from({ length: bytes }, () => Math.floor(next() * 256).toString(16).padStart(2, '0')).join(''),
    chance: (p: number) => next() < p,
  };
}
export type Prng = ReturnType<typeof prng>;
