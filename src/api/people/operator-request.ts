import { ASSET_FILE_FIELD, ASSET_MAX_BYTES, IMPORT_MAX_BYTES, assetUploadSchema } from '../../lib/schemas/operator-people';
import { ApiError, fieldError } from '../core/errors';
import { parseWith } from '../core/validate';
import type { OperatorContext } from '../core/operator-keys';
import { fileTooLarge } from './assets';

// The two non-JSON bodies of the people calls: the CSV of the import and the multipart asset upload.
// Both refuse a body declared too large before reading it.

const declaredLength = (c: OperatorContext) => Number(c.req.header('content-length') ?? 0);

/** The import's CSV text: `Content-Type: text/csv` (UTF-8), at most IMPORT_MAX_BYTES. */
export async function readCsv(c: OperatorContext): Promise<string> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const charset = /charset=([^;]+)/.exec(type)?.[1]?.trim().replace(/"/g, '');
  if (!type.startsWith('text/csv') || (charset && charset !== 'utf-8' && charset !== 'utf8')) {
    throw new ApiError('unsupported_media_type', 'Send the file as Content-Type: text/csv (UTF-8).');
  }
  const tooLarge = new ApiError('payload_too_large', `The file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files.`);
  if (declaredLength(c) > IMPORT_MAX_BYTES) throw tooLarge;
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw tooLarge;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('bad_request', 'The file is not valid UTF-8 text. Save it as "CSV UTF-8" and send it again.');
  }
}

async function sha256OfBytes(bytes: Uint8Array<ArrayBuffer>) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The asset upload: one `file` part and the text fields of assetUploadSchema. `fingerprint` stands for
 * the request under an Idempotency-Key (the fields, the file name and the SHA-256 of the bytes).
 */
export async function readAssetUpload(c: OperatorContext) {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError('unsupported_media_type', 'Send the asset as multipart/form-data with a "file" part.');
  }
  // The form around the file is small; a body much larger than the file limit is refused unread.
  if (declaredLength(c) > ASSET_MAX_BYTES + 64 * 1024) throw fileTooLarge();
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError('bad_request', 'bodyUnreadable');
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [key, value] of form) {
    if (key === ASSET_FILE_FIELD) {
      if (typeof value === 'string') throw fieldError(ASSET_FILE_FIELD, 'Send the file as a file part, not as text.');
      files.push(value);
    } else if (typeof value === 'string') fields[key] = value;
    else throw fieldError(key, `Only the "${ASSET_FILE_FIELD}" part may be a file.`);
  }
  if (files.length !== 1) throw fieldError(ASSET_FILE_FIELD, files.length ? 'Send one file per upload.' : 'required');
  const input = parseWith(assetUploadSchema, fields);
  const file = files[0]!;
  if (file.size > ASSET_MAX_BYTES) throw fileTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fingerprint = `${JSON.stringify(Object.entries(fields).sort())}\n${file.name}\n${await sha256OfBytes(bytes)}`;
  return { input, file, bytes, fingerprint };
}
