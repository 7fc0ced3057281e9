import { ASSET_FILE_FIELD, ASSET_MAX_BYTES, IMPORT_MAX_BYTES, assetUploadSchema, type AssetUpload } from '../../lib/schemas/operator-people';
import type { RawRequest } from '../core/endpoint';
import { ApiError, fieldError } from '../core/errors';
import { parseWith } from '../core/validate';
import { fileTooLarge } from './assets';

// The two non-JSON bodies of the people calls: the CSV of the import and the multipart asset upload.
// Both refuse a body declared too large before reading it.

const declaredLength = (req: Pick<RawRequest, 'header'>) => Number(req.header('content-length') ?? 0);

/** The import's CSV text: `Content-Type: text/csv` (UTF-8), at most IMPORT_MAX_BYTES. */
export async function readCsvText(req: Pick<RawRequest, 'header' | 'arrayBuffer'>): Promise<string> {
  const type = (req.header('content-type') ?? '').toLowerCase();
  const charset = /charset=([^;]+)/.exec(type)?.[1]?.trim().replace(/"/g, '');
  if (!type.startsWith('text/csv') || (charset && charset !== 'utf-8' && charset !== 'utf8')) {
    throw new ApiError('unsupported_media_type', 'Send the file as Content-Type: text/csv (UTF-8).');
  }
  const tooLarge = new ApiError('payload_too_large', `The file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files.`);
  if (declaredLength(req) > IMPORT_MAX_BYTES) throw tooLarge;
  const bytes = await req.arrayBuffer();
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw tooLarge;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('bad_request', 'The file is not valid UTF-8 text. Save it as "CSV UTF-8" and send it again.');
  }
}

async function sha256OfBytes(bytes: ArrayBuffer) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The asset upload: one `file` part and the text fields of assetUploadSchema, checked in this order (the
 * fields before the file's size). The route parses the fields again with the endpoint's body schema.
 */
export async function readAssetUpload(req: RawRequest): Promise<AssetUpload & { file: File }> {
  if (!(req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError('unsupported_media_type', 'Send the asset as multipart/form-data with a "file" part.');
  }
  // The form around the file is small; a body much larger than the file limit is refused unread.
  if (declaredLength(req) > ASSET_MAX_BYTES + 64 * 1024) throw fileTooLarge();
  const form = await req.formData();
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
  return { ...input, file };
}

/**
 * What an upload's Idempotency-Key stands for: the fields, the file name and the SHA-256 of the bytes (the
 * multipart text will not do: its boundary changes each time the same upload is sent).
 */
export async function assetFingerprint({ file: part, ...fields }: { file: unknown } & Record<string, unknown>): Promise<string> {
  const file = part as File; // readAssetUpload's
  const sent = Object.entries(fields).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]);
  return `${JSON.stringify(sent.sort())}\n${file.name}\n${await sha256OfBytes(await file.arrayBuffer())}`;
}
