import {
  TAB_KEYS, customizationSchema, resolveCustomization, type Customization,
} from '../../lib/schemas/customization';
import { dropInvalidParsed, isPlainObject } from '../../lib/schemas/lenient';
import { tabAccessSchema, type TabAccessInput } from '../../lib/schemas/operator-catalog';
import type { CustomizationDeleted, CustomizationView, TabAccess } from '../../lib/schemas/companies';
import { parseWith } from '../core/validate';
import { newUid } from '../core/crypto';
import { ApiError, zodFields } from '../core/errors';
import { forgetCompanyPortal } from './portal-cache';
import { publishCompanyLayer } from './customization-version-queries';
import {
  campaignsAndGroups, deleteCampaignLayer, layerRow, layerRowsWithCampaign, upsertLayer, type CustomizationRow,
} from './customization-queries';
import { notFound, rowOf } from '../core/catalog-queries';

/**
 * The customization document of spec §3 (src/lib/schemas/customization.ts, the schema the portal reads it
 * with): the company's, and optional campaign layers over it. A document is replaced whole and refused
 * whole: every schema error, every field the schema does not know and every campaign or group it names
 * that the company does not have comes back at once, keyed by its path, and nothing is written. A write
 * forgets the company's cached portal, so its pages show the change on the next request.
 */

type Json = Record<string, unknown>;

/** D1 keeps a row up to 2 MB; a document is far smaller in practice (the scripts and HTML are capped too). */
const MAX_DOCUMENT_BYTES = 1_000_000;

/** Paths of `input` that the schema's output lacks: fields the schema does not know (zod drops them). */
function unknownFields(input: unknown, output: unknown, path: string[] = [], out: string[] = []): string[] {
  if (isPlainObject(input) && isPlainObject(output)) {
    for (const [key, value] of Object.entries(input)) {
      if (!Object.hasOwn(output, key)) out.push([...path, key].join('.'));
      else unknownFields(value, output[key], [...path, key], out);
    }
  } else if (Array.isArray(input) && Array.isArray(output) && input.length === output.length) {
    // Same length: no item was dropped as invalid, so the indices still line up.
    input.forEach((item, i) => unknownFields(item, output[i], [...path, String(i)], out));
  }
  return out;
}

/** The campaign ids and group uids a document's tab rules name, with their paths. */
export function tabReferences(doc: Json) {
  const campaigns: { path: string; id: unknown }[] = [];
  const groups: { path: string; uid: unknown }[] = [];
  const collect = (tab: unknown, path: string) => {
    if (!isPlainObject(tab)) return;
    const ids = tab.campaigns_with_tab_access;
    if (Array.isArray(ids)) ids.forEach((id, i) => campaigns.push({ path: `${path}.campaigns_with_tab_access.${i}`, id }));
    const uids = tab.groups;
    if (Array.isArray(uids)) uids.forEach((uid, i) => groups.push({ path: `${path}.groups.${i}`, uid }));
  };
  const tabs = isPlainObject(doc.tabs) ? doc.tabs : {};
  if (isPlainObject(tabs.items)) for (const [key, tab] of Object.entries(tabs.items)) collect(tab, `tabs.items.${key}`);
  if (Array.isArray(tabs.custom)) tabs.custom.forEach((tab, i) => collect(tab, `tabs.custom.${i}`));
  return { campaigns, groups };
}

/** Every error of a document, by path; an empty object when it may be stored. */
async function documentErrors(db: D1Database, companyId: string, doc: Json): Promise<Record<string, string[]>> {
  const parsed = customizationSchema.safeParse(doc);
  // No prototype: a path named like Object's members (`constructor`) must not resolve to them.
  const errors: Record<string, string[]> = Object.assign(Object.create(null) as Record<string, string[]>, parsed.success ? {} : zodFields(parsed.error));
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  // What the portal would make of it (invalid values dropped) shows which fields are unknown even when
  // some value is also invalid.
  const output = parsed.success ? parsed.data : dropInvalidParsed(customizationSchema, doc).data;
  for (const path of unknownFields(doc, output)) add(path, 'Unknown field.');
  const refs = tabReferences(doc);
  if (refs.campaigns.length || refs.groups.length) {
    const { campaigns, groups } = await campaignsAndGroups(db, companyId);
    const campaignIds = new Set(campaigns.map((r) => r.id));
    const groupUids = new Set(groups.map((r) => r.uid));
    for (const { path, id } of refs.campaigns) if (typeof id === 'number' && !campaignIds.has(id)) add(path, 'Unknown campaign.');
    for (const { path, uid } of refs.groups) if (typeof uid === 'string' && !groupUids.has(uid.trim())) add(path, 'Unknown group.');
  }
  return errors;
}

export const parseStored = (row: Pick<CustomizationRow, 'settings'> | null): Json => {
  if (!row) return {};
  try {
    const value: unknown = JSON.parse(row.settings);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
};

/** A layer as the operator API answers it: what is stored, and what the portal makes of it. */
function layerView(row: CustomizationRow | null, effective: Customization, campaignUid: string | null): CustomizationView {
  return {
    customization_uid: row?.id ?? null,
    campaign_uid: campaignUid,
    settings: parseStored(row),
    effective,
    updated_at: row?.updated_at ?? null,
  };
}

/** The stored text of a document, refused (413) past MAX_DOCUMENT_BYTES. */
export function documentText(doc: Json): string {
  const text = JSON.stringify(doc);
  if (new TextEncoder().encode(text).byteLength > MAX_DOCUMENT_BYTES) {
    throw new ApiError('payload_too_large', 'The customization document is larger than 1 MB.');
  }
  return text;
}

/**
 * Stores a layer in one batch (update the row, or insert it when there is none). With `expectedUpdatedAt`
 * the update only happens when nobody changed the row since it was read (a read-modify-write): 409 otherwise.
 */
async function writeLayer(db: D1Database, companyId: string, campaignId: number | null, doc: Json, expectedUpdatedAt?: string | null, author: string | null = null) {
  const text = documentText(doc);
  // The company's document goes live as a new version (./customization-drafts.ts lists and rolls back to them).
  const { updated, inserted } = campaignId === null
    ? await publishCompanyLayer(db, companyId, text, {
      uid: newUid('cver'), baselineUid: newUid('cver'), layerId: newUid('cust'), author, source: 'put', expectedUpdatedAt,
    })
    : await upsertLayer(db, companyId, campaignId, text, newUid('cust'), expectedUpdatedAt);
  if (updated.changes === 0 && inserted.changes === 0) {
    throw new ApiError('conflict', 'The customization changed while this request ran; read it again and retry.');
  }
}

export async function validated(db: D1Database, companyId: string, doc: Json) {
  // Size first: naming every error re-parses the document once per invalid value (dropInvalidParsed), which
  // on a body of several MB (the edge takes 6) costs seconds of CPU for a document that is refused anyway.
  documentText(doc);
  const errors = await documentErrors(db, companyId, doc);
  if (Object.keys(errors).length) throw new ApiError('validation', 'invalidInput', errors);
}

/**
 * Where the tab rules of the company's customization layers name the group `uid`: paths such as
 * "tabs.items.assets.groups.0", prefixed with "campaign <uid>: " for a campaign's layer.
 */
export async function tabRulesNamingGroup(db: D1Database, companyId: string, uid: string): Promise<string[]> {
  const { results } = await layerRowsWithCampaign(db, companyId);
  return results.flatMap((row) => tabReferences(parseStored(row)).groups
    .filter((ref) => typeof ref.uid === 'string' && ref.uid.trim() === uid)
    .map((ref) => (row.campaign_uid ? `campaign ${row.campaign_uid}: ${ref.path}` : ref.path)));
}

/**
 * A PUT replaces the whole document, so `{}` would silently reset every setting of the company (or empty a
 * campaign layer, which DELETE does on purpose): refused with a 400 that says so.
 */
export function nonEmptyDocument(doc: Json) {
  if (Object.keys(doc).length === 0) {
    throw new ApiError('bad_request',
      'The document is empty: a PUT replaces the whole customization, so {} would reset every setting. Send the whole document ' +
      '(GET it, change it, PUT it back); DELETE removes a campaign layer.');
  }
}

// Company layer ------------------------------------------------------------------------------------

export async function getCompanyCustomization(db: D1Database, companyId: string): Promise<CustomizationView> {
  const row = await layerRow(db, companyId, null);
  return layerView(row, resolveCustomization(parseStored(row)), null);
}

/** PUT /v1/operator/customization - replaces the company document (refused whole when anything is wrong). */
export async function putCompanyCustomization(env: Env, db: D1Database, companyId: string, doc: Json, author: string | null = null): Promise<CustomizationView> {
  nonEmptyDocument(doc);
  await validated(db, companyId, doc);
  await writeLayer(db, companyId, null, doc, undefined, author);
  await forgetCompanyPortal(env, db, companyId);
  return getCompanyCustomization(db, companyId);
}

// Campaign layers -----------------------------------------------------------------------------------

async function campaignOf(db: D1Database, companyId: string, uid: string) {
  return rowOf<{ id: number; uid: string }>(db, 'campaigns', companyId, uid);
}

export async function getCampaignCustomization(db: D1Database, companyId: string, campaignUid: string): Promise<CustomizationView> {
  const campaign = await campaignOf(db, companyId, campaignUid);
  const [company, row] = await Promise.all([layerRow(db, companyId, null), layerRow(db, companyId, campaign.id)]);
  return layerView(row, resolveCustomization(parseStored(company), row ? parseStored(row) : undefined), campaign.uid);
}

/**
 * PUT /v1/operator/campaigns/{uid}/customization - the campaign's layer: only what differs from the
 * company's (a field left out is the company's). Validated like the company document.
 */
export async function putCampaignCustomization(env: Env, db: D1Database, companyId: string, campaignUid: string, doc: Json): Promise<CustomizationView> {
  nonEmptyDocument(doc);
  const campaign = await campaignOf(db, companyId, campaignUid);
  await validated(db, companyId, doc);
  await writeLayer(db, companyId, campaign.id, doc);
  await forgetCompanyPortal(env, db, companyId);
  return getCampaignCustomization(db, companyId, campaignUid);
}

/** DELETE /v1/operator/campaigns/{uid}/customization - the campaign shows the company's customization again. */
export async function deleteCampaignCustomization(env: Env, db: D1Database, companyId: string, campaignUid: string): Promise<CustomizationDeleted> {
  const campaign = await campaignOf(db, companyId, campaignUid);
  const res = await deleteCampaignLayer(db, companyId, campaign.id);
  await forgetCompanyPortal(env, db, companyId);
  return { campaign_uid: campaign.uid, deleted: res.meta.changes > 0 };
}

// Tab access ---------------------------------------------------------------------------------------

/**
 * PUT /v1/operator/tabs/{key}/access - which campaigns (and groups) see a built-in tab or a custom tab of
 * the company document, by uid. The rest of the document is kept as it is.
 */
export async function putTabAccess(env: Env, db: D1Database, companyId: string, key: string, input: TabAccessInput, author: string | null = null): Promise<TabAccess> {
  const row = await layerRow(db, companyId, null);
  const doc = structuredClone(parseStored(row));
  const tabs: Json = isPlainObject(doc.tabs) ? doc.tabs : (doc.tabs = {});
  let tab: Json;
  if ((TAB_KEYS as readonly string[]).includes(key)) {
    const items: Json = isPlainObject(tabs.items) ? tabs.items : (tabs.items = {});
    tab = isPlainObject(items[key]) ? items[key] : (items[key] = {});
  } else {
    const custom = Array.isArray(tabs.custom) ? tabs.custom : [];
    const found = custom.find((t) => isPlainObject(t) && typeof t.slug === 'string' && t.slug.trim().toLowerCase() === key.toLowerCase());
    if (!isPlainObject(found)) throw notFound();
    tab = found;
  }

  const campaignUids = [...new Set(input.campaigns)];
  const groupUids = [...new Set(input.groups)];
  const { campaigns, groups } = await campaignsAndGroups(db, companyId);
  const idByUid = new Map(campaigns.map((r) => [r.uid, r.id]));
  const knownGroups = new Set(groups.map((r) => r.uid));
  const errors: Record<string, string[]> = {};
  input.campaigns.forEach((uid, i) => {
    if (!idByUid.has(uid)) errors[`campaigns.${i}`] = ['Unknown campaign.'];
  });
  input.groups.forEach((uid, i) => {
    if (!knownGroups.has(uid)) errors[`groups.${i}`] = ['Unknown group.'];
  });
  if (Object.keys(errors).length) throw new ApiError('validation', 'invalidInput', errors);

  tab.campaigns_with_tab_access = campaignUids.map((uid) => idByUid.get(uid)!);
  tab.groups = groupUids;
  await validated(db, companyId, doc);
  await writeLayer(db, companyId, null, doc, row?.updated_at ?? null, author);
  await forgetCompanyPortal(env, db, companyId);
  return { key, campaigns: campaignUids, groups: groupUids };
}

/** PUT /v1/operator/tabs/{key}/access as sent: `{}` would open a limited tab to everyone by accident. */
export async function putTabAccessRequest(env: Env, db: D1Database, companyId: string, key: string, fields: unknown, author: string | null = null): Promise<TabAccess> {
  const input = parseWith(tabAccessSchema, fields);
  if (Object.keys(fields as object).length === 0) {
    throw new ApiError('bad_request', 'The body is empty: send "campaigns" and "groups" (two empty lists open the tab to everyone).');
  }
  return putTabAccess(env, db, companyId, key, input, author);
}
