import { findCompanyByHost } from './queries';
import { portalView } from './routes';

/** GET /portal.json?host= - the company serving `host` with its raw customization rows, or null. */
export async function portalByHost(db: D1Database, host: string) {
  const company = await findCompanyByHost(db, host);
  return company ? portalView(db, company) : null;
}
