/**
 * A per-request view of the D1 binding that coalesces reads: every SELECT a request issues in the same
 * turn of the event loop (a page's `Promise.all` over several services) leaves as one `batch()`, so a
 * page costs one D1 round trip for its data however many services it asks. Writes and batches that
 * contain writes go straight through, unchanged. A failed combined batch is retried item by item so
 * one bad query never fails its neighbours. The meter counts the round trips actually made (bench).
 */
export interface D1Meter {
  roundTrips: number;
  /** Milliseconds spent waiting for D1 (time advances on I/O in workerd, so this is D1 latency). */
  waitMs?: number;
}

type Kind = 'first' | 'all' | 'batch';
interface Pending {
  kind: Kind;
  statements: D1PreparedStatement[];
  /** The SQL and bound values of a single read: an identical read in the same batch is sent once. */
  key?: string;
  column?: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const READ = /^\s*(SELECT|WITH)\b/i;
const real = new WeakMap<object, D1PreparedStatement>();
const sqlOf = new WeakMap<D1PreparedStatement, string>();
const keyOf = new WeakMap<D1PreparedStatement, string>();

/** The identity of a read with plain bound values (text, numbers, null), for sending it once per batch. */
function readKey(sql: string, values: unknown[] = []): string | undefined {
  for (const v of values) if (v !== null && typeof v !== 'string' && typeof v !== 'number') return undefined;
  return `${sql}\u0000${JSON.stringify(values)}`;
}

export function batchingD1(db: D1Database, meter: D1Meter = { roundTrips: 0 }): D1Database {
  let pending: Pending[] = [];
  let scheduled = false;

  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    meter.roundTrips++;
    const start = Date.now();
    try {
      return await work();
    } finally {
      meter.waitMs = (meter.waitMs ?? 0) + Date.now() - start;
    }
  };
  const direct = timed;

  function settle(item: Pending, results: D1Result[]) {
    if (item.kind === 'batch') return item.resolve(results);
    const result = results[0]!;
    if (item.kind === 'all') return item.resolve(result);
    const row = (result.results[0] ?? null) as Record<string, unknown> | null;
    item.resolve(item.column === undefined ? row : row ? (row[item.column] ?? null) : null);
  }

  async function flush() {
    const items = pending;
    pending = [];
    scheduled = false;
    // Pages ask some things twice in one tick (the shell's balance and a section's): one statement each.
    const statements: D1PreparedStatement[] = [];
    const at: number[] = [];
    const sent = new Map<string, number>();
    for (const item of items) {
      const same = item.key === undefined ? undefined : sent.get(item.key);
      if (same !== undefined) {
        at.push(same);
        continue;
      }
      at.push(statements.length);
      if (item.key !== undefined) sent.set(item.key, statements.length);
      statements.push(...item.statements);
    }
    try {
      const results = await timed(() => db.batch(statements));
      items.forEach((item, i) => {
        const own = results.slice(at[i], at[i]! + item.statements.length);
        // A shared answer: each reader gets its own rows array (the row objects are read-only by use).
        settle(item, item.key === undefined ? own : own.map((r) => ({ ...r, results: [...r.results] })));
      });
    } catch (error) {
      if (items.length === 1) return items[0]!.reject(error);
      // Find out which one failed: each on its own (rare; only on an error).
      await Promise.all(items.map(async (item) => {
        try {
          settle(item, await timed(() => db.batch(item.statements)));
        } catch (err) {
          item.reject(err);
        }
      }));
    }
  }

  function enqueue(item: Omit<Pending, 'resolve' | 'reject'>) {
    return new Promise((resolve, reject) => {
      pending.push({ ...item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
  }

  function wrap(statement: D1PreparedStatement, sql: string, values?: unknown[]): D1PreparedStatement {
    sqlOf.set(statement, sql);
    const isRead = READ.test(sql);
    const key = isRead ? readKey(sql, values) : undefined;
    if (key !== undefined) keyOf.set(statement, key);
    const proxy = new Proxy(statement, {
      get(target, prop) {
        switch (prop) {
          case 'bind': return (...values: unknown[]) => wrap(target.bind(...values), sql, values);
          case 'first': return (column?: string) => (isRead ? enqueue({ kind: 'first', statements: [target], column, key: keyOf.get(target) }) : direct(() => target.first(column as string)));
          case 'all': return () => (isRead ? enqueue({ kind: 'all', statements: [target], key: keyOf.get(target) }) : direct(() => target.all()));
          case 'run': return () => direct(() => target.run());
          case 'raw': return (options?: { columnNames?: boolean }) => direct(() => target.raw(options as { columnNames: true }));
          default: {
            const value = Reflect.get(target, prop, target);
            return typeof value === 'function' ? value.bind(target) : value;
          }
        }
      },
    });
    real.set(proxy, statement);
    return proxy;
  }

  const unwrap = (s: D1PreparedStatement) => real.get(s) ?? s;

  return new Proxy(db, {
    get(target, prop) {
      switch (prop) {
        case 'prepare': return (sql: string) => wrap(target.prepare(sql), sql);
        case 'batch': return (statements: D1PreparedStatement[]) => {
          const list = statements.map(unwrap);
          const allReads = list.every((s) => READ.test(sqlOf.get(s) ?? ''));
          return allReads && list.length ? enqueue({ kind: 'batch', statements: list }) : direct(() => target.batch(list));
        };
        case 'exec': return (sql: string) => direct(() => target.exec(sql));
        default: {
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}
