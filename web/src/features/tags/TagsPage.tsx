/**
 * /tenant/settings/tags (issue 43): the tenant's tags with their colour and how many objects carry
 * each; an Integrator adds, renames, recolours and deletes them (a delete asks first and takes the
 * tag off every object). Others see the list.
 */
import { TAG_COLORS, TAG_NAME_MAX, type TagDto } from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  IconButton,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../../api/tags.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { TagChip } from './TagChips.tsx';

const swatchSx = { width: 40, height: 32, p: 0, border: 0, background: 'none', cursor: 'pointer' } as const;

function NewTagForm() {
  const { t } = useTranslation('tags');
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TAG_COLORS[0]);
  const add = () =>
    create.mutate(
      { name: name.trim(), color },
      {
        onSuccess: () => {
          toastSuccess(t('page.created'));
          setName('');
        },
        onError: (error) => toastFailure(t('page.failed'), error),
      },
    );
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      useFlexGap
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) add();
      }}
    >
      <TextField
        size="small"
        label={t('page.new')}
        sx={{ flex: '1 1 220px', maxWidth: 360 }}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX } }}
      />
      <Box
        component="input"
        type="color"
        aria-label={t('page.color')}
        value={color}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setColor(event.target.value)}
        sx={swatchSx}
      />
      <Button type="submit" variant="contained" disabled={!name.trim()} loading={create.isPending}>
        {t('page.add')}
      </Button>
    </Stack>
  );
}

function TagRow({ tag, canManage, onDelete }: { tag: TagDto; canManage: boolean; onDelete: () => void }) {
  const { t } = useTranslation('tags');
  const update = useUpdateTag();
  const [name, setName] = useState(tag.name);
  const save = (changes: { name?: string; color?: string }) =>
    update.mutate(
      { id: tag.id, ...changes },
      {
        onSuccess: () => toastSuccess(t('page.saved')),
        onError: (error) => {
          setName(tag.name);
          toastFailure(t('page.failed'), error);
        },
      },
    );
  const rename = () => {
    const wanted = name.trim();
    if (wanted && wanted !== tag.name) save({ name: wanted });
    else setName(tag.name);
  };
  return (
    <TableRow>
      <TableCell sx={{ width: 56 }}>
        {canManage ? (
          <Box
            component="input"
            type="color"
            aria-label={t('page.recolor', { name: tag.name })}
            defaultValue={tag.color}
            onBlur={(event: React.FocusEvent<HTMLInputElement>) => {
              if (event.target.value !== tag.color) save({ color: event.target.value });
            }}
            sx={swatchSx}
          />
        ) : (
          <Box sx={{ width: 24, height: 24, borderRadius: 1, bgcolor: tag.color }} />
        )}
      </TableCell>
      <TableCell>
        {canManage ? (
          <TextField
            size="small"
            variant="standard"
            fullWidth
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={rename}
            onKeyDown={(event) => {
              if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
            }}
            slotProps={{
              htmlInput: { maxLength: TAG_NAME_MAX, 'aria-label': t('page.rename', { name: tag.name }) },
            }}
          />
        ) : (
          <TagChip tag={tag} />
        )}
      </TableCell>
      <TableCell align="right">{formatNumber(tag.count)}</TableCell>
      {canManage && (
        <TableCell align="right" sx={{ width: 56 }}>
          <Tooltip title={t('page.delete', { name: tag.name })}>
            <IconButton aria-label={t('page.delete', { name: tag.name })} onClick={onDelete}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </TableCell>
      )}
    </TableRow>
  );
}

export function TagsPage() {
  const { t } = useTranslation('tags');
  const tags = useTags();
  const remove = useDeleteTag();
  const [deleting, setDeleting] = useState<TagDto | null>(null);
  const back = (
    <Link component={RouterLink} to="/tenant/settings">
      {t('page.back')}
    </Link>
  );
  if (tags.isPending) return <LoadingScreen fullPage={false} />;
  if (tags.isError) return <ErrorState error={tags.error} onRetry={() => tags.refetch()} />;
  const canManage = tags.data.can_manage;
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toastSuccess(t('page.deleted'));
        setDeleting(null);
      },
      onError: (error) => toastFailure(t('page.failed'), error),
    });
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('page.title')} subtitle={back} />
      <Typography color="text.secondary">{t('page.help')}</Typography>
      {canManage && <NewTagForm />}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        {tags.data.tags.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('page.empty')}
          </Typography>
        ) : (
          <Table size="small">
            <TableCaption>{t('page.title')}</TableCaption>
            <TableHead>
              <TableRow>
                <TableCell>{t('page.color')}</TableCell>
                <TableCell>{t('page.name')}</TableCell>
                <TableCell align="right">{t('page.count')}</TableCell>
                {canManage && <TableCell align="right">{t('page.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.data.tags.map((tag) => (
                <TagRow
                  key={`${tag.id}-${tag.name}-${tag.color}`}
                  tag={tag}
                  canManage={canManage}
                  onDelete={() => setDeleting(tag)}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <ConfirmDialog
        open={deleting !== null}
        title={t('page.delete_title', { name: deleting?.name ?? '' })}
        message={t('page.delete_message', { count: deleting?.count ?? 0 })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
