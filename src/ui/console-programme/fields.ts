import type { MessageKey } from '../../lib/i18n';
import { currencyMinorDigits, minorToDecimal } from '../../lib/format';
import { formInteger } from '../../lib/schemas/numbers';

// The console's program forms (campaigns, tiers, badges, tasks, rewards, vault items) described once: each
// field's API path (dotted, as the API names it in its field errors), its kind and its label. The same list
// draws the form (ProgrammeForm.astro) and turns the posted form into the API body (`bodyOf`), so a field
// error of the API lands next to the input it names. Values the form cannot read as what the API wants
// (a price "12,5x") are sent as typed: the API refuses them with its own field message.

export type FieldKind =
  | 'text' | 'longText' | 'url' | 'integer' | 'decimal' | 'money' | 'percent' | 'color' | 'flag' | 'choice' | 'lines' | 'recurring';

export interface FieldSpec {
  /** The API's dotted path, e.g. `commission.rate_bps`. */
  path: string;
  kind: FieldKind;
  label: MessageKey;
  hint?: MessageKey;
  /** choice: value and label key of each option ('' is "none" when `empty` says so). */
  options?: readonly { value: string; label: MessageKey | string }[];
  /** Empty input: null (a nullable field) or left out (`omit`). */
  empty?: 'null' | 'omit';
  required?: boolean;
  /** Written per language: the base field in the company's default language, `translations.<lang>.<path>` in the others. */
  translatable?: boolean;
  /** Only on the create form (e.g. the first variant's price). */
  createOnly?: boolean;
}

/** What the numbers of a form are in: the currency of its money fields. */
export interface FormContext {
  currency: string;
  /** The company's languages other than its default, whose texts go in `translations`. */
  otherLanguages: readonly string[];
  /** The page language writes decimals with a comma ("12,5"): a comma is then read as the decimal point, else refused. */
  decimalComma?: boolean;
}

/** A decimal as typed, split at its point: "12.50" (or "12,50" where the comma is the decimal sign) -> ["12", "50"]. */
function decimalParts(text: string, decimalComma = false): [string, string] | null {
  const v = text.trim();
  const match = (decimalComma ? /^(\d{1,12})(?:[.,](\d+))?$/ : /^(\d{1,12})(?:\.(\d+))?$/).exec(v);
  return match ? [match[1]!, match[2] ?? ''] : null;
}

/** Whole units and a fraction as an integer of `digits` decimals, or null when the fraction has more (other than zeros). */
function scaled([whole, fraction]: [string, string], digits: number): number | null {
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(kept.padEnd(digits, '0') || '0');
}

/** "12.50" in `currency` as minor units (1250), or the text as typed. */
export function moneyToMinor(text: string, currency: string, decimalComma = false): number | string {
  const parts = decimalParts(text, decimalComma);
  return (parts && scaled(parts, currencyMinorDigits(currency))) ?? text.trim();
}

/** A percentage ("12.5") as basis points (1250), or the text as typed. */
export function percentToBps(text: string, decimalComma = false): number | string {
  const parts = decimalParts(text, decimalComma);
  return (parts && scaled(parts, 2)) ?? text.trim();
}

/** Basis points as the percentage the form shows (1250 -> "12.5"). */
export const bpsToPercent = (bps: number) => String(bps / 100);

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

/** The value at a dotted path of a row (undefined when absent). */
export function valueAt(row: unknown, path: string): unknown {
  let node = row;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const field = (form: FormData, name: string) => String(form.get(name) ?? '');

/** One field of the posted form as the API wants it (undefined: leave it out). */
function readField(form: FormData, spec: FieldSpec, name: string, ctx: FormContext): unknown {
  const raw = field(form, name);
  const v = raw.trim();
  if (spec.kind === 'flag') return form.get(name) === 'on';
  if (spec.kind === 'recurring') {
    const mode = field(form, `${name}.mode`);
    if (mode === 'lifetime') return { months: null };
    if (mode === 'months') return { months: formInteger(field(form, `${name}.months`)) };
    return null;
  }
  if (spec.kind === 'lines') return v.split(/[\s,]+/).filter(Boolean);
  if (!v && spec.empty === 'null') return null;
  if (!v && spec.empty === 'omit') return undefined;
  if (spec.kind === 'integer') return formInteger(v);
  if (spec.kind === 'money') return moneyToMinor(v, ctx.currency, ctx.decimalComma);
  if (spec.kind === 'percent') return percentToBps(v, ctx.decimalComma);
  if (spec.kind === 'decimal') {
    const parts = decimalParts(v, ctx.decimalComma);
    return parts ? Number(`${parts[0]}.${parts[1] || '0'}`) : v;
  }
  return spec.kind === 'longText' ? raw.trim() : v;
}

/**
 * The API body of a posted program form: every field of `specs` at its path, and `translations` (replaced
 * whole, as the API's edits take it) from the fields of the company's other languages that were filled in.
 */
export function bodyOf(form: FormData, specs: readonly FieldSpec[], ctx: FormContext, opts: { create: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const spec of specs) {
    if (spec.createOnly && !opts.create) continue;
    const value = readField(form, spec, spec.path, ctx);
    if (value !== undefined) setAt(body, spec.path, value);
  }
  const translatable = specs.filter((s) => s.translatable);
  if (translatable.length) {
    const translations: Record<string, Record<string, string>> = {};
    for (const lang of ctx.otherLanguages) {
      for (const spec of translatable) {
        const text = field(form, `translations.${lang}.${spec.path}`).trim();
        if (text) (translations[lang] ??= {})[spec.path] = text;
      }
    }
    body.translations = translations;
  }
  return body;
}

/** The text an input shows for a row's value (money and rates as people write them). */
export function shownValue(spec: FieldSpec, value: unknown, ctx: FormContext): string {
  if (value === null || value === undefined) return '';
  if (spec.kind === 'money' && typeof value === 'number') return minorToDecimal(value, ctx.currency);
  if (spec.kind === 'percent' && typeof value === 'number') return bpsToPercent(value);
  if (spec.kind === 'lines' && Array.isArray(value)) return value.join('\n');
  return String(value);
}

/** The API's message for a field: its own path's, or the first of a path below it (`allowed_hosts.2`). */
export function errorFor(errors: Record<string, string> | null | undefined, path: string): string | undefined {
  if (!errors) return undefined;
  if (errors[path]) return errors[path];
  const below = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return below ? errors[below] : undefined;
}

/** Codes typed one per line, "CODE" or "CODE, PIN", as the codes call's body. */
export function codesOf(text: string): { codes: { card_code: string; card_pin?: string }[] } {
  const codes = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).map((line) => {
    const [code, pin] = line.split(/\s*[,;]\s*/, 2);
    return pin ? { card_code: code!, card_pin: pin } : { card_code: code! };
  });
  return { codes };
}
