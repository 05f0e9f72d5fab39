/** One of the Access tables: User, Last Visit, Role, Expires On, Actions; 12 to a page, by id. */
import type { SiteAccessDto } from '@asbuilt/domain';
import {
  Avatar,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { accessLabelText } from './accessLabel.ts';

export const ACCESS_PAGE_SIZE = 12;

export interface AccessActions {
  onEdit: (access: SiteAccessDto) => void;
  onRevoke: (access: SiteAccessDto) => void;
  onGrant: (access: SiteAccessDto) => void;
  onResend: (access: SiteAccessDto) => void;
}

export function userName(access: SiteAccessDto): string {
  return [access.user.fname, access.user.lname].filter(Boolean).join(' ') || access.user.email;
}

export function AccessTable({
  title,
  accesses,
  myId,
  actions,
  headerAction,
}: {
  title: string;
  accesses: SiteAccessDto[];
  myId: number | undefined;
  actions: AccessActions;
  headerAction?: React.ReactNode;
}) {
  const { t } = useTranslation(['access', 'domain']);
  const [page, setPage] = useState(0);
  const rows = accesses.slice(page * ACCESS_PAGE_SIZE, (page + 1) * ACCESS_PAGE_SIZE);
  return (
    <Box sx={{ mb: 4 }}>
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
        </Typography>
        {headerAction}
      </Box>
      <TableContainer>
        <Table size="small" aria-label={title} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
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
                  <Typography color="text.secondary">{t('empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((access) => {
              const mine = access.user_id === myId;
              const name = userName(access);
              return (
                <TableRow key={access.id}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Avatar src={access.user.avatar ?? undefined} sx={{ width: 32, height: 32 }}>
                        {name.charAt(0).toUpperCase()}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2">{name}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {access.user.email}
                          {access.user.user_status ? '' : ` · ${t('invited')}`}
                        </Typography>
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell>{access.last_visit ? formatDateTime(access.last_visit) : t('never')}</TableCell>
                  <TableCell>{accessLabelText(t, access)}</TableCell>
                  <TableCell>{access.validity ? formatDate(access.validity) : t('never')}</TableCell>
                  <TableCell>
                    {mine ? (
                      <Typography variant="caption" color="text.secondary">
                        {t('yours')}
                      </Typography>
                    ) : (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
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
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {accesses.length > ACCESS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={accesses.length}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={ACCESS_PAGE_SIZE}
          rowsPerPageOptions={[ACCESS_PAGE_SIZE]}
          labelDisplayedRows={({ from, to, count }) => t('pages', { from, to, count })}
        />
      )}
    </Box>
  );
}
