/** A task's completions, newest first: when, who, the note, the checklist and the photos. */
import { Box, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTaskHistory } from '../../api/tasks.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatDate } from '../../lib/dates.ts';

export function TaskHistory({ taskId }: { taskId: number }) {
  const { t } = useTranslation('tasks');
  const history = useTaskHistory(taskId);
  if (history.isError) return <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  if (history.isPending) return <Skeleton height={48} />;
  if (history.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('history.empty')}
      </Typography>
    );
  }
  return (
    <Stack
      component="ol"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('history.title')}
    >
      {history.data.map((completion) => {
        const checked = completion.checklist.filter((item) => item.done).length;
        return (
          <Box component="li" key={completion.id} data-testid="task-completion">
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('history.by', { date: formatDate(completion.done_at), name: completion.user_name ?? '' })}
            </Typography>
            {completion.note ? (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {completion.note}
              </Typography>
            ) : null}
            {completion.checklist.length > 0 ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('history.checked', { done: checked, total: completion.checklist.length })}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary" component="div">
              {completion.next_due_date
                ? t('history.next', { date: formatDate(completion.next_due_date) })
                : t('history.closed')}
            </Typography>
            {completion.attachments.length > 0 ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                {completion.attachments.map((file) => (
                  <Link key={file.id} href={file.preview_url ?? file.url} target="_blank" rel="noopener">
                    <Box
                      component="img"
                      src={file.thumb_url ?? file.url}
                      alt={t('history.photo', { name: file.filename })}
                      sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                    />
                  </Link>
                ))}
              </Stack>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
