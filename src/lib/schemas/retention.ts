import { z } from 'zod';
import { jsonInteger } from './numbers.ts';
import { components } from './registry';

// Click retention (operator API): the company's window, the archive job on demand, the archived months and
// one month read back from R2.

/** PATCH /v1/operator/click-retention: how many whole months a company's raw clicks stay in the database. */
export const clickRetentionSchema = z.object({
  click_retention_months: jsonInteger('invalidField', 1, 120)
    .describe('Whole months of raw clicks kept in the database (1 to 120, default 13); older months are archived to R2 and deleted'),
});

/** An archived month in a path: `YYYY-MM`. */
export const archiveMonthSchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidField') });

export const clickRetentionAnswer = z.object({
  click_retention_months: z.number().int().describe('Whole months of raw clicks kept in the database'),
}).strict().register(components, { id: 'ClickRetention' });
export type ClickRetention = z.output<typeof clickRetentionAnswer>;

export const clickRetentionRunAnswer = z.object({
  archived: z.number().int().describe('Clicks written to archive objects by this run'),
  deleted: z.number().int().describe('Clicks deleted from the database by this run (rollups and counters keep them)'),
  months: z.array(z.string()).describe('The months this run worked on, `<company>/<YYYY-MM>`'),
}).strict().register(components, { id: 'ClickRetentionRun' });
export type ClickRetentionRun = z.output<typeof clickRetentionRunAnswer>;

const clickArchive = z.object({
  month: z.string().describe('`YYYY-MM` (UTC)'),
  object_key: z.string().describe('The R2 key: `clicks/<company>/<YYYY-MM>.ndjson.gz`'),
  row_count: z.number().int().describe('Clicks the object holds'),
  bytes: z.number().int().describe('The object\'s size, gzip-compressed'),
  created_at: z.string().describe('ISO 8601 UTC time of the first archive run of the month'),
  updated_at: z.string().describe('ISO 8601 UTC time the object was last written'),
}).strict().register(components, { id: 'ClickArchive' });
export type ClickArchive = z.output<typeof clickArchive>;

export const clickArchiveListAnswer = z.object({ count: z.number().int(), results: z.array(clickArchive) }).strict()
  .register(components, { id: 'ClickArchiveList' });
export type ClickArchiveList = z.output<typeof clickArchiveListAnswer>;

/** One line of an archive's NDJSON: a raw click, every column of `clicks`. */
export const archivedClick = z.object({
  id: z.number().int(), company_id: z.string(), share_link_uid: z.string(), campaign_id: z.number().int(), ambassador_uid: z.string(),
  referrer_host: z.string().nullable(), country: z.string().nullable(), client_hash: z.string().describe('Salted hash of IP and user agent'),
  counted: z.number().int().describe('1: counted in the stats; 0: a bot or a repeat'), created_at: z.string(), click_uid: z.string().nullable(),
}).strict().register(components, { id: 'ArchivedClick', description: 'One line of the NDJSON' });
export type ArchivedClick = z.output<typeof archivedClick>;
