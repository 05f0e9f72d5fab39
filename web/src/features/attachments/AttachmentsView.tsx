/**
 * Files and pictures of a site, a floor, a location or a device (core.md section 2): search, a
 * card grid (2 columns on the site page, 4 in the cards) with an Add File tile, drop several
 * files anywhere on it (each with its progress, cancellable), take a picture on a phone (a touch
 * screen), the gallery of the pictures shown.
 */
import { ATTACHMENT_EXTENSIONS, type AttachmentDto, acceptAttribute } from '@asbuilt/domain';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ReplayIcon from '@mui/icons-material/Replay';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AttachmentLinkFilter, useAttachments, useDeleteAttachment } from '../../api/attachments.ts';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { shrinkPhotos } from '../scan/shrinkPhoto.ts';
import { useSite } from '../sites/SiteContext.tsx';
import { TagFilter } from '../tags/TagFilter.tsx';
import { AttachmentCard } from './AttachmentCard.tsx';
import { AttachmentEditDialog } from './AttachmentEditDialog.tsx';
import { Gallery } from './Gallery.tsx';
import { useUploadQueue } from './useUploadQueue.ts';

/** The file picker offers the types the server takes (a dropped file of another type is refused with the reason). */
const ATTACHMENT_ACCEPT = acceptAttribute(ATTACHMENT_EXTENSIONS);

const PAGE = 48;
const SEARCH_DEBOUNCE_MS = 300;

export function AttachmentsView({
  filter,
  columns,
  only = null,
  onShowAll,
}: {
  /** Absent on the site's Attachments page: every file of the site. */
  filter?: AttachmentLinkFilter;
  columns: 2 | 4;
  /** One file by id, shown alone until the user asks for all (a search result's link). */
  only?: number | null;
  onShowAll?: () => void;
}) {
  const { t } = useTranslation('attachments');
  const { siteId, permission } = useSite();
  const canEdit = permission >= 2;
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [tagFilter, setTagFilter] = useState<number | null>(null);
  const list = useAttachments(siteId, filter, query, limit, only, tagFilter);
  const remove = useDeleteAttachment(siteId);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<AttachmentDto | null>(null);
  const [deleting, setDeleting] = useState<AttachmentDto | null>(null);
  const [dragging, setDragging] = useState(false);
  const link = useMemo(() => filter ?? { type: null, id: null }, [filter]);
  const onDone = useCallback((count: number) => toastSuccess(t('toast.attached', { count })), [t]);
  const uploads = useUploadQueue(siteId, link, onDone);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  // A touch screen: a phone or a tablet, with a camera to take the picture and nothing to drag from.
  const touch = useMediaQuery('(pointer: coarse)');

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed.trim());
      setLimit(PAGE);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const items = list.data?.attachments ?? [];
  const total = list.data?.total ?? 0;
  const pictures = useMemo(() => items.filter((a) => a.file_class === 'image'), [items]);
  const empty = list.isSuccess && items.length === 0;
  // With nothing to show yet, the Add File tile is the empty state: the whole row, saying so.
  const addIsEmptyState = empty && !query && canEdit;

  const view = (attachment: AttachmentDto) => {
    if (attachment.file_class === 'image') setViewing(pictures.indexOf(attachment));
    else window.open(attachment.url, '_blank', 'noopener');
  };

  // A picture named by the link opens at once; another file waits for a click (no pop-up unasked).
  const opened = useRef<number | null>(null);
  useEffect(() => {
    const [picture] = pictures;
    if (!only || opened.current === only || items.length !== 1 || picture?.id !== only) return;
    opened.current = only;
    setViewing(0);
  }, [only, items.length, pictures]);

  const pick = (input: HTMLInputElement | null) => {
    if (!input?.files) return;
    uploads.enqueue(input.files);
    input.value = '';
  };

  // A camera's photos are shrunk before they are sent (features/scan/shrinkPhoto.ts).
  const pickPhotos = (input: HTMLInputElement | null) => {
    const files = [...(input?.files ?? [])];
    if (input) input.value = '';
    void shrinkPhotos(files).then(uploads.enqueue);
  };

  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Box
      onDragOver={(event) => {
        if (!canEdit || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      }}
      onDrop={(event) => {
        if (!canEdit) return;
        event.preventDefault();
        setDragging(false);
        uploads.enqueue(event.dataTransfer.files);
      }}
      sx={{
        position: 'relative',
        borderRadius: 1,
        outline: dragging ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: 'primary.main',
        outlineOffset: 4,
      }}
    >
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hidden
        onChange={(e) => pick(e.currentTarget)}
        data-testid="file-input"
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => pickPhotos(e.currentTarget)}
        data-testid="camera-input"
      />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        {only ? (
          <Alert
            severity="info"
            sx={{ flex: 1, py: 0 }}
            action={<Button onClick={onShowAll}>{t('only.show_all')}</Button>}
          >
            {t('only.shown')}
          </Alert>
        ) : (
          <>
            <SearchField value={typed} onChange={setTyped} label={t('search')} />
            <TagFilter siteId={siteId} value={tagFilter} onChange={setTagFilter} />
          </>
        )}
        {list.data && !only && (
          <Typography variant="body2" color="text.secondary">
            {t('count', { count: total, number: formatNumber(total) })}
          </Typography>
        )}
      </Box>

      {uploads.queue.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }} aria-live="polite">
          {uploads.queue.map((item) =>
            item.failed ? (
              <Alert
                key={item.id}
                severity="error"
                action={
                  <>
                    <IconButton
                      size="small"
                      aria-label={t('upload.retry', { name: item.file.name })}
                      onClick={() => uploads.retry(item.id)}
                    >
                      <ReplayIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('upload.dismiss')}
                      onClick={() => uploads.dismiss(item.id)}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </>
                }
              >
                {item.reasons.length > 0
                  ? t('upload.refused', { name: item.file.name, reason: item.reasons.join(' ') })
                  : t('upload.failed', { name: item.file.name })}
              </Alert>
            ) : (
              <Box
                key={item.id}
                data-testid="upload-progress"
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {t('upload.sending', { name: item.file.name })}
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(item.progress * 100)}
                    aria-label={t('upload.progress', { name: item.file.name })}
                  />
                </Box>
                <IconButton
                  size="small"
                  aria-label={t('upload.cancel', { name: item.file.name })}
                  onClick={() => uploads.cancel(item.id)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ),
          )}
        </Stack>
      )}

      {/* Columns follow the room the view has (a card sheet is narrower than a page): one on a
          phone, two from 360 px, and four from 720 px where four are asked for. */}
      <Box sx={{ containerType: 'inline-size' }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr',
            gap: 2,
            '@container (min-width: 360px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
            ...(columns === 4 && {
              '@container (min-width: 720px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
            }),
          }}
        >
          {canEdit && (
            <Card
              variant="outlined"
              sx={{
                borderStyle: 'dashed',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 1,
                p: 2,
                minHeight: 200,
                textAlign: 'center',
                ...(addIsEmptyState && { gridColumn: '1 / -1' }),
              }}
            >
              <AddPhotoAlternateIcon color="action" sx={{ fontSize: 40 }} />
              {addIsEmptyState && <Typography color="text.secondary">{t('empty')}</Typography>}
              <Button
                variant="contained"
                startIcon={<UploadFileIcon />}
                onClick={() => fileInput.current?.click()}
              >
                {t('action.add')}
              </Button>
              {touch ? (
                <Button
                  size="small"
                  startIcon={<PhotoCameraIcon />}
                  onClick={() => cameraInput.current?.click()}
                >
                  {t('action.camera')}
                </Button>
              ) : (
                <Typography variant="caption" color="text.secondary">
                  {t('drop_hint')}
                </Typography>
              )}
            </Card>
          )}
          {items.map((attachment) => (
            <AttachmentCard
              key={attachment.id}
              attachment={attachment}
              canEdit={canEdit}
              onView={() => view(attachment)}
              onEdit={() => setEditing(attachment)}
              onDelete={() => setDeleting(attachment)}
            />
          ))}
        </Box>
      </Box>
      {empty && !addIsEmptyState && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {query ? t('no_match') : t('empty')}
        </Typography>
      )}
      {items.length < total && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => setLimit((n) => n + PAGE)} loading={list.isFetching}>
            {t('more', { count: total - items.length })}
          </Button>
        </Box>
      )}

      <Gallery pictures={pictures} index={viewing} onClose={() => setViewing(null)} />
      <AttachmentEditDialog attachment={editing} onClose={() => setEditing(null)} />
      <DeleteConfirm
        item={deleting}
        title={(attachment) => t('delete.title', { name: attachment.filename })}
        done={() => t('toast.deleted')}
        remove={(attachment) => remove.mutateAsync(attachment.id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
