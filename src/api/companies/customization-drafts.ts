import { resolveCustomization } from '../../lib/schemas/customization';
import { brandContrast } from '../../lib/brand-contrast';
import type {
  CustomizationDraft, CustomizationPublished, CustomizationVersion, CustomizationVersionList,
} from '../../lib/schemas/customization-versions';
import { isPlainObject } from '../../lib/schemas/lenient';
import { newUid } from '../core/crypto';
import { ApiError } from '../core/errors';
import { forgetCompanyPortal } from './portal-cache';
import { documentText, nonEmptyDocument, parseStored, validated } from './operator-customization';
import {
  draftAndLive, draftRow, listVersionRows, publishCompanyLayer, saveDraftRow, versionContent, type VersionRow,
} from './customization-version-queries';

// The company document edited as a draft (the console's branding screen): saving changes only the draft,
// which no ambassador sees (the edge shows it to a console session's preview alone, src/edge/portal-preview.ts);
// publishing makes it the live document as a new version and forgets the cached portal, like a PUT of the
// document; a rollback publishes an earlier version's content again, as a new version. Drafts are checked
// as the document is (refused whole, every error by path), and again on publishing (a campaign or group the
// draft names may be gone by then).

type Json = Record<string, unknown>;

const parseJson = (text: string | null | undefined): Json => (text ? parseStored({ settings: text }) : {});

/** GET /v1/operator/customization/draft - the draft (else the live document), what it resolves to, its contrast. */
export async function getCustomizationDraft(db: D1Database, companyId: string): Promise<CustomizationDraft> {
  const { draft, live, latest } = await draftAndLive(db, companyId);
  const content = draft ? parseJson(draft.content) : parseJson(live?.settings);
  const effective = resolveCustomization(content);
  return {
    content,
    has_draft: !!draft,
    author: draft?.author ?? null,
    updated_at: draft?.updated_at ?? null,
    live_version: latest?.version ?? null,
    effective,
    contrast: brandContrast(effective),
  };
}

/** The draft's document as the edge's preview reads it, or null when there is no draft. */
export async function draftDocument(db: D1Database, companyId: string): Promise<Json | null> {
  const draft = await draftRow(db, companyId);
  return draft ? parseJson(draft.content) : null;
}

/** PUT /v1/operator/customization/draft - replaces the draft with a whole document (the live portal is unchanged). */
export async function saveCustomizationDraft(db: D1Database, companyId: string, doc: Json, author: string): Promise<CustomizationDraft> {
  nonEmptyDocument(doc);
  await validated(db, companyId, doc);
  await saveDraftRow(db, companyId, documentText(doc), author);
  return getCustomizationDraft(db, companyId);
}

/** Changes one value of the draft (started from the live document when there is none), e.g. an uploaded logo's URL. */
export async function setDraftValue(db: D1Database, companyId: string, path: readonly [string, string], value: string, author: string) {
  const { draft, live } = await draftAndLive(db, companyId);
  const doc = structuredClone(draft ? parseJson(draft.content) : parseJson(live?.settings));
  const section = isPlainObject(doc[path[0]]) ? (doc[path[0]] as Json) : (doc[path[0]] = {} as Json);
  section[path[1]] = value;
  return saveCustomizationDraft(db, companyId, doc, author);
}

const versionView = (row: VersionRow, liveVersion: number | null): CustomizationVersion => ({
  uid: row.uid,
  version: row.version,
  author: row.author,
  source: row.source,
  rolled_back_from: row.rolled_back_from,
  live: row.version === liveVersion,
  created_at: row.created_at,
});

/** GET /v1/operator/customization/versions - newest first; the newest is the live one. */
export async function listCustomizationVersions(db: D1Database, companyId: string): Promise<CustomizationVersionList> {
  const { results } = await listVersionRows(db, companyId);
  const live = results[0]?.version ?? null;
  return { results: results.map((row) => versionView(row, live)) };
}

async function goLive(env: Env, db: D1Database, companyId: string, doc: Json, author: string,
  how: { source: 'publish' | 'rollback'; draftUpdatedAt?: string; rolledBackFrom?: number }): Promise<CustomizationPublished> {
  await validated(db, companyId, doc);
  const text = documentText(doc);
  const uid = newUid('cver');
  const { version } = await publishCompanyLayer(db, companyId, text, {
    uid, baselineUid: newUid('cver'), layerId: newUid('cust'), author, source: how.source,
    draftUpdatedAt: how.draftUpdatedAt, rolledBackFrom: how.rolledBackFrom ?? null,
  });
  if (!version.length) throw new ApiError('conflict', 'The customization changed while this request ran; read it again and retry.');
  // The live portal's caches (this isolate's and KV's host lookups) forget the company: its next page shows it.
  await forgetCompanyPortal(env, db, companyId);
  const { results } = await listVersionRows(db, companyId, 1);
  const row = results.find((r) => r.uid === uid) ?? results[0]!;
  return { version: versionView(row, row.version) };
}

/** POST /v1/operator/customization/publish - the draft goes live as a new version. */
export async function publishCustomizationDraft(env: Env, db: D1Database, companyId: string, author: string): Promise<CustomizationPublished> {
  const draft = await draftRow(db, companyId);
  if (!draft) throw new ApiError('conflict', 'There is no draft to publish.');
  return goLive(env, db, companyId, parseJson(draft.content), author, { source: 'publish', draftUpdatedAt: draft.updated_at });
}

/** POST /v1/operator/customization/versions/{uid}/rollback - an earlier version's content goes live again, as a new version. */
export async function rollbackCustomization(env: Env, db: D1Database, companyId: string, uid: string, author: string): Promise<CustomizationPublished> {
  const version = await versionContent(db, companyId, uid);
  if (!version) throw new ApiError('not_found', 'notFound');
  return goLive(env, db, companyId, parseJson(version.content), author, { source: 'rollback', rolledBackFrom: version.version });
}
