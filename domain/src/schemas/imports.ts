import { z } from 'zod';

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
});
export type ImportReport = z.infer<typeof importReportSchema>;
