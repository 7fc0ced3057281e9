import { z } from 'zod';

// Integers in requests: a JSON body's integer is a JSON number that is a whole number, never
// a string, array, boolean, float, exponent string or hex ("500", "5e2", "0x1f4", [500], 500.5 and true
// are refused; `z.coerce.number()` took all but the float). Query strings and HTML forms have only
// strings: there an integer is written in decimal digits (an optional sign, at most 15 digits), nothing else.

const DECIMAL_INTEGER = /^[+-]?\d{1,15}$/;

/**
 * The number a form's or query's decimal-digit string spells ("500", " 42 ", "-3"), or the value unchanged
 * (so the schema refuses it with its own message): "0x1f4", "5e2", "1.0", "" and non-strings stay as they are.
 */
export function decimalInteger(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return DECIMAL_INTEGER.test(text) ? Number(text) : value;
}

/** A form field's integer: the number its decimal digits spell, or the text as typed (for the API to refuse). */
export const formInteger = (text: string): number | string => decimalInteger(text) as number | string;

/** An integer in a JSON body: a JSON number that is a safe whole number, `min`..`max`. */
export const jsonInteger = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * An integer from a query string (or a number from an embedded call): decimal digits only, `min`..`max`.
 * Its JSON Schema (the OpenAPI query parameter) is `{ type: integer, minimum, maximum }`.
 */
export const queryInteger = (message: string, min: number, max: number, maxMessage = message) =>
  z.preprocess(decimalInteger, z.number({ error: message }).int(message).min(min, message).max(max, maxMessage));

/**
 * A JSON body's whole number written as something else than an integer (`1e3`, `1000.0`, `-0`) reaches the
 * schemas as a Number object (src/api/core/validate.ts), so that an integer field refuses it; a field that
 * takes decimals (an amount like 49.99, a rate) reads it as the number through this preprocess.
 */
export const plainNumber = (value: unknown): unknown => (value instanceof Number ? value.valueOf() : value);

/** A decimal number field of a JSON body: `schema` sees 1000.0 or 1e3 as the number 1000. */
export const decimalNumber = <S extends z.ZodType>(schema: S) => z.preprocess(plainNumber, schema);
