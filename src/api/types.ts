import type { Context } from 'hono';

/** Who a valid API token belongs to. */
export interface Principal {
  userId: number;
  companyId: string;
  ambassadorUid: string;
  tokenHash: string;
}

export interface ApiEnv {
  Bindings: Env;
  Variables: { principal: Principal };
}

export type ApiContext = Context<ApiEnv>;
