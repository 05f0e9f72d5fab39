/**
 * A card of the profile page that lists the user's own things (passkeys, sessions, API tokens):
 * a title and what it is for beside its main action, then the list, or a line saying it is empty.
 * The list is named by the title, so tests and screen readers find it as the card's list.
 */
import { Box, Card, CardContent, List, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';

interface Props<T> {
  title: string;
  help: string;
  /** The button beside the title; on a phone it goes under the text. */
  action: ReactNode;
  /** Shown between the heading and the list (e.g. the browser cannot do what the card offers). */
  notice?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  rows: readonly T[];
  row: (item: T) => ReactNode;
  empty: string;
  /**
   * When the empty line shows; by default when there are no rows, in place of the list. A list
   * that always keeps a row (the current session) says it under the list instead.
   */
  isEmpty?: (rows: readonly T[]) => boolean;
  testId?: string;
  /** The card's dialogs. */
  children?: ReactNode;
}

export function ProfileSection<T>({
  title,
  help,
  action,
  notice,
  query,
  rows,
  row,
  empty,
  isEmpty = (all) => all.length === 0,
  testId,
  children,
}: Props<T>) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={testId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {help}
            </Typography>
          </Box>
          <Box sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}>{action}</Box>
        </Stack>
        {notice}
        {query.isPending ? (
          <LoadingScreen fullPage={false} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <>
            {rows.length > 0 && (
              <List aria-labelledby={titleId} sx={{ mt: 1 }}>
                {rows.map(row)}
              </List>
            )}
            {isEmpty(rows) && (
              <Typography color="text.secondary" sx={{ mt: rows.length > 0 ? 1 : 2 }}>
                {empty}
              </Typography>
            )}
          </>
        )}
      </CardContent>
      {children}
    </Card>
  );
}
