import { Hono } from 'hono';
import { ApiError } from '../core/errors';
import { callerOf, serviceContext } from '../core/service-context';
import { ensureOwn, requireAmbassador } from '../core/token-auth';
import type { ApiContext, ApiEnv } from '../core/types';
import { readFields } from '../core/validate';
import { recordClick, resolveShareLink } from './redirects';
import type { AssetsQuery, ClickInput, PersonalCodesQuery, ResolveQuery, ShareLinkListQuery } from './schemas';
import { createShareLink, listAssets, listPersonalCodes, listShareLinks, trackShare, updateShareLink, type TrackShareBody } from './service';

/** A JSON or HTML-form body as sent (src/api/core/validate.ts); the service validates it. */
const readRaw = (c: ApiContext): Promise<Record<string, unknown>> => readFields(c, { form: true });

/**
 * Public routes of the share links: what the edge's `/r/<code>` and `/<username>` need (no token; the
 * tenant is the one the edge names in `x-portal-company`). Mounted before the signed-in sub-apps.
 */
export const sharingPublic = new Hono<ApiEnv>()
  // GET /v1/share_links/resolve/?short_code= | ?username= - the redirect target (404 when there is none)
  .get('/share_links/resolve/', async (c) => {
    const found = await resolveShareLink(serviceContext(c), c.req.query() as ResolveQuery);
    if (!found) throw new ApiError('not_found', 'notFound');
    return c.json(found);
  })
  // POST /v1/clicks/ - a visit of a share link (client hash and bot flag from the forwarded headers)
  .post('/clicks/', async (c) => c.json(await recordClick(serviceContext(c), (await readRaw(c)) as ClickInput), 201));

/** The caller's share links, share tracking and campaign assets. */
export const sharing = new Hono<ApiEnv>()
  .use(requireAmbassador())
  // GET /v1/ambassadors/{uid}/custom_urls/ - the caller's share links, newest first
  .get('/ambassadors/:uid/custom_urls/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('uid'));
    const pageUrl = (n: number) => {
      const url = new URL(c.req.url);
      url.searchParams.set('page', String(n));
      return url.toString();
    };
    return c.json(await listShareLinks(serviceContext(c), caller, c.req.query() as ShareLinkListQuery, pageUrl));
  })
  // POST /v1/tables/ambassadors/{uid}/actions/custom_url/create/ - create a share link
  .post('/tables/ambassadors/:uid/actions/custom_url/create/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('uid'));
    return c.json(await createShareLink(serviceContext(c), caller, await readRaw(c)), 201);
  })
  // PATCH /v1/urls/{uid}/ - edit one of the caller's share links
  .patch('/urls/:uid/', async (c) => c.json(await updateShareLink(serviceContext(c), callerOf(c), c.req.param('uid'), await readRaw(c))))
  // POST /v1/track/share/ - the caller copied or shared one of their links (channel `copy`, `email`, ...)
  .post('/track/share/', async (c) => c.json(await trackShare(serviceContext(c), callerOf(c), (await readRaw(c)) as TrackShareBody), 201))
  // GET /v1/ambassadors/{uid}/assets/ - assets of the caller's campaigns (one or all), searchable by name
  .get('/ambassadors/:uid/assets/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('uid'));
    return c.json(await listAssets(serviceContext(c), caller, c.req.query() as AssetsQuery));
  })
  // GET /v1/ambassadors/{uid}/personal_codes/ - the caller's live personal discount codes
  .get('/ambassadors/:uid/personal_codes/', async (c) => {
    const caller = callerOf(c);
    ensureOwn(caller.ambassador.uid, c.req.param('uid'));
    return c.json(await listPersonalCodes(serviceContext(c), caller, c.req.query() as PersonalCodesQuery));
  });
