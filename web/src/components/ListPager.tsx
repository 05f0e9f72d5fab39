/** The pager under a list with a fixed page size (the spec's 12, 5, 25, 50): "1–12 of 40". */
import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ListPager({
  count,
  page,
  pageSize,
  onPage,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('components');
  if (count <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_event, next) => onPage(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      labelDisplayedRows={({ from, to, count: total }) => t('pager.shown', { from, to, count: total })}
    />
  );
}
