/**
 * The parts a list page (devices, cable schedule) shares above its table: the counter under the
 * title, read out as it changes, and the toolbar row that starts with the search and wraps on
 * phones.
 */
import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { SearchField } from './SearchField.tsx';

export function LiveCounter({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box component="span" data-testid={testId} aria-live="polite">
      {children}
    </Box>
  );
}

export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  /** What follows the search: filters, menus, export, import. */
  children: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <SearchField value={search} onChange={onSearch} label={searchLabel} width={320} />
      {children}
    </Stack>
  );
}
