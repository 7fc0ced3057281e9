import { z } from 'zod';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, normalizeLanguage } from '../languages.ts';
import { customizationSchema } from './customization.ts';
import { dropInvalidParsed } from './lenient.ts';

// The deployment owner's calls (ADMIN_API_KEY): companies, their hosts and API keys. The
// operator API speaks English, so messages here are plain English text naming what is expected.

/** A company id: the tenant's uid in every table and URL. */
export const companyIdSchema = z
  .string({ error: 'Required.' })
  .trim()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/, 'Use 2 to 40 lower-case letters, digits and hyphens (not first or last).');

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name a portal is served on: lower-cased, without a trailing dot; an international name becomes
 * its ASCII (punycode) form, which is what the Host header carries. No scheme, port, path or wildcard.
 */
export const hostSchema = z
  .string({ error: 'Required.' })
  .trim()
  .transform((raw, ctx) => {
    const host = raw.toLowerCase().replace(/\.$/, '');
    const ascii = /[\s:/?#@*\\[\]]/.test(host) ? null : /^[\x21-\x7e]*$/.test(host) ? host : punycode(host);
    if (!ascii || ascii.length > 253 || !ascii.split('.').every((label) => HOST_LABEL.test(label))) {
      ctx.addIssue({ code: 'custom', message: 'Send a host name such as portal.example.com: no scheme, port, path or wildcard.' });
      return z.NEVER;
    }
    return ascii;
  });

/** The ASCII form of an international host name (the URL parser applies IDNA), or null. */
function punycode(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

const supportedCurrency = (code: string) => Intl.supportedValuesOf('currency').includes(code);

const language = z.preprocess(
  (code) => normalizeLanguage(code) ?? code,
  z.enum(SUPPORTED_LANGUAGES, { error: `One of ${SUPPORTED_LANGUAGES.join(', ')}.` }),
);

/**
 * The customization document as stored: any subset of the settings, checked against the schema the portal
 * renders with. zod would drop an unknown key silently, so a key the schema does not know is named as an
 * error too (a typo must not vanish). Stored as sent; the portal fills in the defaults.
 */
export const customizationDocument = z.record(z.string(), z.unknown(), { error: 'Send the customization as a JSON object.' })
  .superRefine((doc, ctx) => {
    const parsed = customizationSchema.safeParse(doc);
    for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    // Unknown keys of what is left once the invalid values are dropped (those are named above).
    const valid = parsed.success ? { input: doc, data: parsed.data } : dropInvalidParsed(customizationSchema, doc);
    for (const path of unknownKeys(valid.input, valid.data)) ctx.addIssue({ code: 'custom', path, message: 'Unknown setting.' });
  });

/** Paths of `input` that the parse of `input` does not have (keys the schema strips). */
function unknownKeys(input: unknown, parsed: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof input !== 'object' || input === null) return [];
  const out: (string | number)[][] = [];
  for (const [key, value] of Object.entries(input)) {
    const next = (parsed as Record<string, unknown> | undefined)?.[key];
    const path = [...at, Array.isArray(input) ? Number(key) : key];
    if (next === undefined) out.push(path);
    else out.push(...unknownKeys(value, next, path));
  }
  return out;
}

export const createCompanySchema = z
  .strictObject({
    id: companyIdSchema,
    name: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(120, 'At most 120 characters.'),
    currency: z.string().trim().toUpperCase()
      .refine((code) => /^[A-Z]{3}$/.test(code) && supportedCurrency(code), 'An ISO 4217 currency code such as USD or EUR.')
      .default('USD'),
    /** Default: the customization's `default_language`, else en. */
    default_language: language.optional(),
    /** The languages ambassadors may pick; the default language is always one of them. */
    languages: z.array(language).max(SUPPORTED_LANGUAGES.length).optional(),
    support_email: z.string().trim().toLowerCase().max(255, 'At most 255 characters.').pipe(z.email('A valid e-mail address.'))
      .optional(),
    point_name: z.string().trim().min(1, 'Required.').max(40, 'At most 40 characters.').default('point(s)'),
    hosts: z.array(hostSchema).max(20, 'At most 20 hosts.').default([]),
    customization: customizationDocument.optional(),
  })
  .transform((v) => {
    const defaultLanguage = v.default_language ?? normalizeLanguage(v.customization?.default_language) ?? DEFAULT_LANGUAGE;
    return { ...v, default_language: defaultLanguage, languages: [...new Set([defaultLanguage, ...(v.languages ?? [])])] };
  });
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export type CreateCompany = z.output<typeof createCompanySchema>;

export const addHostSchema = z.strictObject({ host: hostSchema });

export const createKeySchema = z.strictObject({
  label: z.string().trim().max(120, 'At most 120 characters.').default(''),
});
