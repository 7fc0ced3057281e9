// Intl formatters made once per isolate. Building an Intl.NumberFormat or DateTimeFormat costs
// far more than using one: a page of money and date cells built one per cell spent most of its CPU here
// (a CPU profile of /app/activity-portal: about two thirds of the render). Keyed by locale and options;
// a formatter the locale or options make throw is not kept, so callers' fallbacks still run. Bounded so a
// stream of odd locales cannot grow the isolate's memory.

/** `make(key)` once per key and isolate, for at most `max` keys (then the memory starts over). */
export function memoized<V>(max: number, make: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    const had = kept.get(key);
    if (had !== undefined || kept.has(key)) return had as V;
    const made = make(key);
    if (kept.size >= max) kept.clear();
    kept.set(key, made);
    return made;
  };
}

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules;
const formatter = memoized<Formatter>(256, (key) => {
  // "kind|locale|options": the locale never holds a '|', the options (JSON) may.
  const kind = key[0];
  const cut = key.indexOf('|', 2);
  const locale = key.slice(2, cut);
  const opts = cut + 1 < key.length ? JSON.parse(key.slice(cut + 1)) : undefined;
  if (kind === 'n') return new Intl.NumberFormat(locale, opts);
  if (kind === 'd') return new Intl.DateTimeFormat(locale, opts);
  return new Intl.PluralRules(locale);
});
const keyOf = (kind: string, locale: string, options?: object) => `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;

// Options a caller keeps as a frozen constant are known by identity: a table cell formats with the same
// options hundreds of times a page, and writing them out as a key each time was a sixth of its markup's
// CPU. Other options are keyed by their JSON.
const byFrozenOptions = new WeakMap<object, Map<string, Formatter>>();
function formatterOf(kind: 'n' | 'd', locale: string, options?: object): Formatter {
  if (!options || !Object.isFrozen(options)) return formatter(keyOf(kind, locale, options));
  let byLocale = byFrozenOptions.get(options);
  if (!byLocale) byFrozenOptions.set(options, (byLocale = new Map()));
  let made = byLocale.get(locale);
  if (!made) {
    made = formatter(keyOf(kind, locale, options));
    if (byLocale.size < 64) byLocale.set(locale, made);
  }
  return made;
}

/** An Intl.NumberFormat made once per locale and options; pass options as a frozen constant where a page formats many values. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return formatterOf('n', locale, options) as Intl.NumberFormat;
}

/** An Intl.DateTimeFormat made once per locale and options; pass options as a frozen constant where a page formats many values. */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatterOf('d', locale, options) as Intl.DateTimeFormat;
}

export function pluralRules(locale: string): Intl.PluralRules {
  return formatter(keyOf('p', locale)) as Intl.PluralRules;
}
