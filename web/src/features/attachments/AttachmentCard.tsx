/** One file: its thumbnail or icon, its name and link, and View, Edit, Download, Delete. */
import type { AttachmentDto } from '@asbuilt/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnTagChips } from '../tags/TagChips.tsx';
import { fileIcon } from './fileIcons.tsx';

export function AttachmentCard({
  attachment,
  canEdit,
  onView,
  onEdit,
  onDelete,
}: {
  attachment: AttachmentDto;
  canEdit: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('attachments');
  const [broken, setBroken] = useState(false);
  const Icon = fileIcon(attachment.file_type);
  const thumb = broken ? null : attachment.thumb_url;
  const name = attachment.filename;
  return (
    <Card
      variant="outlined"
      data-testid="attachment-card"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <CardActionArea onClick={onView} aria-label={t('action.view_named', { name })}>
        <Box
          sx={{
            height: 140,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            overflow: 'hidden',
          }}
        >
          {thumb ? (
            <Box
              component="img"
              src={thumb}
              alt=""
              loading="lazy"
              onError={() => setBroken(true)}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Icon sx={{ fontSize: 56, color: 'text.secondary' }} />
          )}
        </Box>
      </CardActionArea>
      <CardContent sx={{ py: 1, flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap title={name}>
          {name}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          noWrap
          title={attachment.linked.name}
        >
          {attachment.file_type.toUpperCase()} · {attachment.linked.name}
        </Typography>
        <OwnTagChips ids={attachment.tags} siteId={attachment.site_id} />
      </CardContent>
      <CardActions sx={{ pt: 0, justifyContent: 'flex-end' }}>
        <Tooltip title={t('action.view')}>
          <IconButton size="small" onClick={onView} aria-label={t('action.view_named', { name })}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canEdit && (
          <Tooltip title={t('action.edit')}>
            <IconButton size="small" onClick={onEdit} aria-label={t('action.edit_named', { name })}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('action.download')}>
          <IconButton
            size="small"
            component="a"
            href={attachment.download_url}
            download={attachment.original_filename}
            aria-label={t('action.download_named', { name })}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canEdit && (
          <Tooltip title={t('action.delete')}>
            <IconButton size="small" onClick={onDelete} aria-label={t('action.delete_named', { name })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
