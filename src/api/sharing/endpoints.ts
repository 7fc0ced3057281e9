import {
  assetPageAnswer, assetsQuery, clickBody, clickRecordedAnswer, ownPersonalCodesAnswer, personalCodesQuery, resolvedShareLinkAnswer,
  resolveQuery, shareLinkAnswer, shareLinkListQuery, shareLinkPageAnswer, trackShareAnswer,
} from '../../lib/schemas/sharing';
import { shareLinkCreateSchema, shareLinkUpdateSchema, trackShareSchema } from '../../lib/schemas/share-link';
import { endpoint } from '../core/endpoint';
import { ApiError } from '../core/errors';
import { recordClick, resolveShareLink } from './redirects';
import { createShareLink, listAssets, listPersonalCodes, listShareLinks, trackShare, updateShareLink } from './service';

// Sharing: the caller's share links, share tracking, assets and personal codes, and the two public calls
// the edge's `/r/<code>` and `/<username>` make (no token; the tenant is the one the edge names in
// `x-portal-company`). The write bodies are read as sent (JSON or an HTML form) and checked by the
// service, after the tab rule (a refused tab is a 403 before any 400) and, for an edit, the link's owner.

const notOwnCampaign = 'Another ambassador\'s id, or a `campaign_uid` that is not one of the caller\'s campaigns';

// GET /v1/share_links/resolve/?short_code= | ?username= - the redirect target (404 when there is none)
export const resolveShareLinkEndpoint = endpoint({
  method: 'get',
  path: '/share_links/resolve/',
  auth: 'public',
  operationId: 'resolveShareLink',
  tag: 'Sharing',
  summary: 'Where a share link leads',
  description: 'Where `/r/<short_code>` (a share link\'s code or an ambassador\'s share code) or the memorable URL `/<username>` ' +
    'leads in the tenant the edge names (`x-portal-company`): exactly one of `short_code` or `username`. The location carries no click id.',
  query: resolveQuery,
  answer: { status: 200, schema: resolvedShareLinkAnswer, description: 'The link and its landing URL' },
  errors: { 404: 'No such link, its campaign is inactive, its ambassador left, or its target is not a URL' },
  handle: async ({ svc, query }) => (await resolveShareLink(svc, query)) ?? notFound(),
});

// POST /v1/clicks/ - a visit of a share link (client hash and bot flag from the forwarded headers)
export const recordClickEndpoint = endpoint({
  method: 'post',
  path: '/clicks/',
  auth: 'public',
  operationId: 'recordClick',
  tag: 'Sharing',
  summary: 'Record a click',
  description: 'A visit of a share link of the tenant. The API derives the salted client hash and the bot flag from the forwarded ' +
    'client address (`x-portal-client-ip`) and user agent; the body brings the referrer host, the country and the click id the redirect minted, ' +
    'so a click sent twice is stored once. With the clicks queue the click is sent, not written (`counted: null`).',
  body: clickBody,
  parseIn: 'handler',
  example: { share_link_uid: 'sl-ava-pin', referrer_host: 'news.example', country: 'DE' },
  answer: { status: 201, schema: clickRecordedAnswer, description: 'The click and whether it counts' },
  errors: { 404: 'The link is not the tenant\'s' },
  handle: ({ svc, body }) => recordClick(svc, body),
});

// GET /v1/ambassadors/{uid}/custom_urls/ - the caller's share links, newest first
export const shareLinksEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:uid/custom_urls/',
  auth: 'ambassador',
  own: { uid: 'ambassador' },
  operationId: 'shareLinks',
  tag: 'Sharing',
  summary: 'The caller\'s share links',
  description: 'The caller\'s custom share links (not the campaigns\' referral links), newest first unless `ordering=created_at`, one page.',
  query: shareLinkListQuery,
  answer: { status: 200, schema: shareLinkPageAnswer, description: 'One page of share links' },
  errors: { 404: 'Another ambassador\'s id' },
  handle: ({ svc, caller, query }) => listShareLinks(svc, caller, query),
});

// POST /v1/tables/ambassadors/{uid}/actions/custom_url/create/ - create a share link
export const createShareLinkEndpoint = endpoint({
  method: 'post',
  path: '/tables/ambassadors/:uid/actions/custom_url/create/',
  auth: 'ambassador',
  own: { uid: 'ambassador' },
  operationId: 'createShareLink',
  tag: 'Sharing',
  summary: 'Create a share link',
  description: 'A custom share link in one of the caller\'s active campaigns. The form\'s names or the snake_case ones ' +
    '(`short_code`, `redirect_url`, `campaign_uid`); no short code: the caller\'s share code plus a random suffix. ' +
    'A redirect URL must be on a host the campaign allows.',
  body: shareLinkCreateSchema,
  parseIn: 'handler',
  example: { campaign: 101, description: 'Blog post', shortCode: 'ava-blog', redirectUrl: 'https://shop.example/summer' },
  answer: { status: 201, schema: shareLinkAnswer, description: 'The new share link' },
  errors: { 404: 'Another ambassador\'s id', 409: { shortCodeUnavailable: 'no free code was found for the link; retry' } },
  handle: ({ svc, caller, body }) => createShareLink(svc, caller, body),
});

// PATCH /v1/urls/{uid}/ - edit one of the caller's share links
export const updateShareLinkEndpoint = endpoint({
  method: 'patch',
  path: '/urls/:uid/',
  auth: 'ambassador',
  operationId: 'updateShareLink',
  tag: 'Sharing',
  summary: 'Edit a share link',
  description: 'Changes the fields sent of one of the caller\'s custom share links (names as on create). A new campaign or redirect ' +
    'URL is checked against the campaign\'s allowed hosts.',
  body: shareLinkUpdateSchema,
  parseIn: 'handler',
  example: { medium: 'video', shortCode: 'ava-video' },
  answer: { status: 200, schema: shareLinkAnswer, description: 'The share link' },
  errors: { 404: 'Not one of the caller\'s custom share links' },
  handle: ({ svc, caller, params, body }) => updateShareLink(svc, caller, params.uid, body),
});

// POST /v1/track/share/ - the caller copied or shared one of their links (channel `copy`, `email`, ...)
export const trackShareEndpoint = endpoint({
  method: 'post',
  path: '/track/share/',
  auth: 'ambassador',
  operationId: 'trackShare',
  tag: 'Sharing',
  summary: 'Record a share',
  description: 'The caller copied or shared one of their links: `social_name` is the channel (`copy`, `email`, `qr_code`, ...).',
  body: trackShareSchema,
  parseIn: 'handler',
  example: { short_code: 'ava-blog', social_name: 'copy' },
  answer: { status: 201, schema: trackShareAnswer, description: 'Recorded' },
  handle: ({ svc, caller, body }) => trackShare(svc, caller, body),
});

// GET /v1/ambassadors/{uid}/assets/ - assets of the caller's campaigns (one or all), searchable by name
export const assetsEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:uid/assets/',
  auth: 'ambassador',
  own: { uid: 'ambassador' },
  operationId: 'assets',
  tag: 'Sharing',
  summary: 'Campaign assets',
  description: 'Files of the caller\'s campaigns (one with `campaign_uid`, or all), newest first, whose title or file name contains ' +
    '`search`, each with the caller\'s referral link and an embed snippet.',
  query: assetsQuery,
  answer: { status: 200, schema: assetPageAnswer, description: 'One page of assets' },
  errors: { 404: notOwnCampaign },
  handle: ({ svc, caller, query }) => listAssets(svc, caller, query),
});

// GET /v1/ambassadors/{uid}/personal_codes/ - the caller's live personal discount codes
export const personalCodesEndpoint = endpoint({
  method: 'get',
  path: '/ambassadors/:uid/personal_codes/',
  auth: 'ambassador',
  own: { uid: 'ambassador' },
  operationId: 'personalCodes',
  tag: 'Sharing',
  summary: 'The caller\'s personal codes',
  description: 'The caller\'s live personal discount codes in the campaigns they are still in; `campaign_uid` narrows to one of them.',
  query: personalCodesQuery,
  answer: { status: 200, schema: ownPersonalCodesAnswer, description: 'The codes' },
  errors: { 404: notOwnCampaign },
  handle: ({ svc, caller, query }) => listPersonalCodes(svc, caller, query),
});

function notFound(): never {
  throw new ApiError('not_found', 'notFound');
}

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const ambassadorEndpoints = {
  resolveShareLink: resolveShareLinkEndpoint,
  recordClick: recordClickEndpoint,
  shareLinks: shareLinksEndpoint,
  createShareLink: createShareLinkEndpoint,
  updateShareLink: updateShareLinkEndpoint,
  trackShare: trackShareEndpoint,
  assets: assetsEndpoint,
  personalCodes: personalCodesEndpoint,
};
