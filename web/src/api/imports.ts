/** Spreadsheet imports and exports of the administration (companies, products). */
import type { ImportReport } from '@asbuilt/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from './client.ts';

/** `/admin/companies` or `/admin/products`: their export file, and their import call. */
export type SheetPath = '/admin/companies' | '/admin/products';

export const sheetExportUrl = (path: SheetPath) => `/api${path}/export`;

/** POST {path}/import: the .xlsx as the body; a dry run only reports; a real one refreshes `refresh`. */
export function useImportSheet(path: SheetPath, refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      request<ImportReport>(`${path}/import`, { method: 'POST', file, query: { dry_run: dryRun } }),
    onSuccess: (_report, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: refresh });
    },
    // The import dialog shows the problems itself.
    meta: { silent: true },
  });
}
