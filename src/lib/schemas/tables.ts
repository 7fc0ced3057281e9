import { z } from 'zod';
import { plainNumber, queryInteger } from './numbers.ts';

// The query of GET/POST /tables/content/{table}/. Messages are keys of
// src/lib/i18n/en.ts. Besides page, page_size, ordering and format, every field is a filter
// `<column>__<op>` or `<column>__not_<op>` (spec §9), checked against the table's columns by the API.

const filterValue = z.preprocess(plainNumber, z.union([z.string(), z.number(), z.boolean()])).transform(String);

export const tableQuery = z
  .object({
    page: queryInteger('invalidField', 1, 1_000_000).default(1),
    page_size: queryInteger('invalidField', 1, 100, 'maxPageSize100').optional(),
    /** `created_at` or `-created_at`; the table's default ordering when absent. */
    ordering: z.string({ error: 'invalidField' }).trim().max(64, 'invalidField').optional(),
    format: z.enum(['json', 'csv'], { error: 'invalidField' }).optional(),
  })
  .catchall(filterValue);

export type TableQuery = z.input<typeof tableQuery>;
export type ParsedTableQuery = z.infer<typeof tableQuery>;

/** The reserved fields of a table query; every other field is a filter. */
export const TABLE_QUERY_FIELDS = ['page', 'page_size', 'ordering', 'format'] as const;
