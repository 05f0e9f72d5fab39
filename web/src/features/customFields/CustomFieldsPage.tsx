/**
 * /tenant/settings/custom-fields (issue 43): the tenant's custom fields by kind of object, to add,
 * edit, reorder and delete. A field that objects hold values of is deleted only after a
 * confirmation naming how many.
 */
import { CUSTOM_FIELD_TARGETS, type CustomFieldDto, type CustomFieldTarget } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCustomFields, useDeleteCustomField, useOrderCustomFields } from '../../api/customFields.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { CustomFieldDialog } from './CustomFieldDialog.tsx';
import { fieldLabel } from './fieldValues.ts';

type Editing = { field: CustomFieldDto | null; target: CustomFieldTarget } | null;

export function CustomFieldsPage() {
  const { t } = useTranslation('customFields');
  const fields = useCustomFields();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CustomFieldDto | null>(null);
  const order = useOrderCustomFields();
  const remove = useDeleteCustomField();

  const back = (
    <Link component={RouterLink} to="/tenant/settings">
      {t('page.back')}
    </Link>
  );
  if (fields.isPending) return <LoadingScreen fullPage={false} />;
  if (fields.isError) return <ErrorState error={fields.error} onRetry={() => fields.refetch()} />;
  const canManage = fields.data.can_manage;

  const move = (list: CustomFieldDto[], index: number, by: -1 | 1) => {
    const ids = list.map((f) => f.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate(ids, { onError: (error) => toastFailure(t('page.order_failed'), error) });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, force: deleting.value_count > 0 },
      {
        onSuccess: () => {
          toastSuccess(t('delete.done', { name: deleting.name }));
          setDeleting(null);
        },
        onError: (error) => toastFailure(t('delete.failed'), error),
      },
    );
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('page.title')} subtitle={back} />
      <Typography color="text.secondary">{t('page.help')}</Typography>
      {CUSTOM_FIELD_TARGETS.map((target) => {
        const list = fields.data.custom_fields.filter((f) => f.applies_to === target);
        return (
          <Paper
            key={target}
            variant="outlined"
            component="section"
            aria-label={t(`target.${target}`)}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="h6" component="h2">
                {t(`target.${target}`)}
              </Typography>
              {canManage ? (
                <Button startIcon={<AddIcon />} onClick={() => setEditing({ field: null, target })}>
                  {t('page.add')}
                </Button>
              ) : null}
            </Stack>
            {list.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('page.none')}
              </Typography>
            ) : (
              <List dense aria-label={t(`target.${target}`)}>
                {list.map((field, index) => (
                  <ListItem
                    key={field.id}
                    divider={index < list.length - 1}
                    disableGutters
                    secondaryAction={
                      canManage ? (
                        <Box sx={{ display: 'flex' }}>
                          <Tooltip title={t('page.up', { name: field.name })}>
                            <span>
                              <IconButton
                                aria-label={t('page.up', { name: field.name })}
                                disabled={index === 0 || order.isPending}
                                onClick={() => move(list, index, -1)}
                              >
                                <ArrowUpwardIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                          <Tooltip title={t('page.down', { name: field.name })}>
                            <span>
                              <IconButton
                                aria-label={t('page.down', { name: field.name })}
                                disabled={index === list.length - 1 || order.isPending}
                                onClick={() => move(list, index, 1)}
                              >
                                <ArrowDownwardIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                          <Tooltip title={t('page.edit', { name: field.name })}>
                            <IconButton
                              aria-label={t('page.edit', { name: field.name })}
                              onClick={() => setEditing({ field, target })}
                            >
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('page.delete', { name: field.name })}>
                            <IconButton
                              aria-label={t('page.delete', { name: field.name })}
                              onClick={() => setDeleting(field)}
                            >
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </Box>
                      ) : null
                    }
                    sx={{ pr: canManage ? 22 : 0 }}
                  >
                    <FieldSummary field={field} />
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        );
      })}
      {editing ? (
        <CustomFieldDialog field={editing.field} target={editing.target} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        message={
          deleting && deleting.value_count > 0
            ? t('delete.with_values', { count: deleting.value_count })
            : t('delete.empty')
        }
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function FieldSummary({ field }: { field: CustomFieldDto }) {
  const { t, i18n } = useTranslation('customFields');
  const label = fieldLabel(field, i18n.language);
  return (
    <ListItemText
      primary={
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{label}</span>
          <Chip size="small" label={t(`type.${field.type}`)} />
          {field.required ? (
            <Chip size="small" color="primary" variant="outlined" label={t('page.required')} />
          ) : null}
        </Stack>
      }
      secondary={[
        label !== field.name ? field.name : null,
        field.type === 'choice' ? field.options.join(', ') : null,
        t('page.values', { count: field.value_count }),
      ]
        .filter(Boolean)
        .join(' · ')}
    />
  );
}
