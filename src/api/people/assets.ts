import { ASSET_FILE_FIELD, ASSET_MAX_BYTES, type AssetListQuery, type AssetUpdate, type AssetUpload } from '../../lib/schemas/operator-people';
import { fileKind } from '../../lib/file-kinds';
import { linkOrigin } from '../auth/codes';
import { newUid } from '../core/crypto';
import { ApiError, fieldError } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { findCompany } from '../companies/queries';
import { mediaUrl } from '../core/views';
import type { Operator } from '../core/operator-keys';
import { campaignByRef, groupByRef, unknownCampaigns, unknownGroup, type CompanyRefs } from './accounts';
import {
  deleteAssetStatement, findAsset, insertAssetRow, listAssetRows, updateAssetRow, type AssetOpRow,
} from './asset-queries';
import { sniffAssetFile } from './asset-files';
import { companyRefRows } from './operator-queries';

// The operator's asset calls: upload (checked by its bytes, kept in R2), list, edit the metadata, delete.
// Assets show on the ambassador's assets page (src/api/sharing/asset-queries.ts) for the members of the
// asset's campaign, or only for those in its group when it has one.

const MB = ASSET_MAX_BYTES / (1024 * 1024);
export const fileTooLarge = () =>
  new ApiError('payload_too_large', `The file is larger than ${MB} MB.`, { [ASSET_FILE_FIELD]: [`The file is larger than ${MB} MB.`] });
const notFound = () => new ApiError('not_found', 'notFound');

/** The portal origin files are served on (/media on the company's own host). */
async function originOf(svc: ServiceContext, companyId: string) {
  const company = await findCompany(svc.db, companyId);
  if (!company) throw notFound();
  return linkOrigin(svc, company);
}

export function assetView(a: AssetOpRow, origin: string) {
  return {
    uid: a.uid,
    title: a.title,
    campaign: { uid: a.campaign_uid, id: a.campaign_id, name: a.campaign_name },
    group: a.group_uid ? { uid: a.group_uid, name: a.group_name ?? '' } : null,
    file_name: a.file_name,
    content_type: a.content_type,
    kind: fileKind(a.file_name),
    size_bytes: a.size_bytes,
    file_url: `${origin}${mediaUrl(a.file_key)}`,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}
export type AssetOpView = ReturnType<typeof assetView>;

/** A file name safe in an R2 key and a /media URL: the sent name's letters, digits, dots and dashes, the sniffed extension. */
function storedName(sent: string, extension: string) {
  const base = sent.split(/[\\/]/).pop()!.replace(/\.[^.]*$/, '');
  const safe = base.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 80);
  return `${safe || 'file'}.${extension}`;
}

function resolveRefs(refs: CompanyRefs, input: { campaign?: string | undefined; group?: string | null | undefined }) {
  const fields: Record<string, string[]> = {};
  const campaign = input.campaign ? campaignByRef(refs, input.campaign) : undefined;
  if (input.campaign && !campaign) fields.campaign = [unknownCampaigns([input.campaign])];
  const group = input.group ? groupByRef(refs, input.group) : undefined;
  if (input.group && !group) fields.group = [unknownGroup(input.group)];
  if (Object.keys(fields).length) throw new ApiError('validation', 'invalidInput', fields);
  return { campaign, group };
}

/**
 * POST /v1/operator/assets (multipart) - stores the file in R2 under a new uid, then its row. The type is
 * judged by the bytes (./asset-files.ts); the stored content type and extension are the real ones.
 */
export async function uploadAsset(svc: ServiceContext, op: Operator, input: AssetUpload, file: File, bytes: Uint8Array) {
  if (bytes.byteLength > ASSET_MAX_BYTES) throw fileTooLarge();
  if (bytes.byteLength === 0) throw fieldError(ASSET_FILE_FIELD, 'The file is empty.');
  const type = sniffAssetFile(bytes);
  if (!type) {
    throw fieldError(ASSET_FILE_FIELD, 'The file is not an accepted type (by its content): PNG, JPEG or WebP image, MP4 or WebM video, MP3, Ogg or WAV audio, or PDF.');
  }
  const { campaign, group } = resolveRefs(await companyRefRows(svc.db, op.companyId), input);
  const uid = newUid('ast');
  const fileName = storedName(file.name || 'file', type.extension);
  const fileKey = `assets/${op.companyId}/${uid}/${fileName}`;
  const title = input.title || (file.name || fileName).replace(/\.[^.]*$/, '').slice(0, 255) || fileName;
  await svc.env.FILES.put(fileKey, bytes, { httpMetadata: { contentType: type.contentType } });
  try {
    const { asset } = await insertAssetRow(svc.db, op.companyId, {
      uid, campaignId: campaign!.id, groupId: group?.id ?? null, title, fileKey, fileName, contentType: type.contentType, size: bytes.byteLength,
    });
    return { asset: assetView(asset!, await originOf(svc, op.companyId)) };
  } catch (err) {
    await svc.env.FILES.delete(fileKey).catch(() => {});
    throw err;
  }
}

/** POST /v1/operator/assets as the route reads it: the fields and the file part. */
export async function uploadAssetFile(svc: ServiceContext, op: Operator, { file, ...input }: AssetUpload & { file: File }) {
  return uploadAsset(svc, op, input, file, new Uint8Array(await file.arrayBuffer()));
}

/** GET /v1/operator/assets - newest first, by campaign and group. */
export async function listAssets(svc: ServiceContext, op: Operator, q: AssetListQuery) {
  const refs: CompanyRefs = q.campaign || q.group ? await companyRefRows(svc.db, op.companyId) : { groups: [], campaigns: [] };
  const { campaign, group } = resolveRefs(refs, q);
  const [{ rows, count }, origin] = await Promise.all([
    listAssetRows(svc.db, op.companyId, { campaignId: campaign?.id, groupId: group?.id, limit: q.limit, offset: q.offset }),
    originOf(svc, op.companyId),
  ]);
  return { count, limit: q.limit, offset: q.offset, results: rows.map((r) => assetView(r, origin)) };
}

/** GET /v1/operator/assets/{uid} */
export async function getAsset(svc: ServiceContext, op: Operator, uid: string) {
  const [row, origin] = await Promise.all([findAsset(svc.db, op.companyId, uid), originOf(svc, op.companyId)]);
  if (!row) throw notFound();
  return { asset: assetView(row, origin) };
}

/** PATCH /v1/operator/assets/{uid} - title, campaign, group (`null`: the whole campaign sees it again). */
export async function updateAsset(svc: ServiceContext, op: Operator, uid: string, input: AssetUpdate) {
  const { campaign, group } = resolveRefs(await companyRefRows(svc.db, op.companyId), input);
  const { asset } = await updateAssetRow(svc.db, op.companyId, uid, {
    title: input.title, campaignId: campaign?.id, groupId: input.group === undefined ? undefined : group?.id ?? null,
  });
  if (!asset) throw notFound();
  return { asset: assetView(asset, await originOf(svc, op.companyId)) };
}

/**
 * DELETE /v1/operator/assets/{uid} - the R2 objects first (only those under the asset's own prefix), then
 * the row: a failure in between leaves a row whose delete can simply be sent again, never a served orphan.
 */
export async function deleteAsset(svc: ServiceContext, op: Operator, uid: string) {
  const row = await findAsset(svc.db, op.companyId, uid);
  if (!row) throw notFound();
  const prefix = `assets/${op.companyId}/${uid}/`;
  const keys = [row.file_key, row.thumbnail_key].filter((k): k is string => !!k && k.startsWith(prefix));
  if (keys.length) await svc.env.FILES.delete(keys);
  await deleteAssetStatement(svc.db, op.companyId, uid).run();
  return { uid, deleted: true as const };
}
