import type { MiddlewareHandler } from 'hono';
import { recordAudit } from '../api/audit/record';
import { STAFF_TOKEN_PATTERN } from '../api/core/staff-auth';
import { edgeServiceContext } from './api-client';
import { embeddedConsoleClient, remoteConsoleClient, type ConsoleClient } from './client/console';
import { remoteDeps } from './client/core';
import { requestCookie } from './cookies';
import { sessionCookie } from './session';
import { signedSend } from './internal-headers';
import { forwardedHeaders } from './transport';
import type { EdgeContext, EdgeEnv } from './types';

/**
 * The console's own cookie, apart from the ambassadors' `__Host-portal_session` (./session.ts): it holds a
 * staff session's token and nothing else, with the same attributes (`__Host-`, HttpOnly, Secure,
 * SameSite=Lax, Path=/). Only the console's sign-in sets it and only the console reads it, so an
 * ambassador's session never opens /console and a staff session never opens /app.
 */
export const CONSOLE_COOKIE = '__Host-portal_console';
/** A staff session lasts 12 hours (src/api/staff/sessions.ts): the cookie no longer. */
const MAX_AGE_SECONDS = 12 * 3600;

export const parseConsoleCookie = (value: string | undefined): string | null => (value && STAFF_TOKEN_PATTERN.test(value) ? value : null);

/** The staff client for `token`: embedded, or remote when the ambassador client is (also the portal preview's, ./portal-preview.ts). */
export function consoleClientFor(c: EdgeContext, token: string | null): ConsoleClient {
  if (c.get('client').mode === 'embedded') return embeddedConsoleClient(edgeServiceContext(c), token, recordAudit);
  const remoteUrl = c.env.AMBASSADOR_API_URL?.trim();
  const fetchRemote = c.get('remoteFetch');
  const deps = remoteDeps({
    baseUrl: remoteUrl || `${new URL(c.req.url).origin}/v1`, token: null, headers: forwardedHeaders(c),
    fetch: signedSend(c.env, fetchRemote ?? ((request) => fetch(request))),
  });
  return remoteConsoleClient(deps, token);
}

/**
 * Reads the console cookie into `c.var.consoleToken` and gives `c.var.consoleClient` (embedded, or remote when
 * the ambassador client is): after the request, writes the one Set-Cookie a console sign-in or sign-out asked
 * for (`c.var.consoleChange`). Only console pages (`/console...`) get either.
 */
export function consoleSession(): MiddlewareHandler<EdgeEnv> {
  return async function consoleSession(c, next) {
    const token = parseConsoleCookie(requestCookie(c, CONSOLE_COOKIE));
    c.set('consoleToken', token);
    c.set('consoleClient', consoleClientFor(c, token));
    await next();
    const change = c.get('consoleChange');
    if (!change) return;
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append('Set-Cookie', sessionCookie(CONSOLE_COOKIE, change.token, MAX_AGE_SECONDS));
  };
}
