import {
  IMPORT_MAX_ROWS, IMPORT_OPTIONAL_COLUMNS, IMPORT_REQUIRED_COLUMNS, importRowSchema, type ImportColumn,
} from '../../lib/schemas/operator-people';
import { englishText } from '../../lib/error-body';
import { ApiError, zodFields } from '../core/errors';
import type { ServiceContext } from '../core/types';
import { loadCustomization } from '../companies/customization';
import { findCompany } from '../companies/queries';
import type { Operator } from '../core/operator-keys';
import { announce, writeAccount, writeAccountsAtOnce, type NewAmbassador } from './accounts';
import { joinableOf, resolveNew } from './ambassadors';
import { headerColumns, importRecords, refuseOverRows, type CsvRecord } from './csv';
import { companyRefRows, existingAccounts } from './operator-queries';
import { findUser } from '../auth/user-queries';
import type { CompanyRow, UserRow } from '../core/rows';

// POST /v1/operator/ambassadors/import: ambassadors from a CSV file, with a report line per data row.
// Every row is checked first (a bad row never stops the good ones), e-mails that already have an account
// are skipped, then the new rows are written CHUNK at a time in one D1 batch (all rows of the chunk or
// none); a chunk that fails (an e-mail taken meanwhile, a code that collides) is written again row by
// row, each row in its own batch, so a row is always written whole or not at all.

const CHUNK = 50;
/** Rows announced (webhook, e-mail) at the same time: a few D1 round trips in flight, not hundreds. */
const ANNOUNCE_AT_ONCE = 4;

export interface ImportRowReport {
  row: number;
  email: string;
  status: 'created' | 'skipped' | 'error';
  uid?: string | undefined;
  errors?: Record<string, string[]> | undefined;
}

const english = (fields: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.map((m) => englishText(m).text)]));

const ALL_COLUMNS: readonly ImportColumn[] = [...IMPORT_REQUIRED_COLUMNS, ...IMPORT_OPTIONAL_COLUMNS];

/** The header's column of each name; a missing required column, an unknown or a repeated one is a 400 naming it. */
function readHeader(record: CsvRecord): Map<ImportColumn, number> {
  const { columns, problems } = headerColumns(record, ALL_COLUMNS);
  for (const name of IMPORT_REQUIRED_COLUMNS) if (!columns.has(name)) problems.push(`The required column "${name}" is missing.`);
  if (problems.length) throw new ApiError('validation', problems[0]!, { header: problems });
  return columns;
}

interface Checked { report: ImportRowReport; ambassador?: NewAmbassador }

/** Checks every data row against the schema and the company's groups and campaigns. */
async function checkRows(
  svc: ServiceContext, op: Operator, columns: Map<ImportColumn, number>, width: number, records: CsvRecord[],
): Promise<Checked[]> {
  const [refs, customization] = await Promise.all([companyRefRows(svc.db, op.companyId), loadCustomization(svc.db, op.companyId)]);
  const defaults = await joinableOf(svc.db, op.companyId, refs);
  const loyaltyAccess = customization.company.register.set_contact_loyalty_on_register;
  const out: Checked[] = [];
  for (const record of records) {
    const cell = (name: ImportColumn) => (columns.has(name) ? record.cells[columns.get(name)!] ?? '' : '');
    // Cut to an address's longest length: the report is kept under an Idempotency-Key, and D1 refuses a
    // value over 2 MB, which one giant cell of a 2 MB file would otherwise bring it to (a 500 after the import).
    const report: ImportRowReport = { row: record.line, email: cell('email').trim().toLowerCase().slice(0, 255), status: 'error' };
    const checked: Checked = { report };
    out.push(checked);
    const extra = record.cells.slice(width).some((c) => c.trim() !== '');
    if (record.malformed || extra) {
      report.errors = {
        non_field_errors: [record.malformed ? 'Text follows a closing quote in this row.' : `This row has more cells than the header (${width}).`],
      };
      continue;
    }
    const input = Object.fromEntries(ALL_COLUMNS.map((name) => [name, cell(name)]));
    const parsed = importRowSchema.safeParse(input);
    const fields: Record<string, string[]> = parsed.success ? {} : zodFields(parsed.error);
    // The group and campaigns are looked up even when another cell is wrong: the report names every problem.
    const group = importRowSchema.shape.group.safeParse(input.group);
    const campaigns = importRowSchema.shape.campaigns.safeParse(input.campaigns);
    const resolved = resolveNew(refs, {
      group: group.success ? group.data : null,
      // An empty campaigns cell joins the campaigns a registration joins, like a file without the column.
      campaigns: campaigns.success && campaigns.data.length ? campaigns.data : undefined,
    }, defaults);
    Object.assign(fields, resolved.fields);
    if (parsed.success && !Object.keys(fields).length) {
      const row = parsed.data;
      checked.ambassador = {
        email: row.email, firstName: row.first_name, lastName: row.last_name, language: row.language, group: resolved.group,
        campaigns: resolved.campaigns, loyaltyAccess,
      };
      continue;
    }
    report.errors = english(fields);
  }
  return out;
}

/**
 * Marks rows whose e-mail has an account already, or came earlier in the file, as skipped. Answers the
 * rows to write, and the later duplicates of each (they get its uid once it is written).
 */
async function skipExisting(svc: ServiceContext, op: Operator, checked: Checked[]) {
  const valid = checked.filter((c) => c.ambassador);
  const existing = await existingAccounts(svc.db, op.companyId, [...new Set(valid.map((c) => c.ambassador!.email))]);
  const first = new Map<string, Checked>();
  const repeats: { first: Checked; repeat: Checked }[] = [];
  for (const c of valid) {
    const email = c.ambassador!.email;
    const earlier = first.get(email);
    if (existing.has(email) || earlier) {
      c.report.status = 'skipped';
      const uid = existing.get(email);
      if (uid) c.report.uid = uid;
      if (earlier) repeats.push({ first: earlier, repeat: c });
      delete c.ambassador;
    } else first.set(email, c);
  }
  return { fresh: [...first.values()], repeats };
}

/** Writes the new rows; answers each created row's uid and user. */
async function writeRows(svc: ServiceContext, op: Operator, rows: Checked[]) {
  const created: { checked: Checked; uid: string; user: UserRow }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const atOnce = await writeAccountsAtOnce(svc.db, op.companyId, chunk.map((c) => c.ambassador!));
    if (atOnce) {
      chunk.forEach((checked, k) => created.push({ checked, ...atOnce[k]! }));
      continue;
    }
    for (const checked of chunk) {
      const written = await writeAccount(svc.db, op.companyId, checked.ambassador!);
      if (written === 'exists') {
        checked.report.status = 'skipped';
        continue;
      }
      created.push({ checked, uid: written.uid, user: (await findUser(svc.db, op.companyId, written.userId))! });
    }
  }
  for (const c of created) {
    c.checked.report.status = 'created';
    c.checked.report.uid = c.uid;
  }
  return created;
}

/** The webhook event of each new ambassador and, with `invite`, their set-password e-mail; a failure is reported on the row. */
async function announceAll(svc: ServiceContext, company: CompanyRow, created: Awaited<ReturnType<typeof writeRows>>, invite: boolean) {
  for (let i = 0; i < created.length; i += ANNOUNCE_AT_ONCE) {
    await Promise.all(created.slice(i, i + ANNOUNCE_AT_ONCE).map(async ({ checked, uid, user }) => {
      try {
        await announce(svc, company, { uid, user }, checked.ambassador!, { invite, source: 'import' });
      } catch (err) {
        console.error('import: announcing a new ambassador failed', uid, err);
        checked.report.errors = {
          invite: [`Created, but the invitation could not be sent: send it again with POST /v1/operator/ambassadors/${uid}/invite.`],
        };
      }
    }));
  }
}

/**
 * The whole import: 400 for a bad header or a broken file, 413 past IMPORT_MAX_ROWS rows, else the report.
 * `dryRun`: the same checks and report (`created` meaning "would be created", without a uid), nothing
 * written and nothing sent.
 */
export async function importAmbassadors(svc: ServiceContext, op: Operator, csv: string, invite: boolean, dryRun = false) {
  const { header, data } = importRecords(csv, `send a header row (${IMPORT_REQUIRED_COLUMNS.join(', ')}) and one row per ambassador.`);
  const columns = readHeader(header);
  refuseOverRows(data.length, IMPORT_MAX_ROWS);
  const checked = await checkRows(svc, op, columns, header.cells.length, data);
  const { fresh, repeats } = await skipExisting(svc, op, checked);
  if (dryRun) {
    for (const c of fresh) c.report.status = 'created';
  } else {
    const company = (await findCompany(svc.db, op.companyId))!;
    const created = await writeRows(svc, op, fresh);
    await announceAll(svc, company, created, invite);
    for (const { first, repeat } of repeats) if (first.report.uid) repeat.report.uid = first.report.uid;
  }
  const rows = checked.map((c) => c.report);
  return {
    ...(dryRun ? { dry_run: true } : {}),
    created: rows.filter((r) => r.status === 'created').length,
    skipped: rows.filter((r) => r.status === 'skipped').length,
    failed: rows.filter((r) => r.status === 'error').length,
    rows,
  };
}
