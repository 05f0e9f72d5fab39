/**
 * One of the Access tables: User, Last Visit, Role, Expires On, Actions; 12 to a page, by id (the
 * server's order). In the mobile layout each access is a card instead of a row.
 */
import type { SiteAccessDto } from '@asbuilt/domain';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Paper,
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
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../components/ListPager.tsx';
import { TableCaption } from '../../components/TableCaption.tsx';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { accessLabelText } from './accessLabel.ts';

export const ACCESS_PAGE_SIZE = 12;

export interface AccessActions {
  onEdit: (access: SiteAccessDto) => void;
  onRevoke: (access: SiteAccessDto) => void;
  onGrant: (access: SiteAccessDto) => void;
  onResend: (access: SiteAccessDto) => void;
  /** The access whose invitation is being sent again (its button spins). */
  resending?: number | null;
}

/** First and last name, or the e-mail when the user has none yet (an invitation not taken up). */
export function userName(access: Pick<SiteAccessDto, 'user'>): string {
  return [access.user.fname, access.user.lname].filter(Boolean).join(' ') || access.user.email;
}

/** Unlimited (or no date) reads "never". */
export function expiryText(access: Pick<SiteAccessDto, 'validity' | 'unlimited'>, never: string): string {
  return access.unlimited || !access.validity ? never : formatDate(access.validity);
}

export function AccessTable({
  title,
  hint,
  emptyText,
  accesses,
  myId,
  actions,
  headerAction,
}: {
  title: string;
  /** Who the table lists: by their organisation compared with the site's. */
  hint?: string;
  emptyText?: string;
  accesses: SiteAccessDto[];
  myId: number | undefined;
  actions: AccessActions;
  headerAction?: ReactNode;
}) {
  const { t } = useTranslation(['access', 'domain']);
  const { mobile } = useLayoutPrefs();
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(accesses.length / ACCESS_PAGE_SIZE) - 1);
  // A list that shrank (a filter, a moved user) keeps the page in range.
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  const rows = accesses.slice(page * ACCESS_PAGE_SIZE, (page + 1) * ACCESS_PAGE_SIZE);
  const never = t('never');
  const empty = emptyText ?? t('empty');

  return (
    <Box component="section" aria-label={title} sx={{ '& + &': { mt: 4 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h6" component="h2">
          {title}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {accesses.length}
          </Typography>
        </Typography>
        {headerAction}
      </Box>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      )}
      {mobile && rows.length === 0 ? (
        // No list without items: an empty list is one screen readers can't announce (WCAG 1.3.1).
        <Typography color="text.secondary">{empty}</Typography>
      ) : mobile ? (
        <Stack spacing={1} role="list" aria-label={title}>
          {rows.map((access) => (
            <Paper
              key={access.id}
              variant="outlined"
              role="listitem"
              aria-label={userName(access)}
              sx={{ p: 1.5 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <AccessUser access={access} />
                </Box>
                <RoleChip access={access} />
              </Box>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 1.5,
                  rowGap: 0.25,
                  my: 1,
                  typography: 'body2',
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0 },
                }}
              >
                <dt>{t('column.last_visit')}</dt>
                <dd>{access.last_visit ? formatDateTime(access.last_visit) : never}</dd>
                <dt>{t('column.expires')}</dt>
                <dd>{expiryText(access, never)}</dd>
              </Box>
              <RowActions access={access} mine={access.user_id === myId} actions={actions} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          {/* Fixed widths: both tables line up, and a long e-mail is cut instead of pushing the actions. */}
          <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 900 }}>
            <TableCaption>{title}</TableCaption>
            <colgroup>
              <col />
              <col style={{ width: 165 }} />
              <col style={{ width: 155 }} />
              <col style={{ width: 115 }} />
              <col style={{ width: 290 }} />
            </colgroup>
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableCell>{t('column.user')}</TableCell>
                <TableCell>{t('column.last_visit')}</TableCell>
                <TableCell>{t('column.role')}</TableCell>
                <TableCell>{t('column.expires')}</TableCell>
                <TableCell>{t('column.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography variant="body2" color="text.secondary">
                      {empty}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((access) => (
                <TableRow key={access.id}>
                  <TableCell>
                    <AccessUser access={access} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {access.last_visit ? formatDateTime(access.last_visit) : never}
                  </TableCell>
                  <TableCell>
                    <RoleChip access={access} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiryText(access, never)}</TableCell>
                  <TableCell>
                    <RowActions access={access} mine={access.user_id === myId} actions={actions} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPager
        count={accesses.length}
        page={Math.min(page, lastPage)}
        pageSize={ACCESS_PAGE_SIZE}
        onPage={setPage}
      />
    </Box>
  );
}

/** Avatar, name and e-mail; an invitation not yet taken up says so. */
function AccessUser({ access }: { access: SiteAccessDto }) {
  const { t } = useTranslation('access');
  const name = userName(access);
  const named = name !== access.user.email;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar src={access.user.avatar ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={name}>
          {name}
        </Typography>
        {named && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            noWrap
            title={access.user.email}
          >
            {access.user.email}
          </Typography>
        )}
        {!access.user.user_status && (
          <Tooltip title={t('invited_hint')}>
            <Chip size="small" variant="outlined" color="warning" label={t('invited')} sx={{ mt: 0.25 }} />
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}

/** No Access, Access Expired, Reader, Contributor or Full Access. */
function RoleChip({ access }: { access: SiteAccessDto }) {
  const { t } = useTranslation(['access', 'domain']);
  const label = accessLabelText(t, access);
  if (!access.in_force) return <Chip size="small" label={label} />;
  const color = access.user_role === 3 ? 'primary' : access.user_role === 2 ? 'info' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={label} />;
}

/**
 * Edit and Revoke for an active access (plus Resend Invitation while the user hasn't signed up),
 * Grant for a revoked one; nothing on one's own access nor on one the server says is out of the
 * caller's reach (a Building Owner's or an Integrator's, for a lower role).
 */
function RowActions({
  access,
  mine,
  actions,
}: {
  access: SiteAccessDto;
  mine: boolean;
  actions: AccessActions;
}) {
  const { t } = useTranslation('access');
  if (mine) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('yours')}
      </Typography>
    );
  }
  if (access.changeable === false) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('out_of_reach')}
      </Typography>
    );
  }
  const name = userName(access);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
      {access.active ? (
        <>
          <Button
            size="small"
            onClick={() => actions.onEdit(access)}
            aria-label={t('action.edit_named', { name })}
          >
            {t('action.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => actions.onRevoke(access)}
            aria-label={t('action.revoke_named', { name })}
          >
            {t('action.revoke')}
          </Button>
          {!access.user.user_status && (
            <Button
              size="small"
              onClick={() => actions.onResend(access)}
              loading={actions.resending === access.id}
              aria-label={t('action.resend_named', { name })}
            >
              {t('action.resend')}
            </Button>
          )}
        </>
      ) : (
        <Button
          size="small"
          onClick={() => actions.onGrant(access)}
          aria-label={t('action.grant_named', { name })}
        >
          {t('action.grant')}
        </Button>
      )}
    </Box>
  );
}
