import type { Context } from 'hono';
import type { AmbassadorRow, CompanyRow, MembershipRow, UserRow } from './rows';

/** Who a valid API token belongs to. */
export interface Principal {
  userId: number;
  companyId: string;
  ambassadorUid: string;
  tokenHash: string;
}

/**
 * The caller's rows as the token check loaded them, in one D1 round trip at the start of the request:
 * the user, the ambassador, the company and the campaigns the ambassador belongs to.
 */
export interface Self {
  user: UserRow;
  ambassador: AmbassadorRow;
  company: CompanyRow;
  memberships: MembershipRow[];
}

/** A verified caller: what every signed-in service function receives. */
export interface Caller extends Self {
  principal: Principal;
}

/**
 * What a service needs from the request besides its input, whether it is called by a Hono route of the
 * public API or by the embedded client of a page: bindings, the portal origin links are built on, the
 * client address (rate limits) and a way to finish work after the answer.
 */
export interface ServiceContext {
  env: Env;
  db: D1Database;
  /** Origin of the portal host the person is using, e.g. `https://acme.example.com`. */
  origin: string;
  /** Host the portal is served on (with port locally), as the edge forwarded it. */
  host: string;
  /** Company id of the tenant that host serves, when the edge named it. */
  tenantCompanyId: string | null;
  clientIp: string | null;
  userAgent: string | null;
  acceptLanguage: string | null;
  /**
   * The browser's own random id (the edge's `__Host-portal_device` cookie, set at login), when the edge
   * named one: the fraud rules' "same device" signal. Never an id a caller chose for a hold to hit someone else:
   * a click can only carry its own visitor's cookie.
   */
  deviceId?: string | null;
  waitUntil(promise: Promise<unknown>): void;
}

export interface ApiEnv {
  Bindings: Env;
  Variables: { caller: Caller };
}

export type ApiContext = Context<ApiEnv>;
