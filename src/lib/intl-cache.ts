// Intl formatters made once per isolate (issue 19). Building an Intl.NumberFormat or DateTimeFormat costs
// far more than using one: a page of money and date cells built one per cell spent most of its CPU here
// (a CPU profile of /app/activity-portal: about two thirds of the render). Keyed by locale and options;
// a formatter the locale or options make throw is not kept, so callers' fallbacks still run. Bounded so a
// stream of odd locales cannot grow the isolate's memory.

const MAX = 256;
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  const hit = formatters.get(key);
  if (hit) return hit as T;
  const made = make();
  if (formatters.size >= MAX) formatters.clear();
  formatters.set(key, made);
  return made;
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string): Intl.PluralRules {
  return cached('p', locale, undefined, () => new Intl.PluralRules(locale));
}
