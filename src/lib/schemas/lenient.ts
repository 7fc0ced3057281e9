import type { z } from 'zod';

// Stored settings are edited by people and by older tools; one bad value must not take a tenant's
// portal down. These helpers drop what does not validate so the next layer (or the default) applies.

type Json = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep merge where later layers win. Plain objects merge key by key; arrays and scalars replace
 * (a list of custom tabs is one setting, not something to splice); undefined never overrides.
 */
export function deepMerge(...layers: unknown[]): Json {
  const out: Json = {};
  for (const layer of layers) {
    if (!isPlainObject(layer)) continue;
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      out[key] = isPlainObject(value) && isPlainObject(out[key]) ? deepMerge(out[key], value) : structuredCloneJson(value);
    }
  }
  return out;
}

function structuredCloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (isPlainObject(value)) return deepMerge(value);
  return value;
}

/** Removes the value at `path`; when nothing is there (a missing required key) removes its parent instead. */
function dropAt(root: Json, path: readonly PropertyKey[]): boolean {
  for (let depth = path.length; depth > 0; depth--) {
    let node: unknown = root;
    for (const key of path.slice(0, depth - 1)) node = (node as Json | undefined)?.[key as string];
    const key = path[depth - 1] as string | number;
    if (Array.isArray(node) && typeof key === 'number' && key < node.length) {
      node.splice(key, 1);
      return true;
    }
    if (isPlainObject(node) && Object.hasOwn(node, key)) {
      delete node[key];
      return true;
    }
  }
  return false;
}

/**
 * A copy of `input` (a partial settings object) with every value the schema rejects removed, so that
 * merging it over other layers cannot introduce an invalid value. Returns {} for a non-object.
 */
export function dropInvalid(schema: z.ZodType, input: unknown): Json {
  return dropInvalidParsed(schema, input).input;
}

/** dropInvalid plus the schema's output for the cleaned input (saves parsing it again). */
export function dropInvalidParsed<S extends z.ZodType>(schema: S, input: unknown): { input: Json; data: z.output<S> | undefined } {
  if (!isPlainObject(input)) return { input: {}, data: undefined };
  const value = deepMerge(input);
  // Each round removes at least one value, so this ends; the cap only guards against a pathological schema.
  for (let round = 0; round < 500; round++) {
    const result = schema.safeParse(value);
    if (result.success) return { input: value, data: result.data };
    // One issue per round: removing an array item shifts the indices the other issues point at.
    const [first] = result.error.issues;
    if (!first || !dropAt(value, first.path)) return { input: {}, data: undefined };
  }
  return { input: {}, data: undefined };
}
