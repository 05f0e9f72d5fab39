import { z } from 'zod';

/** What a clean row of an import would do: create, change or leave its record as it is. */
export const IMPORT_ROW_STATUSES = ['new', 'changed', 'unchanged'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/**
 * One clean row of a dry run. A changed row names, under the file's own headers, the value each
 * changed column held before (as the export writes it: names, ISO dates, yes/no), so the preview
 * can show old → new on that cell.
 */
export const importRowChangeSchema = z.object({
  row: z.number(),
  status: z.enum(IMPORT_ROW_STATUSES),
  was: z.record(z.string(), z.string()).optional(),
});
export type ImportRowChange = z.infer<typeof importRowChangeSchema>;

/**
 * What a spreadsheet import answers (companies, products, devices): what it writes or would
 * write, every problem naming its row and column (`params.row`, `params.column`), and the rows as
 * read for the preview. With any problem nothing is written.
 */
export const importReportSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** The sheet's headers no column takes: left out of the import. */
  ignored: z.array(z.string()),
  problems: z.array(
    z.object({
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
  rows: z.array(z.object({ row: z.number(), values: z.record(z.string(), z.string()) })),
  /** On a dry run, what each row without a problem would do (an import that says so). */
  changes: z.array(importRowChangeSchema).optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
