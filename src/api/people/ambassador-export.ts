import type { AmbassadorFilters } from '../../lib/schemas/operator-people';
import { streamReply, type Reply } from '../core/endpoint';
import type { Operator } from '../core/operator-keys';
import type { ServiceContext } from '../core/types';
import { csvCell, csvLine } from '../../lib/csv-cell';
import { ambassadorView } from './accounts';
import { resolveFilters } from './ambassadors';
import { ambassadorExportPage } from './operator-queries';

// GET /v1/operator/ambassadors/export: every ambassador the list's filters match, in its order, as CSV.
// Read EXPORT_PAGE rows at a time as the reader pulls (memory stays flat); cells that a spreadsheet would
// run as a formula get a leading apostrophe (src/lib/csv-cell.ts, as the table downloads do). The columns are the import's first,
// so an exported file can be edited and imported again (known e-mails are skipped).

const EXPORT_PAGE = 500;

export const EXPORT_COLUMNS = [
  'email', 'first_name', 'last_name', 'group', 'campaigns', 'language', 'uid', 'active', 'has_password', 'created_at',
] as const;

/** One ambassador as a CSV line of EXPORT_COLUMNS. */
function lineOf(a: ReturnType<typeof ambassadorView>): string {
  return csvLine([
    csvCell(a.email), csvCell(a.first_name), csvCell(a.last_name), csvCell(a.group?.uid ?? ''),
    csvCell(a.campaigns.map((c) => c.campaign_uid).join(';')), csvCell(a.language ?? ''), csvCell(a.uid),
    a.active ? 'true' : 'false', a.has_password ? 'true' : 'false', csvCell(a.created_at),
  ]);
}

/** Resolves the filters at once (an unknown group is a 400 before any byte), then streams the file. */
export async function exportAmbassadors(svc: ServiceContext, op: Operator, q: AmbassadorFilters): Promise<Reply<string>> {
  const filters = await resolveFilters(svc, op, q);
  const encoder = new TextEncoder();
  let offset = -1;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset < 0) {
        offset = 0;
        controller.enqueue(encoder.encode(csvLine(EXPORT_COLUMNS.map((c) => csvCell(c)))));
        return;
      }
      const rows = await ambassadorExportPage(svc.db, op.companyId, filters, EXPORT_PAGE, offset);
      offset += rows.length;
      if (rows.length) controller.enqueue(encoder.encode(rows.map((r) => lineOf(ambassadorView(r))).join('')));
      if (rows.length < EXPORT_PAGE) controller.close();
    },
  }, { highWaterMark: 0 });
  return streamReply(stream, 'text/csv; charset=utf-8', {
    'content-disposition': `attachment; filename="ambassadors-${new Date().toISOString().slice(0, 10)}.csv"`,
    'cache-control': 'private, no-store',
  });
}
