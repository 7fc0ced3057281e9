// A D1 binding that fails at a chosen round trip, as a Worker that stops there (a thrown error, past its CPU limit,
// evicted) or a single round trip that fails: the fault tests of exactly-once work (hook-exactly-once, payout-rails).

export type Mode = 'before' | 'after' | 'once';

/**
 * env.DB as one delivery sees it, every round trip counted. With `fault`, round trip `at` fails: `before` it
 * reaches D1, or `after` D1 ran it (its writes stand, the answer is lost), and every later one fails too (the
 * Worker stopped there); `once`: only that one fails and the delivery goes on.
 */
export function meteredDb(db: D1Database, fault: { at: number; mode: Mode } | null) {
  const meter = { trips: 0, fired: false };
  const trip = async <T>(work: () => Promise<T>): Promise<T> => {
    const n = ++meter.trips;
    if (!fault || (n < fault.at) || (n > fault.at && fault.mode === 'once')) return work();
    if (n > fault.at) throw new Error(`injected: round trip ${n}, after the Worker stopped`);
    meter.fired = true;
    if (fault.mode === 'after') await work();
    throw new Error(`injected: round trip ${n} fails (${fault.mode})`);
  };
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (s: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(target, prop) {
        switch (prop) {
          case 'bind': return (...values: unknown[]) => statement(target.bind(...values));
          case 'first': return (column?: string) => trip(() => target.first(column as string));
          case 'all': return () => trip(() => target.all());
          case 'run': return () => trip(() => target.run());
          case 'raw': return (options?: { columnNames?: boolean }) => trip(() => target.raw(options as { columnNames: true }));
          default: {
            const value = Reflect.get(target, prop, target);
            return typeof value === 'function' ? value.bind(target) : value;
          }
        }
      },
    });
    real.set(proxy, s);
    return proxy;
  };
  const database = <D extends object>(target: D): D => new Proxy(target, {
    get(t, prop) {
      const d = t as unknown as D1Database;
      switch (prop) {
        case 'prepare': return (sql: string) => statement(d.prepare(sql));
        case 'batch': return (list: D1PreparedStatement[]) => trip(() => d.batch(list.map((s) => real.get(s) ?? s)));
        case 'exec': return (sql: string) => trip(() => d.exec(sql));
        // The edge reads through a replica view (src/edge/d1-replica.ts): the view's round trips count the same.
        case 'withSession': return (constraint?: string) => database(d.withSession(constraint));
        default: {
          const value = Reflect.get(t, prop, t);
          return typeof value === 'function' ? value.bind(t) : value;
        }
      }
    },
  });
  return { db: database(db), meter };
}

/**
 * Every way a delivery of `trips` round trips can stop: before each round trip reaches D1 (the Worker stopped there:
 * stopping after round trip N is failing before N + 1, so `after` is needed for the last one only), and each round
 * trip failing alone.
 */
export const stops = (trips: number) => [
  ...Array.from({ length: trips }, (_, i) => ({ at: i + 1, mode: 'before' as Mode })),
  { at: trips, mode: 'after' as Mode },
  ...Array.from({ length: trips }, (_, i) => ({ at: i + 1, mode: 'once' as Mode })),
];
