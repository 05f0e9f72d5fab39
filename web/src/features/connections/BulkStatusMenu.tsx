/** One status for every selected cable (installed after a day's pulling, tested after the certifier). */
import { CONNECTION_STATUSES } from '@asbuilt/domain';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetConnectionStatus } from '../../api/connections.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function BulkStatusMenu({
  siteId,
  ids,
  onDone,
}: {
  siteId: number;
  ids: number[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['connections', 'domain']);
  const setStatus = useSetConnectionStatus(siteId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        disabled={ids.length === 0}
        loading={setStatus.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {ids.length > 0 ? t('bulk.button_count', { count: ids.length }) : t('bulk.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CONNECTION_STATUSES.map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setAnchor(null);
              setStatus.mutate(
                { ids, status },
                {
                  onSuccess: (answer) => {
                    toastSuccess(t('bulk.done', { count: answer.connections.length }));
                    onDone();
                  },
                },
              );
            }}
          >
            {t('bulk.set', { status: t(`domain:connection_status.${status}`) })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
