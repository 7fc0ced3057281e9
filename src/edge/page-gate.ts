import type { MiddlewareHandler } from 'hono';
import { PORTAL_ACCESS_LEVELS, isPermissionDenied } from '../lib/permissions';
import { buildMenu, isBuiltInTabAllowed, isTabVisible, tabKeyForPath } from '../lib/tabs';
import { gatePath } from './canonical-path';
import type { RequestContext } from './request-context';
import { clearSession } from './session';
import type { EdgeEnv } from './types';

// The server side of spec §6 and §4 for pages: the numeric access level, admin3_access variants and the
// tab settings decide which /app page a signed-in person may open, so a hidden tab is not just missing
// from the menu. (loyalty_access is enforced by the loyalty API, which refuses without it, and by the
// pages that leave the loyalty sections out.) Custom tabs at /{slug} get the same rule here and in their
// page. The gate reads the path the way gatePath does (every spelling of a page is gated like it), and
// canonical-path.ts, before it, redirects non-canonical spellings of page paths to the canonical one.

export type GateDecision =
  | { kind: 'pass' }
  /** Spec §6 denied: the session ends and the person goes to /login, as for an invalid user (§8). */
  | { kind: 'denied'; location: '/login' }
  /** A tab this person may not open: the first tab they may. */
  | { kind: 'hidden'; location: string };

export function gatePage(pathname: string, requestContext: Pick<RequestContext, 'me' | 'settings' | 'selection' | 'groupUids'>, admin3Access: boolean): GateDecision {
  if (!requestContext.me) return { kind: 'pass' };
  if (isPermissionDenied(requestContext.me.user, PORTAL_ACCESS_LEVELS)) return { kind: 'denied', location: '/login' };
  // Every spelling of a path: decoded, lower case, slashes and dot segments collapsed.
  const here = gatePath(pathname);
  const options = {
    customization: requestContext.settings,
    admin3Access,
    selectedCampaignId: requestContext.selection.selectedCampaignId,
    userGroupUids: requestContext.groupUids,
  };
  const key = tabKeyForPath(here);
  if (key) {
    if (isBuiltInTabAllowed(key, options)) return { kind: 'pass' };
  } else {
    // A custom tab at /{slug} (spec §2, §4): gated here too, not only by its page.
    const slug = /^\/([^/]+)$/.exec(here)?.[1];
    const tab = slug ? requestContext.settings.tabs.custom.find((custom) => custom.enabled && custom.slug.toLowerCase() === slug) : undefined;
    if (!tab || isTabVisible(tab, requestContext.selection.selectedCampaignId, requestContext.groupUids)) return { kind: 'pass' };
  }
  const first = buildMenu(options).main.find((item) => !item.external)?.href;
  // Nowhere else to go (every tab hidden): the dashboard stays reachable rather than looping.
  if (!first) return { kind: 'pass' };
  return first === here ? { kind: 'pass' } : { kind: 'hidden', location: first };
}

/** Applies `gatePage` to page requests, after the request context is known. */
export function pageGate(): MiddlewareHandler<EdgeEnv> {
  return async function pageGate(c, next) {
    const requestContext = c.get('requestContext');
    const decision = requestContext ? gatePage(new URL(c.req.url).pathname, requestContext, c.get('portal').admin3_access) : { kind: 'pass' as const };
    if (decision.kind === 'pass') return next();
    if (decision.kind === 'denied') clearSession(c);
    return c.redirect(decision.location, 303);
  };
}
