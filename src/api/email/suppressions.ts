import type { SuppressionLifted, SuppressionList, SuppressionListQuery } from '../../lib/schemas/email';
import { ApiError } from '../core/errors';
import { deleteSuppression, suppressionPage } from './suppression-queries';

/**
 * The company's e-mail suppression list: addresses the portal stopped sending to after a
 * refusal, a bounce or a complaint (./delivery.ts, ./events.ts). The company can
 * read it and lift an address once the person fixed their mailbox; e-mails written after that go out.
 */

/** A page of the list, newest first; `email` narrows to addresses containing it. */
export async function listSuppressions(db: D1Database, companyId: string, query: SuppressionListQuery): Promise<SuppressionList> {
  const { count, rows } = await suppressionPage(db, companyId, query.email?.toLowerCase() ?? '', query.limit, query.offset);
  return { count: count?.n ?? 0, results: rows };
}

/** Lifts one address: 404 when the company has no such entry. */
export async function liftSuppression(db: D1Database, companyId: string, email: string): Promise<SuppressionLifted> {
  const row = await deleteSuppression(db, companyId, email);
  if (!row) throw new ApiError('not_found', 'notFound');
  return { lifted: row };
}
