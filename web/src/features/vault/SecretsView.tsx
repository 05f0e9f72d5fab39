/**
 * The vault of a site, a floor, a location or a device (core.md section 2): search, New Secret,
 * a table (cards on a phone) with ID, Name, Username, Password, URL and Linked To, a page of 12
 * on the site's Vault page and 5 in the cards.
 */
import type { SecretDto } from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
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
} from '@mui/material';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SecretLinkFilter, useDeleteSecret, useSecrets } from '../../api/secrets.ts';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import type { LinkValue } from '../links/LinkedItemPicker.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { copyText } from './clipboard.ts';
import { PasswordCell } from './PasswordCell.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { matchesSecret, safeHref } from './secretSearch.ts';

/** Below this width of the view, the secrets are cards instead of a table. */
const TABLE_MIN_WIDTH = 900;

/** Whether the element given to the returned ref is at least `minWidth` wide, followed as it resizes. */
function useWiderThan(minWidth: number) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWide(element.clientWidth >= minWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, minWidth]);
  return [setElement, wide] as const;
}

export type VaultView = 'site' | 'floor' | 'location' | 'device';

/** Secrets a page shows: in the device and location cards, and on the site's Vault page (core.md section 9). */
const PAGE_SIZE: Record<VaultView, number> = { site: 12, floor: 5, location: 5, device: 5 };

export function SecretsView({
  filter,
  view,
}: {
  /** Absent on the site's Vault page: every secret of the site. */
  filter?: SecretLinkFilter;
  view: VaultView;
}) {
  const pageSize = PAGE_SIZE[view];
  const { t } = useTranslation('vault');
  const { siteId, permission } = useSite();
  // A table where its columns have room (the site page on a computer), cards in a narrower place
  // (a phone, the device card's drawer).
  const [measured, wide] = useWiderThan(TABLE_MIN_WIDTH);
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
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        title={secret.url ?? undefined}
        noWrap
        sx={{ display: 'block', maxWidth: { xs: '100%', md: 200 } }}
      >
        {secret.url}
      </Link>
    ) : (
      (secret.url ?? '')
    );
  };
  const usernameOf = (secret: SecretDto) =>
    secret.username ? (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Box component="span" sx={{ whiteSpace: { md: 'nowrap' }, overflowWrap: 'anywhere' }}>
          {secret.username}
        </Box>
        <Tooltip title={t('action.copy_username')}>
          <IconButton
            size="small"
            aria-label={t('action.copy_username_named', { name: secret.name })}
            onClick={() => {
              copyText(secret.username ?? '', t('toast.copied'), t('toast.copy_failed')).catch(
                () => undefined,
              );
            }}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    ) : null;
  const nameOf = (secret: SecretDto) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
      <span>{secret.name}</span>
      {secret.private && <Chip size="small" icon={<LockIcon />} label={t('private')} />}
    </Box>
  );

  return (
    <Box ref={measured}>
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
      ) : !wide ? (
        <Stack spacing={1}>
          {pageRows.map((secret) => (
            <Card key={secret.id} variant="outlined" data-testid="secret">
              <CardContent sx={{ '&:last-child': { pb: 1.5 }, py: 1.5 }}>
                <Box
                  sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
                >
                  <Typography variant="subtitle1" component="div" sx={{ minWidth: 0 }}>
                    {nameOf(secret)}
                  </Typography>
                  {actions(secret)}
                </Box>
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, minWidth: 0 }}
                >
                  {secret.username ? (
                    <Typography
                      variant="body2"
                      component="div"
                      sx={{ display: 'flex', alignItems: 'center' }}
                    >
                      <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                        {t('card.username')}
                      </Box>
                      {usernameOf(secret)}
                    </Typography>
                  ) : null}
                  <Typography
                    variant="body2"
                    component="div"
                    sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}
                  >
                    <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                      {t('card.password')}
                    </Box>
                    <PasswordCell key={secret.updated_at} secret={secret} />
                  </Typography>
                </Box>
                {secret.url ? <Typography variant="body2">{urlOf(secret)}</Typography> : null}
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
                  {t('card.footer', { id: secret.id, linked: secret.linked.name })}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table
            size="small"
            sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 2 } }}
          >
            <TableCaption>{t('table')}</TableCaption>
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
                <TableRow key={secret.id} hover data-testid="secret">
                  <TableCell>{secret.id}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{nameOf(secret)}</TableCell>
                  <TableCell>{usernameOf(secret)}</TableCell>
                  <TableCell>
                    {/* A changed secret forgets a password shown before the change. */}
                    <PasswordCell key={secret.updated_at} secret={secret} />
                  </TableCell>
                  <TableCell>{urlOf(secret)}</TableCell>
                  <TableCell sx={{ minWidth: 150 }}>{secret.linked.name}</TableCell>
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
