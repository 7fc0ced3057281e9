import { personalCodeSchema } from '../../lib/schemas/attribution';
import { ApiError } from '../core/errors';
import { headerColumns, importRecords, refuseOverRows, type CsvRecord } from '../people/csv';
import { insertPersonalCodeStatement } from './queries';
import { ambassadorsByEmail, campaignUids, knownAmbassadors, membershipsOf, takenCodes } from './personal-codes-queries';

// POST /v1/operator/personal-codes/import: personal codes from a CSV file, with a report line per data row.
// Every row is checked first (a bad row never stops the good ones), then the good rows are written CHUNK at a
// time in one D1 batch; each row is one INSERT, so a row is written whole or not at all, and a code taken
// between the check and the write is reported on its row, not half-written.

export const PERSONAL_CODE_IMPORT_MAX_ROWS = 1000;
const CHUNK = 50;
const COLUMNS = ['email', 'ambassador_uid', 'campaign_uid', 'code'] as const;
type Column = (typeof COLUMNS)[number];

export interface PersonalCodeRowReport {
  row: number;
  code: string;
  status: 'created' | 'error';
  uid?: string | undefined;
  errors?: Record<string, string[]> | undefined;
}

interface Row { report: PersonalCodeRowReport; email: string; ambassadorUid: string; campaignUid: string }

/** The header's column of each name: an unknown or repeated column, or a missing one, is a 400 naming it. */
function readHeader(record: CsvRecord): Map<Column, number> {
  const { columns, problems } = headerColumns(record, COLUMNS);
  if (!columns.has('email') && !columns.has('ambassador_uid')) problems.push('Name the ambassador with an "email" or an "ambassador_uid" column.');
  for (const name of ['campaign_uid', 'code'] as const) if (!columns.has(name)) problems.push(`The required column "${name}" is missing.`);
  if (problems.length) throw new ApiError('validation', problems[0]!, { header: problems });
  return columns;
}

const fail = (report: PersonalCodeRowReport, field: string, message: string) => {
  report.status = 'error';
  (report.errors ??= {})[field] = [...(report.errors[field] ?? []), message];
};

/** Reads each data row's cells and checks the ones that need no lookup (the code's form, a filled cell). */
function readRows(columns: Map<Column, number>, width: number, records: CsvRecord[]): Row[] {
  const firstOfCode = new Map<string, number>();
  return records.map((record) => {
    const cell = (name: Column) => (columns.has(name) ? (record.cells[columns.get(name)!] ?? '').trim() : '');
    // Cut to the column's longest length: the report is kept under an Idempotency-Key (D1 values ≤ 2 MB).
    const row: Row = {
      report: { row: record.line, code: cell('code').slice(0, 64), status: 'created' },
      email: cell('email').toLowerCase().slice(0, 255), ambassadorUid: cell('ambassador_uid').slice(0, 64), campaignUid: cell('campaign_uid').slice(0, 64),
    };
    const { report } = row;
    if (record.malformed) fail(report, 'non_field_errors', 'Text follows a closing quote in this row.');
    else if (record.cells.slice(width).some((c) => c.trim() !== '')) fail(report, 'non_field_errors', `This row has more cells than the header (${width}).`);
    if (!row.email && !row.ambassadorUid) fail(report, columns.has('email') ? 'email' : 'ambassador_uid', 'Give the ambassador\'s e-mail or uid.');
    if (!row.campaignUid) fail(report, 'campaign_uid', 'Give the campaign\'s uid.');
    const code = personalCodeSchema.shape.code.safeParse(cell('code'));
    if (!code.success) fail(report, 'code', code.error.issues[0]!.message);
    else {
      const key = code.data.toLowerCase();
      const earlier = firstOfCode.get(key);
      if (earlier !== undefined) fail(report, 'code', `This code is already on row ${earlier} of the file (codes are compared whatever the case).`);
      else firstOfCode.set(key, record.line);
    }
    return row;
  });
}

/** Checks the rows against the company: its ambassadors (by e-mail or uid), its campaigns, their members, its codes. */
async function checkRows(db: D1Database, companyId: string, rows: Row[]) {
  const live = rows.filter((r) => r.report.status !== 'error');
  const [byEmail, byUid, campaigns, taken] = await Promise.all([
    ambassadorsByEmail(db, companyId, [...new Set(live.map((r) => r.email).filter(Boolean))]),
    knownAmbassadors(db, companyId, [...new Set(live.map((r) => r.ambassadorUid).filter(Boolean))]),
    campaignUids(db, companyId),
    takenCodes(db, companyId, live.map((r) => r.report.code)),
  ]);
  for (const r of live) {
    const fromEmail = r.email ? byEmail.get(r.email) : undefined;
    if (r.email && !fromEmail) fail(r.report, 'email', 'No ambassador of your program has this e-mail.');
    if (r.ambassadorUid && !byUid.has(r.ambassadorUid)) fail(r.report, 'ambassador_uid', 'No ambassador of your program has this uid.');
    if (fromEmail && r.ambassadorUid && byUid.has(r.ambassadorUid) && fromEmail !== r.ambassadorUid) {
      fail(r.report, 'ambassador_uid', 'The e-mail and the uid of this row name two different ambassadors.');
    }
    if (!r.ambassadorUid && fromEmail) r.ambassadorUid = fromEmail;
    if (!campaigns.has(r.campaignUid)) fail(r.report, 'campaign_uid', 'Your program has no campaign with this uid.');
    if (taken.has(r.report.code.toLowerCase())) fail(r.report, 'code', 'This code is taken in your program (codes are compared whatever the case).');
  }
  const members = await membershipsOf(db, companyId, [...new Set(live.filter((r) => r.report.status !== 'error').map((r) => r.ambassadorUid))]);
  for (const r of live) {
    if (r.report.status !== 'error' && !members.get(r.ambassadorUid)?.has(r.campaignUid)) {
      fail(r.report, 'campaign_uid', 'This ambassador is not a member of this campaign.');
    }
  }
}

/** Writes the rows that passed, CHUNK INSERTs a batch; a row whose INSERT wrote nothing is reported taken. */
async function writeRows(db: D1Database, companyId: string, rows: Row[]) {
  const good = rows.filter((r) => r.report.status !== 'error');
  for (let i = 0; i < good.length; i += CHUNK) {
    const chunk = good.slice(i, i + CHUNK);
    const results = await db.batch<{ uid: string }>(
      chunk.map((r) => insertPersonalCodeStatement(db, companyId, r.ambassadorUid, r.campaignUid, r.report.code)),
    );
    chunk.forEach((r, k) => {
      const uid = results[k]?.results[0]?.uid;
      if (uid) r.report.uid = uid;
      else fail(r.report, 'code', 'Not written: the code was taken, or the ambassador left the campaign, while the file was imported.');
    });
  }
}

/** The whole import: 400 for a bad header or a broken file, 413 past the row limit, else the report. */
export async function importPersonalCodes(db: D1Database, companyId: string, csv: string) {
  const { header, data } = importRecords(csv, 'send a header row (email or ambassador_uid, campaign_uid, code) and one row per code.');
  const columns = readHeader(header);
  refuseOverRows(data.length, PERSONAL_CODE_IMPORT_MAX_ROWS);
  const rows = readRows(columns, header.cells.length, data);
  await checkRows(db, companyId, rows);
  await writeRows(db, companyId, rows);
  const reports = rows.map((r) => r.report);
  return {
    created: reports.filter((r) => r.status === 'created').length,
    failed: reports.filter((r) => r.status === 'error').length,
    rows: reports,
  };
}
