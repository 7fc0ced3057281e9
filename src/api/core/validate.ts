import type { Context } from 'hono';
import { z } from 'zod';
import { decimalInteger } from '../../lib/schemas/numbers';
import { ApiError, zodFields } from './errors';

/**
 * Every request body the API reads goes through here (operator, ambassador /v1 and the browser's /api,
 * which forwards to it): one content-type check, one JSON parse, one refusal of prototype-named keys.
 *
 * - A body must be sent as what the route reads: JSON (`application/json` or `…+json`), or where a route
 *   also takes HTML forms, `application/x-www-form-urlencoded` / `multipart/form-data`. Anything else
 *   with a body (text/plain, none at all) is a 415 `unsupportedMediaType` naming what to send.
 * - Malformed JSON is a 400 `invalidJson`; arrays and objects nested deeper than MAX_JSON_DEPTH are a 400
 *   `jsonTooDeep`, found by a scan of the text before anything is parsed or walked (a 5000-deep body once
 *   overflowed the stack of the key walk below: a 500).
 * - A whole number written as anything but an integer (`1e3`, `1000.0`, `1E3`, `-0`, `1.0e3`) reaches the
 *   schemas as a Number object, not a number: every integer field (`z.number().int()`) refuses it with its
 *   own message, as it refuses "1000"; a field that takes decimals reads it through `plainNumber`
 *   (src/lib/schemas/numbers.ts). The raw text decides: JSON.parse alone turns 1e3 into 1000.
 * - A key named `__proto__`, `constructor` or `prototype`, at any depth, is a 400 naming the field by its
 *   dotted path (`customer.__proto__`): such keys are never data, and code that merges or indexes objects
 *   by key would reach Object's own members through them.
 * - `required`: no body at all (nothing, or only white space) is a 400 `bodyRequired` (a PUT or PATCH
 *   that sent nothing would otherwise silently change nothing, or reset everything).
 */

/** Names that are never a field: they reach Object.prototype through ordinary property access. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What a route reads. */
export interface BodyOptions {
  /** An empty body is a 400 (`bodyRequired`) instead of `{}`. */
  required?: boolean;
  /** HTML form bodies (urlencoded, multipart) are read too, as their string fields. */
  form?: boolean;
}

type WithRequest = Pick<Context, 'req'>;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The media type of the request (lower case, no parameters), or '' when none is declared. */
export function mediaType(c: { req: { header(name: string): string | undefined } }): string {
  return (c.req.header('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

const isForm = (type: string) => FORM_TYPES.includes(type);

/** 415: the body was sent as something this route does not read. */
export const unsupportedMediaType = (expected: string) =>
  new ApiError('unsupported_media_type', 'unsupportedMediaType', undefined, undefined, { type: expected });

/** Dotted paths of every prototype-named key in a parsed JSON value (or form), outermost first. */
export function reservedKeyPaths(value: unknown, path: string[] = [], out: string[] = []): string[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => reservedKeyPaths(item, [...path, String(i)], out));
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      if (RESERVED_KEYS.has(key)) out.push([...path, key].join('.'));
      else reservedKeyPaths((value as Record<string, unknown>)[key], [...path, key], out);
    }
  }
  return out;
}

/** A 400 naming each prototype-named key, when there is one. */
function refuseReservedKeys(value: unknown) {
  const paths = reservedKeyPaths(value);
  if (!paths.length) return;
  const fields: Record<string, string[]> = Object.create(null);
  for (const path of paths) fields[path] = ['reservedFieldName'];
  throw new ApiError('validation', 'invalidInput', fields);
}

/**
 * The deepest nesting of arrays and objects a JSON body may have (request bodies, provider webhooks): far
 * beyond what the API or a provider sends (a Stripe event nests about 10 deep), far below what a walk
 * of the value can take.
 */
export const MAX_JSON_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const INTEGER_SPELLING = /^-?(?:0|[1-9]\d*)$/;

/**
 * One pass over JSON text, outside its strings: 400 `jsonTooDeep` as soon as the nesting passes
 * MAX_JSON_DEPTH, and the places of the whole numbers not written as integers (1e3, 1000.0, -0).
 * Malformed text is left to JSON.parse to refuse.
 */
function scanJson(text: string): { start: number; end: number }[] {
  const spelled: { start: number; end: number }[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* \ */) i++;
        else if (c === 0x22) break;
      }
    } else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) throw new ApiError('bad_request', 'jsonTooDeep', undefined, undefined, { depth: MAX_JSON_DEPTH });
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) {
      depth--;
    } else if (ch === 0x2d /* - */ || (ch >= 0x30 && ch <= 0x39)) {
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)?.[0];
      if (!token) continue;
      const value = Number(token);
      if ((!INTEGER_SPELLING.test(token) || Object.is(value, -0)) && Number.isInteger(value)) spelled.push({ start: i, end: i + token.length });
      i += token.length - 1;
    }
  }
  return spelled;
}

/**
 * JSON.parse of text the scan found whole numbers in that are not written as integers (1e3, 1000.0, -0):
 * each comes back as a Number object. The text is parsed as sent first (so only JSON passes), then with
 * each such number turned into a string under a tag nobody can write (random per body), which the walk
 * below turns into the Number object.
 */
function parseWithSpellings(text: string, spelled: readonly { start: number; end: number }[]): unknown {
  JSON.parse(text);
  const id = crypto.randomUUID();
  let marked = '';
  let from = 0;
  for (const { start, end } of spelled) {
    marked += `${text.slice(from, start)}"\\u0000${id}:${text.slice(start, end)}"`;
    from = end;
  }
  return restoreSpellings(JSON.parse(marked + text.slice(from)), `\u0000${id}:`);
}

/** Number objects for the tagged strings, in place (the nesting is bounded by the scan). */
function restoreSpellings(value: unknown, tag: string): unknown {
  if (typeof value === 'string') return value.startsWith(tag) ? new Number(value.slice(tag.length)) : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restoreSpellings(value[i], tag);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!RESERVED_KEYS.has(key)) record[key] = restoreSpellings(record[key], tag);
  }
  return value;
}

/**
 * JSON text to a value: 400 `invalidJson` when it is not JSON, 400 `jsonTooDeep` past MAX_JSON_DEPTH, 400
 * naming each prototype-named key; whole numbers not written as integers come back as Number objects.
 */
export function parseJson(text: string): unknown {
  const spelled = scanJson(text);
  let value: unknown;
  try {
    value = spelled.length ? parseWithSpellings(text, spelled) : JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'invalidJson');
  }
  refuseReservedKeys(value);
  return value;
}

/**
 * The body's exact text (what an Idempotency-Key hashes) and its JSON value (`undefined` when there is
 * no body). The content type is checked first: JSON, or a 415.
 */
export async function readJson(c: WithRequest, options: BodyOptions = {}): Promise<{ text: string; value: unknown }> {
  const text = await c.req.text();
  if (!text.trim()) {
    if (options.required) throw new ApiError('bad_request', 'bodyRequired');
    return { text, value: undefined };
  }
  if (!JSON_TYPE.test(mediaType(c))) throw unsupportedMediaType('application/json');
  return { text, value: parseJson(text) };
}

/** The body as a JSON object (`{}` when there is none, unless `required`); any other JSON value is a 400. */
export async function readJsonObject(c: WithRequest, options: BodyOptions = {}): Promise<{ text: string; fields: Record<string, unknown> }> {
  const { text, value } = await readJson(c, options);
  if (value === undefined) return { text, fields: {} };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiError('bad_request', 'jsonObjectRequired');
  return { text, fields: value as Record<string, unknown> };
}

/** The request's form fields; a malformed urlencoded or multipart body is a 400, not a 500. */
export async function readFormData(c: WithRequest): Promise<FormData> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError('bad_request', 'bodyUnreadable');
  }
  refuseReservedKeys(Object.fromEntries([...form.keys()].map((key) => [key, null])));
  return form;
}

/** True when the request declares an HTML form body (urlencoded or multipart). */
export const isFormRequest = (c: WithRequest) => isForm(mediaType(c));

/**
 * A JSON object body, or (with `form`) an HTML form's fields, as sent: the caller validates them.
 * Form fields are strings; see readBody for how integer fields of a schema are read from them.
 */
export async function readFields(c: WithRequest, options: BodyOptions = {}): Promise<Record<string, unknown>> {
  if (options.form && isFormRequest(c)) return Object.fromEntries(await readFormData(c));
  const type = mediaType(c);
  if (isForm(type)) {
    // A form sent where only JSON is read: say so, after checking it is not empty.
    const text = await c.req.text();
    if (!text.trim() && !options.required) return {};
    throw unsupportedMediaType('application/json');
  }
  return (await readJsonObject(c, options)).fields;
}

/**
 * Parse a JSON (or HTML form) body with a schema; a bad body is a 400 naming each field. JSON numbers
 * are taken as sent (a schema's integer field refuses "500", 5e2 written as a string, [500], 500.5);
 * an HTML form has only strings, so a form's decimal-digit string is read as the number it spells for
 * the schema's integer fields (and only for those).
 */
export async function readBody<S extends z.ZodType>(c: WithRequest, schema: S, options: BodyOptions = { form: true }): Promise<z.infer<S>> {
  if (options.form && isFormRequest(c)) {
    const fields: Record<string, unknown> = Object.fromEntries(await readFormData(c));
    for (const name of integerFields(schema)) {
      if (typeof fields[name] === 'string') fields[name] = decimalInteger(fields[name] as string);
    }
    return parseWith(schema, fields);
  }
  const { value } = await readJson(c, options);
  return parseWith(schema, value === undefined ? {} : value);
}

const integerFieldsOf = new WeakMap<z.ZodType, string[]>();

/** Top-level properties of an object schema that are integers (their JSON Schema says so). */
function integerFields(schema: z.ZodType): string[] {
  let names = integerFieldsOf.get(schema);
  if (!names) {
    names = [];
    try {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { type?: unknown }> };
      for (const [name, prop] of Object.entries(json.properties ?? {})) if (prop.type === 'integer') names.push(name);
    } catch {
      // A schema JSON Schema cannot describe has no integer fields we could name.
    }
    integerFieldsOf.set(schema, names);
  }
  return names;
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError('validation', 'Invalid input.', zodFields(result.error));
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: WithRequest, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
