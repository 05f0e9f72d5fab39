/** The profile's switch for ticket mails (new ticket, assignment, new message). */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { ListItem, ListItemIcon, ListItemText, Switch } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTicketMails, useTicketMails } from '../../api/tickets.ts';
import { toastSuccess } from '../../lib/toast.ts';

export function TicketMailSwitch() {
  const { t } = useTranslation('support');
  const labelId = useId();
  const mails = useTicketMails();
  const set = useSetTicketMails();
  const on = mails.data?.ticket_mails ?? true;
  return (
    <ListItem
      secondaryAction={
        <Switch
          edge="end"
          checked={on}
          disabled={!mails.data || set.isPending}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
          onChange={(_e, checked) =>
            set
              .mutateAsync(checked)
              .then(() => toastSuccess(checked ? t('mails.on') : t('mails.off')))
              .catch(() => undefined)
          }
        />
      }
    >
      <ListItemIcon>
        <NotificationsIcon />
      </ListItemIcon>
      <ListItemText id={labelId} primary={t('mails.label')} secondary={t('mails.hint')} />
    </ListItem>
  );
}
