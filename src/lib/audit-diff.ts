/**
 * What an audit log entry changed, as a reader wants it: the fields whose values differ between the resource
 * before and after the write, by their dotted path (`commission.status`: pending → approved). A write that
 * created something (nothing before) lists what it made; one that deleted it, what was there. Pure, for the
 * console's page (src/pages/console/audit.astro).
 */

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

const MAX_DEPTH = 6;
const MAX_TEXT = 200;

/** Leaves of a JSON value by dotted path (`a.b`, `list.0.c`); an empty object or list is a leaf of its own. */
export function flatten(value: unknown, prefix = '', out = new Map<string, unknown>(), depth = 0): Map<string, unknown> {
  const isContainer = value !== null && typeof value === 'object';
  const keys = isContainer ? Object.keys(value as object) : [];
  if (!isContainer || keys.length === 0 || depth >= MAX_DEPTH) {
    if (prefix) out.set(prefix, value);
    return out;
  }
  for (const key of keys) flatten((value as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key, out, depth + 1);
  return out;
}

/** A leaf as text: strings as they are, the rest as JSON, cut to MAX_TEXT characters. */
export function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** The fields that differ between `before` and `after`, in the order they first appear. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const a = flatten(before ?? null);
  const b = flatten(after ?? null);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = a.get(field);
    const now = b.get(field);
    if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) continue;
    changes.push({ field, before: shown(was), after: shown(now) });
  }
  return changes;
}
