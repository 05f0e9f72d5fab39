/** The ticket's attachments: pictures get a thumbnail; those who may change the ticket add and remove. */
import type { TicketDetail } from '@asbuilt/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddTicketFile, useRemoveTicketFile } from '../../api/tickets.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

export function TicketFiles({ detail, canChange }: { detail: TicketDetail; canChange: boolean }) {
  const { t } = useTranslation('support');
  const siteId = detail.ticket.site_id ?? 0;
  const add = useAddTicketFile(siteId, detail.ticket.id);
  const remove = useRemoveTicketFile(detail.ticket.id);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={2}>
      {detail.attachments.length === 0 ? (
        <Typography color="text.secondary">{t('files.empty')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('tab.files', { count: detail.attachments.length })}>
          {detail.attachments.map((file) => (
            <ListItem
              key={file.id}
              divider
              secondaryAction={
                canChange && (
                  <IconButton
                    edge="end"
                    aria-label={t('files.remove', { name: file.filename })}
                    onClick={() => remove.mutateAsync(file.id).catch(() => undefined)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              {file.thumb || ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(file.file_type) ? (
                <Box
                  component="img"
                  src={file.thumb ?? file.url ?? undefined}
                  alt=""
                  sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, mr: 1.5 }}
                />
              ) : null}
              <ListItemText
                primary={
                  file.url ? (
                    <Link href={file.url} target="_blank" rel="noopener">
                      {file.filename}
                    </Link>
                  ) : (
                    file.filename
                  )
                }
                secondary={`${file.file_type.toUpperCase()} · ${formatDateTime(file.created_at)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canChange && (
        <Box>
          <input
            ref={input}
            type="file"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                add
                  .mutateAsync(file)
                  .then(() => toastSuccess(t('toast.file')))
                  .catch(toastError);
            }}
          />
          <Button
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            loading={add.isPending}
          >
            {t('files.add')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
