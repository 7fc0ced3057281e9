import type { Context } from 'hono';
import type { PortalView } from '../api/companies/portal';
import type { AmbassadorClient } from './client';
import type { ConsoleClient } from './client/console';
import type { RequestContext } from './request-context';
import type { Customization } from '../lib/schemas/customization';

/** The tenant serving this request: the company record plus its resolved customization. */
export interface Portal extends PortalView {
  host: string;
  settings: Customization;
}

/** The signed-in ambassador as the session cookie names them (the token is never sent to page JS). */
export interface Session {
  userId: number;
  ambassadorUid: string;
  token: string;
}

export interface EdgeVariables {
  portal: Portal;
  session: Session | null;
  /** A login or logout of this request: `session()` writes the cookie once, after the response is made. */
  sessionChange?: { session: Session | null };
  /** This browser's device id (the `__Host-portal_device` cookie, or the one a login is about to set): fraud rules. */
  deviceId?: string;
  nonce: string;
  /** HTTP to the ambassador API for the browser API proxy (/api/*). */
  upstream: Upstream;
  /** The typed ambassador client for this request's session. */
  client: AmbassadorClient;
  /** Tests: the stand-in transport of a remote API (EdgeOptions.fetchUpstream). */
  remoteFetch?: (request: Request) => Promise<Response>;
  /** The console cookie's staff token (not verified: the staff client's calls verify it). */
  consoleToken?: string | null;
  /** A console sign-in or sign-out of this request: `consoleSession()` writes the console cookie once. */
  consoleChange?: { token: string | null };
  /** The typed staff client of the console's pages, for the console cookie's token. */
  consoleClient?: ConsoleClient;
  /** A console preview's page language (./portal-preview.ts), before the language cookie and the browser's. */
  previewLanguage?: string;
  /** Page requests: tenant, verified ambassador, language, campaign selection, customization. */
  requestContext: RequestContext;
}

export interface EdgeEnv {
  Bindings: Env;
  Variables: EdgeVariables;
}

export type EdgeContext = Context<EdgeEnv>;

export interface UpstreamInit {
  method?: string;
  body?: BodyInit | null;
  headers?: Record<string, string>;
  /** Sends `Authorization: Token <token>` for the current session unless false. */
  auth?: boolean;
  timeoutMs?: number;
}

/** Calls the ambassador API at a spec §7 path (e.g. `/users/1/`), embedded or remote. */
export type Upstream = (path: string, init?: UpstreamInit) => Promise<Response>;

/** Fetches an upstream request; injectable so tests can stand in for a remote API. */
export type UpstreamFetch = (request: Request, env: Env, execution: ExecutionContext) => Promise<Response>;
