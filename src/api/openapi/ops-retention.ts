import { z } from 'zod';
import { clickRetentionSchema, transitionSchema } from '../../lib/schemas/operator';
import type { Operation } from './operations';
import { components } from './responses';

// Click retention: the window, the archive job on demand, the archived months and one read back.

export const clickRetentionAnswer = z.object({
  click_retention_months: z.number().int().describe('Whole months of raw clicks kept in the database'),
}).strict().register(components, { id: 'ClickRetention' });

export const clickRetentionRunAnswer = z.object({
  archived: z.number().int().describe('Clicks written to archive objects by this run'),
  deleted: z.number().int().describe('Clicks deleted from the database by this run (rollups and counters keep them)'),
  months: z.array(z.string()).describe('The months this run worked on, `<company>/<YYYY-MM>`'),
}).strict().register(components, { id: 'ClickRetentionRun' });

const clickArchive = z.object({
  month: z.string().describe('`YYYY-MM` (UTC)'),
  object_key: z.string().describe('The R2 key: `clicks/<company>/<YYYY-MM>.ndjson.gz`'),
  row_count: z.number().int().describe('Clicks the object holds'),
  bytes: z.number().int().describe('The object\'s size, gzip-compressed'),
  created_at: z.string().describe('ISO 8601 UTC time of the first archive run of the month'),
  updated_at: z.string().describe('ISO 8601 UTC time the object was last written'),
}).strict().register(components, { id: 'ClickArchive' });

export const clickArchiveListAnswer = z.object({ count: z.number().int(), results: z.array(clickArchive) }).strict()
  .register(components, { id: 'ClickArchiveList' });

/** One line of an archive's NDJSON: a raw click, every column of `clicks`. */
export const archivedClick = z.object({
  id: z.number().int(), company_id: z.string(), share_link_uid: z.string(), campaign_id: z.number().int(), ambassador_uid: z.string(),
  referrer_host: z.string().nullable(), country: z.string().nullable(), client_hash: z.string().describe('Salted hash of IP and user agent'),
  counted: z.number().int().describe('1: counted in the stats; 0: a bot or a repeat'), created_at: z.string(), click_uid: z.string().nullable(),
}).strict().register(components, { id: 'ArchivedClick', description: 'One line of the NDJSON' });

export const OPERATIONS_RETENTION: Operation[] = [
  {
    method: 'get',
    path: '/v1/operator/click-retention',
    tag: 'Retention',
    operationId: 'getClickRetention',
    summary: 'Read the click retention window',
    description: 'How many whole months of raw clicks the database keeps for this company (default 13).',
    ok: { status: 200, schema: clickRetentionAnswer, description: 'The window' },
    errors: {},
  },
  {
    method: 'patch',
    path: '/v1/operator/click-retention',
    tag: 'Retention',
    operationId: 'setClickRetention',
    summary: 'Change the click retention window',
    description: 'From 1 to 120 months. The hourly job archives every whole month older than the window to R2 (gzip NDJSON, ' +
      'one object per month) and then deletes those clicks; the stats graph, totals and counters keep counting them. ' +
      'Widening the window does not bring archived clicks back.',
    body: clickRetentionSchema,
    example: { click_retention_months: 24 },
    ok: { status: 200, schema: clickRetentionAnswer, description: 'The window as stored' },
    errors: {},
  },
  {
    method: 'post',
    path: '/v1/operator/click-retention/run',
    tag: 'Retention',
    operationId: 'runClickRetention',
    summary: 'Run the click archive job now',
    description: 'What the hourly cron does, for this company: archive and delete the clicks of months older than the window, up to ' +
      '50,000 clicks per call (call again, or let the cron carry on). Safe to repeat and to interrupt: a month is written, verified ' +
      'and recorded before its clicks are deleted, and a rerun neither loses nor repeats a click.',
    body: transitionSchema,
    example: {},
    ok: { status: 200, schema: clickRetentionRunAnswer, description: 'What this run archived and deleted' },
    errors: {},
  },
  {
    method: 'get',
    path: '/v1/operator/click-archives',
    tag: 'Retention',
    operationId: 'listClickArchives',
    summary: 'List archived months',
    description: 'The months of this company whose clicks are in R2, newest first.',
    ok: { status: 200, schema: clickArchiveListAnswer, description: 'The archived months' },
    errors: {},
  },
  {
    method: 'get',
    path: '/v1/operator/click-archives/:month',
    tag: 'Retention',
    operationId: 'readClickArchive',
    summary: 'Read an archived month back',
    description: 'The month\'s clicks as NDJSON (`application/x-ndjson`, one `ArchivedClick` per line, in time order), streamed from ' +
      'R2. With `Accept-Encoding: gzip` the stored object is sent as it is, with `Content-Encoding: gzip`; otherwise it is ' +
      'gunzipped on the way out. `X-Row-Count` gives the number of lines. `month` is `YYYY-MM`.',
    ok: { status: 200, schema: archivedClick, description: 'The NDJSON, one click per line', contentType: 'application/x-ndjson' },
    errors: { 404: 'The company has no archive for this month' },
  },
];
