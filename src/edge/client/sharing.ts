import type { ShareLinkView, AssetView } from '../../api/sharing/view';
import { recordClick, resolveShareLink, type ResolvedShareLink } from '../../api/sharing/redirects';
import type { AssetsQuery, ClickInput, PersonalCodesQuery, ResolveQuery, ShareLinkListQuery } from '../../api/sharing/schemas';
import {
  createShareLink, listAssets, listPersonalCodes, listShareLinks, trackShare, updateShareLink,
  type AssetPage, type PersonalCodeList, type ShareLinkCreateBody, type ShareLinkPage, type ShareLinkUpdateBody, type TrackShareBody, type TrackShareResult,
} from '../../api/sharing/service';
import { asQuery, ClientError, embedded, type EmbeddedDeps, type RemoteDeps } from './core';

export type { AssetView, ShareLinkView, ResolvedShareLink };

type ClickResult = Awaited<ReturnType<typeof recordClick>>;

/** Spec §7 calls of the sharing area: share links, share tracking, assets, and the public redirect calls. */
export interface SharingClient {
  /** GET /ambassadors/{id}/custom_urls/ - the caller's custom links, newest first. */
  shareLinks(query?: ShareLinkListQuery): Promise<ShareLinkPage>;
  /** POST /tables/ambassadors/{id}/actions/custom_url/create/ */
  createShareLink(input: ShareLinkCreateBody): Promise<ShareLinkView>;
  /** PATCH /urls/{uid}/ */
  updateShareLink(uid: string, input: ShareLinkUpdateBody): Promise<ShareLinkView>;
  /** POST /track/share/ */
  trackShare(input: TrackShareBody): Promise<TrackShareResult>;
  /** GET /ambassadors/{id}/assets/ */
  assets(query?: AssetsQuery): Promise<AssetPage>;
  /** GET /ambassadors/{id}/personal_codes/ - the caller's live personal discount codes (dashboard). */
  personalCodes(query?: PersonalCodesQuery): Promise<PersonalCodeList>;
  /** GET /share_links/resolve/ (public) - where `/r/<code>` or `/<username>` leads in this tenant; null: nowhere. */
  resolveShareLink(query: ResolveQuery): Promise<ResolvedShareLink | null>;
  /** POST /clicks/ (public) - a visit of a link; the API hashes the forwarded client address and user agent. */
  recordClick(input: ClickInput): Promise<ClickResult>;
}

export function embeddedSharing(deps: EmbeddedDeps): SharingClient {
  const { svc } = deps;
  return {
    shareLinks: (query) => embedded(async () => listShareLinks(svc, await deps.caller(), query)),
    createShareLink: (input) => embedded(async () => createShareLink(svc, await deps.caller(), input)),
    updateShareLink: (uid, input) => embedded(async () => updateShareLink(svc, await deps.caller(), uid, input)),
    trackShare: (input) => embedded(async () => trackShare(svc, await deps.caller(), input)),
    assets: (query) => embedded(async () => listAssets(svc, await deps.caller(), query)),
    personalCodes: (query) => embedded(async () => listPersonalCodes(svc, await deps.caller(), query)),
    resolveShareLink: (query) => embedded(() => resolveShareLink(svc, query)),
    recordClick: (input) => embedded(() => recordClick(svc, input)),
  };
}

export interface RemoteIds {
  ambassadorUid: string;
  /** The tenant's company id (spec §7 paths under /companies/{id}/). */
  companyId: string;
}

export function remoteSharing(deps: RemoteDeps, ids: RemoteIds | null): SharingClient {
  const own = () => encodeURIComponent(ids?.ambassadorUid ?? '-');
  return {
    shareLinks: (query) => deps.call(`/ambassadors/${own()}/custom_urls/`, { query: asQuery(query) }),
    createShareLink: (input) => deps.call(`/tables/ambassadors/${own()}/actions/custom_url/create/`, { method: 'POST', body: input }),
    updateShareLink: (uid, input) => deps.call(`/urls/${encodeURIComponent(uid)}/`, { method: 'PATCH', body: input }),
    trackShare: (input) => deps.call('/track/share/', { method: 'POST', body: input }),
    assets: (query) => deps.call(`/ambassadors/${own()}/assets/`, { query: asQuery(query) }),
    personalCodes: (query) => deps.call(`/ambassadors/${own()}/personal_codes/`, { query: asQuery(query) }),
    async resolveShareLink(query) {
      try {
        return await deps.call<ResolvedShareLink>('/share_links/resolve/', { query: asQuery(query), auth: false });
      } catch (err) {
        if (err instanceof ClientError && err.status === 404) return null;
        throw err;
      }
    },
    recordClick: (input) => deps.call('/clicks/', { method: 'POST', body: input, auth: false }),
  };
}
