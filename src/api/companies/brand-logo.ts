import {
  LOGO_FILE_FIELD, LOGO_MAX_BYTES, LOGO_SLOT_PATHS, SVG_LOGO_MAX_BYTES, logoUploadFields, type LogoSlot,
} from '../../lib/schemas/customization-versions';
import type { RawRequest } from '../core/endpoint';
import { newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import { parseWith } from '../core/validate';
import { setDraftValue } from './customization-drafts';
import { sanitizeSvgLogo } from './svg-logo';

// A logo uploaded for the draft (the console's branding screen): judged by its bytes, never its name or
// declared type. PNG, JPEG and WebP are kept as sent (at most LOGO_MAX_BYTES); an SVG (at most
// SVG_LOGO_MAX_BYTES) is kept as its sanitised text (./svg-logo.ts), never as sent. The file goes to R2 under
// brand/<company>/ with a new name (never reused, so caches may keep it) and its /media URL into the draft's
// slot; the live portal shows it once the draft is published.

const RASTER: { type: string; extension: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', extension: 'png', test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  { type: 'image/jpeg', extension: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/webp', extension: 'webp', test: (b) => String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP' },
];

const tooLarge = (what: string) => new ApiError('payload_too_large', `The logo is larger than ${what}.`, { [LOGO_FILE_FIELD]: [`The logo is larger than ${what}.`] });

/** What to store: the bytes and their type, or a field error saying why not. */
function logoFile(bytes: Uint8Array): { body: Uint8Array | string; type: string; extension: string } {
  if (bytes.byteLength === 0) throw fieldError(LOGO_FILE_FIELD, 'The file is empty.');
  const raster = RASTER.find((r) => r.test(bytes));
  if (raster) {
    if (bytes.byteLength > LOGO_MAX_BYTES) throw tooLarge('1 MB');
    return { body: bytes, type: raster.type, extension: raster.extension };
  }
  if (bytes.byteLength > SVG_LOGO_MAX_BYTES) throw tooLarge('256 KB');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fieldError(LOGO_FILE_FIELD, 'The logo must be a PNG, JPEG, WebP or SVG image.');
  }
  if (!/<svg[\s>]/.test(text)) throw fieldError(LOGO_FILE_FIELD, 'The logo must be a PNG, JPEG, WebP or SVG image.');
  const clean = sanitizeSvgLogo(text);
  if ('problem' in clean) throw fieldError(LOGO_FILE_FIELD, clean.problem);
  return { body: clean.svg, type: 'image/svg+xml', extension: 'svg' };
}

/** POST /v1/operator/customization/draft/logo - stores the logo and puts its URL in the draft's slot. */
export async function uploadDraftLogo(env: Env, db: D1Database, companyId: string, input: { slot: LogoSlot; file: File }, author: string) {
  const file = logoFile(new Uint8Array(await input.file.arrayBuffer()));
  const key = `brand/${companyId}/${newUid('logo')}.${file.extension}`;
  await env.FILES.put(key, file.body, { httpMetadata: { contentType: file.type } });
  try {
    return await setDraftValue(db, companyId, LOGO_SLOT_PATHS[input.slot], `/media/${key}`, author);
  } catch (err) {
    await env.FILES.delete(key).catch(() => {});
    throw err;
  }
}

/** The upload as the route reads it: one `file` part and the `slot` field. */
export async function readLogoUpload(req: RawRequest): Promise<{ slot: LogoSlot; file: File }> {
  if (!(req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError('unsupported_media_type', 'Send the logo as multipart/form-data with a "file" part.');
  }
  if (Number(req.header('content-length') ?? 0) > LOGO_MAX_BYTES + 64 * 1024) throw tooLarge('1 MB');
  const form = await req.formData();
  const part = form.get(LOGO_FILE_FIELD);
  if (!part || typeof part === 'string') throw fieldError(LOGO_FILE_FIELD, 'required');
  const { slot } = parseWith(logoUploadFields, { slot: form.get('slot') ?? undefined });
  return { slot, file: part };
}

/** What an upload's Idempotency-Key stands for: the slot and the file's SHA-256 (the multipart boundary changes). */
export async function logoFingerprint({ slot, file }: { slot?: unknown; file: unknown }): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await (file as File).arrayBuffer()));
  return `${String(slot)}:${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
