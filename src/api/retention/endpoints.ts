import { transitionSchema } from '../../lib/schemas/operator';
import {
  archiveMonthSchema, archivedClick, clickArchiveListAnswer, clickRetentionAnswer, clickRetentionRunAnswer, clickRetentionSchema,
} from '../../lib/schemas/retention';
import { endpoint } from '../core/endpoint';
import { parseWith } from '../core/validate';
import { archiveReply, clickRetentionOf, listArchives, runClickRetention, setClickRetention } from './service';

// Click retention under /v1/operator: the company's window, its archived months and one month read back
// from R2. A key reads its own company's archives only: the object key is made from the key's company,
// never from the request.

// GET /v1/operator/click-retention - the window in months
export const getClickRetentionEndpoint = endpoint({
  method: 'get',
  path: '/operator/click-retention',
  auth: 'operator',
  operationId: 'getClickRetention',
  tag: 'Retention',
  summary: 'Read the click retention window',
  description: 'How many whole months of raw clicks the database keeps for this company (default 13).',
  answer: { status: 200, schema: clickRetentionAnswer, description: 'The window' },
  handle: ({ svc, operator }) => clickRetentionOf(svc.db, operator.companyId),
});

// PATCH /v1/operator/click-retention - change the window (the next run archives by it)
export const setClickRetentionEndpoint = endpoint({
  method: 'patch',
  path: '/operator/click-retention',
  auth: 'operator',
  operationId: 'setClickRetention',
  tag: 'Retention',
  summary: 'Change the click retention window',
  description: 'From 1 to 120 months. The hourly job archives every whole month older than the window to R2 (gzip NDJSON, ' +
    'one object per month) and then deletes those clicks; the stats graph, totals and counters keep counting them. ' +
    'Widening the window does not bring archived clicks back.',
  body: clickRetentionSchema,
  example: { click_retention_months: 24 },
  answer: { status: 200, schema: clickRetentionAnswer, description: 'The window as stored' },
  handle: ({ svc, operator, body }) => setClickRetention(svc.db, operator.companyId, body.click_retention_months),
});

// POST /v1/operator/click-retention/run - the scheduled archive job now, for this company only
export const runClickRetentionEndpoint = endpoint({
  method: 'post',
  path: '/operator/click-retention/run',
  auth: 'operator',
  operationId: 'runClickRetention',
  tag: 'Retention',
  summary: 'Run the click archive job now',
  description: 'What the hourly cron does, for this company: archive and delete the clicks of months older than the window, up to ' +
    '50,000 clicks per call (call again, or let the cron carry on). Safe to repeat and to interrupt: a month is written, verified ' +
    'and recorded before its clicks are deleted, and a rerun neither loses nor repeats a click.',
  body: transitionSchema,
  example: {},
  answer: { status: 200, schema: clickRetentionRunAnswer, description: 'What this run archived and deleted' },
  handle: ({ svc, operator }) => runClickRetention(svc.db, svc.env.FILES, operator.companyId),
});

// GET /v1/operator/click-archives - the archived months, newest first
export const listClickArchivesEndpoint = endpoint({
  method: 'get',
  path: '/operator/click-archives',
  auth: 'operator',
  operationId: 'listClickArchives',
  tag: 'Retention',
  summary: 'List archived months',
  description: 'The months of this company whose clicks are in R2, newest first.',
  answer: { status: 200, schema: clickArchiveListAnswer, description: 'The archived months' },
  handle: ({ svc, operator }) => listArchives(svc.db, operator.companyId),
});

// GET /v1/operator/click-archives/{month} - one month's clicks as NDJSON (gzip when the caller accepts it)
export const readClickArchiveEndpoint = endpoint({
  method: 'get',
  path: '/operator/click-archives/:month',
  auth: 'operator',
  operationId: 'readClickArchive',
  tag: 'Retention',
  summary: 'Read an archived month back',
  description: 'The month\'s clicks as NDJSON (`application/x-ndjson`, one `ArchivedClick` per line, in time order), streamed from ' +
    'R2. With `Accept-Encoding: gzip` the stored object is sent as it is, with `Content-Encoding: gzip`; otherwise it is ' +
    'gunzipped on the way out. `X-Row-Count` gives the number of lines. `month` is `YYYY-MM`.',
  answer: { status: 200, schema: archivedClick, description: 'The NDJSON, one click per line', contentType: 'application/x-ndjson' },
  errors: { 404: 'The company has no archive for this month' },
  handle: ({ svc, operator, params, header }) => archiveReply(
    svc.db, svc.env.FILES, operator.companyId, parseWith(archiveMonthSchema, params).month, /\bgzip\b/i.test(header('accept-encoding') ?? ''),
  ),
});

/** This domain's rows of src/api/endpoints.ts, by operation id. */
export const operatorEndpoints = {
  getClickRetention: getClickRetentionEndpoint,
  setClickRetention: setClickRetentionEndpoint,
  runClickRetention: runClickRetentionEndpoint,
  listClickArchives: listClickArchivesEndpoint,
  readClickArchive: readClickArchiveEndpoint,
};
