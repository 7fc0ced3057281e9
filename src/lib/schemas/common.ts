import { z } from 'zod';

// Colours end up in CSS custom properties written into <style>; only hex notation is accepted so a
// tenant setting can never smuggle other CSS (or markup) into the page.
export const hexColor = z.string().trim().regex(/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'invalidField');

/** True for http(s) URLs and for site-relative paths ("/logo.svg"); never javascript:, data: or "//host". */
export function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export const safeUrl = z.string().trim().min(1).max(2048).refine(isSafeUrl, 'invalidUrl');

/** `?host=` of a public call (spec §7): the portal host whose company it is about. */
export const hostQuery = z.object({ host: z.string({ error: 'required' }).min(1, 'required').max(253, 'invalidField') });

/**
 * A multipart file part, as a route that reads the form hands it over (a File). The reference shows it as
 * binary text; a string (a document's example) is taken as the file's content.
 */
export const filePart = (description: string) =>
  z.unknown()
    .refine((v) => v instanceof File || typeof v === 'string', 'required')
    .transform((v) => (typeof v === 'string' ? new File([v], 'file') : (v as File)))
    .meta({ type: 'string', format: 'binary', description });

/** `?host=` of a public call that falls back to the portal host of the request when it is left out. */
export const optionalHostQuery = z.object({ host: z.string().optional().transform((v) => v || null) });
