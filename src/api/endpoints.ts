import type { AnyEndpoint } from './core/endpoint';
// One import per domain (its src/api/<domain>/endpoints.ts), kept in the order of the tables below.
import * as payouts from './payouts/endpoints';
import * as tax from './tax/endpoints';
import * as campaigns from './campaigns/endpoints';
import * as retention from './retention/endpoints';
import * as email from './email/endpoints';
import * as webhooks from './webhooks/endpoints';
import * as commissions from './commissions/endpoints';
import * as attribution from './attribution/endpoints';
import * as stats from './stats/endpoints';
import * as tables from './tables/endpoints';
import * as loyalty from './loyalty/endpoints';
import * as sharing from './sharing/endpoints';
import * as rewards from './rewards/endpoints';
import * as people from './people/endpoints';
import * as companies from './companies/endpoints';
import * as auth from './auth/endpoints';
import * as staff from './staff/endpoints';
import * as audit from './audit/endpoints';

/**
 * The API's endpoints by operation id (each key is its endpoint's `operationId`): the ambassador API
 * (spec §7, the edge client's methods: src/edge/client/contract.ts), the operator API and the console's staff API. The Hono routes
 * (./app.ts mounts them with ./core/mount.ts), the OpenAPI document and the edge's client are all made
 * from these tables. A domain adds one line to each table it has endpoints in.
 */
export const ambassadorEndpoints = {
  ...payouts.ambassadorEndpoints,
  ...tax.ambassadorEndpoints,
  ...stats.ambassadorEndpoints,
  ...tables.ambassadorEndpoints,
  ...loyalty.ambassadorEndpoints,
  ...sharing.ambassadorEndpoints,
  ...rewards.ambassadorEndpoints,
  ...people.ambassadorEndpoints,
  ...companies.ambassadorEndpoints,
  ...auth.ambassadorEndpoints,
} satisfies Record<string, AnyEndpoint>;

export const operatorEndpoints = {
  ...payouts.operatorEndpoints,
  ...tax.operatorEndpoints,
  ...campaigns.operatorEndpoints,
  ...retention.operatorEndpoints,
  ...email.operatorEndpoints,
  ...webhooks.operatorEndpoints,
  ...commissions.operatorEndpoints,
  ...attribution.operatorEndpoints,
  ...loyalty.operatorEndpoints,
  ...people.operatorEndpoints,
  ...companies.operatorEndpoints,
  ...rewards.operatorEndpoints,
  ...audit.operatorEndpoints,
  ...staff.operatorEndpoints,
} satisfies Record<string, AnyEndpoint>;

/** The company console's staff API (`Authorization: Staff <token>`, its sign-in public). */
export const staffEndpoints = {
  ...staff.staffEndpoints,
} satisfies Record<string, AnyEndpoint>;

export const endpoints: Record<string, AnyEndpoint> = { ...ambassadorEndpoints, ...operatorEndpoints, ...staffEndpoints };
export type AmbassadorEndpoints = typeof ambassadorEndpoints;
