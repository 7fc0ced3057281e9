import { Hono } from 'hono';

/**
 * The deployment owner's calls (issue 12), authenticated by ADMIN_API_KEY: companies, hosts, company
 * API keys. Mounted by ./routes.ts BEFORE the company-key middleware; its own middleware is scoped to
 * its paths (`/companies`, `/companies/*`) so it never guards company-key routes.
 */
export const admin = new Hono<{ Bindings: Env }>();
