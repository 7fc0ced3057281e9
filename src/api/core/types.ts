import type { Context } from 'hono';

/** Who a valid API token belongs to. */
export interface Principal {
  userId: number;
  companyId: string;
  ambassadorUid: string;
  tokenHash: string;
}

/** The caller's rows as the token check loaded them (at the start of the request). */
export interface Self {
  user: import('../auth/user-queries').UserRow;
  ambassador: import('../profile/ambassador-queries').AmbassadorRow;
  company: import('../portal/queries').CompanyRow;
}

export interface ApiEnv {
  Bindings: Env;
  Variables: { principal: Principal; self: Self };
}

export type ApiContext = Context<ApiEnv>;
