/**
 * The vault of a site, a floor, a location or a device (core.md section 2): search, New Secret,
 * a table (cards on a phone) with ID, Name, Username, Password, URL and Linked To, a page of 12
 * on the site's Vault page and 5 in the cards.
 */
import type { SecretDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SecretLinkFilter, useDeleteSecret, useSecrets } from '../../api/secrets.ts';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import type { LinkValue } from '../links/LinkedItemPicker.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { PasswordCell } from './PasswordCell.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { matchesSecret, safeHref } from './secretSearch.ts';

export type VaultView = 'site' | 'floor' | 'location' | 'device';

/** In the device and location cards (core.md section 9). */
export const CARD_VAULT_PAGE_SIZE = 5;

export function SecretsView({
  filter,
  view,
  pageSize,
}: {
  /** Absent on the site's Vault page: every secret of the site. */
  filter?: SecretLinkFilter;
  view: VaultView;
  pageSize: number;
}) {
  const { t } = useTranslation('vault');
  const { siteId, permission } = useSite();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const secrets = useSecrets(siteId, filter);
  const remove = useDeleteSecret(siteId);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<SecretDto | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SecretDto | null>(null);
  const canEdit = permission >= 2;
  const defaultLink: LinkValue = filter ?? { type: null, id: null };

  const shown = useMemo(
    () => (secrets.data ?? []).filter((s) => matchesSecret(s, query)),
    [secrets.data, query],
  );
  const pageRows = shown.slice(page * pageSize, (page + 1) * pageSize);

  if (secrets.isError) return <ErrorState error={secrets.error} onRetry={() => secrets.refetch()} />;

  const actions = (secret: SecretDto) =>
    canEdit && (
      <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
        <Tooltip title={t('action.edit')}>
          <IconButton
            size="small"
            aria-label={t('action.edit_named', { name: secret.name })}
            onClick={() => setEditing(secret)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('action.delete')}>
          <IconButton
            size="small"
            aria-label={t('action.delete_named', { name: secret.name })}
            onClick={() => setDeleting(secret)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  const urlOf = (secret: SecretDto) => {
    const href = safeHref(secret.url);
    return href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
        {secret.url}
      </Link>
    ) : (
      (secret.url ?? '')
    );
  };
  const nameOf = (secret: SecretDto) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <span>{secret.name}</span>
      {secret.private && <Chip size="small" icon={<LockIcon />} label={t('private')} />}
    </Box>
  );

  return (
    <Box>
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
        <SearchField
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(0);
          }}
          label={t('search')}
        />
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {t('action.new')}
          </Button>
        )}
      </Box>
      {secrets.isPending ? null : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {query ? t('no_match') : t(`empty.${view}`)}
        </Typography>
      ) : phone ? (
        <Stack spacing={1}>
          {pageRows.map((secret) => (
            <Card key={secret.id} variant="outlined" data-testid="secret-card">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Box
                  sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
                >
                  <Typography variant="subtitle1" component="div">
                    {nameOf(secret)}
                  </Typography>
                  {actions(secret)}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t('column.username')}: {secret.username ?? '—'}
                </Typography>
                <PasswordCell secret={secret} />
                <Typography variant="body2">{urlOf(secret)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('column.linked')}: {secret.linked.name}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('column.id')}</TableCell>
                <TableCell>{t('column.name')}</TableCell>
                <TableCell>{t('column.username')}</TableCell>
                <TableCell>{t('column.password')}</TableCell>
                <TableCell>{t('column.url')}</TableCell>
                <TableCell>{t('column.linked')}</TableCell>
                {canEdit && <TableCell aria-label={t('column.actions')} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.map((secret) => (
                <TableRow key={secret.id} hover>
                  <TableCell>{secret.id}</TableCell>
                  <TableCell>{nameOf(secret)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{secret.username}</TableCell>
                  <TableCell>
                    <PasswordCell secret={secret} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 240 }}>{urlOf(secret)}</TableCell>
                  <TableCell>{secret.linked.name}</TableCell>
                  {canEdit && <TableCell align="right">{actions(secret)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPager count={shown.length} page={page} pageSize={pageSize} onPage={setPage} />
      <SecretDialog
        open={editing !== undefined}
        secret={editing ?? null}
        defaultLink={defaultLink}
        onClose={() => setEditing(undefined)}
      />
      <DeleteConfirm
        item={deleting}
        title={(secret) => t('delete.title', { name: secret.name })}
        done={() => t('toast.deleted')}
        remove={(secret) => remove.mutateAsync(secret.id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
