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
 * - Malformed JSON is a 400 `invalidJson`.
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
export function mediaType(c: WithRequest): string {
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

/** JSON text to a value: 400 `invalidJson` when it is not JSON, 400 naming each prototype-named key. */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
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
