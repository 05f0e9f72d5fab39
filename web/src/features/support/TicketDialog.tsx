/**
 * New Ticket and Edit Ticket: site, device, zone, due dates, assigner and assignee (among the
 * users who can reach the site), priority, type, subject, and the first message of a new one.
 * Readers open tickets but don't assign them (the server refuses it too).
 */
import { TICKET_PRIORITIES, TICKET_TYPES, type TicketDto } from '@asbuilt/domain';
import {
  Autocomplete,
  Button,
  DialogActions,
  DialogContent,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isConflict } from '../../api/client.ts';
import { useSiteDetail, useSiteDevices } from '../../api/sites.ts';
import { useAssignees, useCreateTicket, useUpdateTicket } from '../../api/tickets.ts';
import { DateField } from '../../components/DateField.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';

export interface TicketSite {
  id: number;
  name: string;
  permission: number;
}

export function TicketDialog({
  open,
  ticket,
  sites,
  defaultSiteId,
  onClose,
  onCreated,
}: {
  open: boolean;
  ticket: TicketDto | null;
  sites: TicketSite[];
  defaultSiteId: number | null;
  onClose: () => void;
  onCreated?: (ticket: TicketDto) => void;
}) {
  const { t } = useTranslation('support');
  // The new ticket's sheet opens once this dialog is gone: a modal opened while another closes
  // is left hidden from assistive technology by MUI's modal manager.
  const created = useRef<TicketDto | null>(null);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={ticket ? t('dialog.edit_title') : t('dialog.new_title')}
      onExited={() => {
        if (created.current) onCreated?.(created.current);
        created.current = null;
      }}
    >
      {(key) => (
        <TicketForm
          key={key}
          ticket={ticket}
          sites={sites}
          defaultSiteId={defaultSiteId}
          onClose={onClose}
          onCreated={(ticket) => {
            created.current = ticket;
          }}
        />
      )}
    </FormDialog>
  );
}

function TicketForm({
  ticket,
  sites,
  defaultSiteId,
  onClose,
  onCreated,
}: {
  ticket: TicketDto | null;
  sites: TicketSite[];
  defaultSiteId: number | null;
  onClose: () => void;
  onCreated?: ((ticket: TicketDto) => void) | undefined;
}) {
  const { t } = useTranslation(['support', 'domain']);
  const create = useCreateTicket();
  const update = useUpdateTicket();
  const [siteId, setSiteId] = useState<number | null>(ticket?.site_id ?? defaultSiteId);
  const [subject, setSubject] = useState(ticket?.subject ?? '');
  const [deviceId, setDeviceId] = useState<number | null>(ticket?.device_id ?? null);
  const [zoneId, setZoneId] = useState<number | null>(ticket?.zone_id ?? null);
  const [dueDate, setDueDate] = useState(ticket?.due_date ?? '');
  const [responseDue, setResponseDue] = useState(ticket?.response_due_date ?? '');
  const [assignerId, setAssignerId] = useState<number | null>(ticket?.assigner_id ?? null);
  const [assigneeId, setAssigneeId] = useState<number | null>(ticket?.assignee_id ?? null);
  const [priority, setPriority] = useState<string>(ticket?.priority ?? 'Low');
  const [type, setType] = useState<string>(ticket?.ticket_type ?? '');
  const [message, setMessage] = useState('');
  // The version the form was filled from: the sheet behind it keeps polling newer ones.
  const [seen] = useState(ticket?.updated_at);
  const site = sites.find((s) => s.id === siteId);
  const canAssign = (site?.permission ?? 0) >= 2;
  const people = useAssignees(siteId);
  const detail = useSiteDetail(siteId ?? 0, siteId !== null);
  const devices = useSiteDevices(siteId ?? 0, siteId !== null);
  const deviceChoices = (devices.data ?? [])
    .filter((d) => !d.archived || d.id === deviceId)
    .map((d) => ({ id: d.id, label: d.code || d.name || `#${d.id}` }));
  const zones = detail.data?.zones ?? [];
  const saving = create.isPending || update.isPending;

  const save = async () => {
    const fields = {
      site_id: siteId!,
      subject,
      device_id: deviceId,
      zone_id: zoneId,
      due_date: dueDate,
      response_due_date: responseDue,
      priority,
      ticket_type: type,
      ...(canAssign && { assigner_id: assignerId, assignee_id: assigneeId }),
    };
    if (ticket) {
      // Sent back as read: a change made meanwhile is refused, and the form closes on the newer ticket.
      await update.mutateAsync(
        { id: ticket.id, ...fields, updated_at: seen },
        { onError: (error) => isConflict(error) && onClose() },
      );
      toastSuccess(t('toast.updated'));
    } else {
      // The creator is the new ticket's assigner.
      const { assigner_id: _assigner, ...rest } = { assigner_id: null, ...fields };
      const created = await create.mutateAsync({ assignee_id: null, ...rest, messageBody: message });
      toastSuccess(t('toast.created'));
      onCreated?.(created);
    }
    onClose();
  };

  const person = (label: string, value: number | null, onChange: (id: number | null) => void) => (
    <TextField
      select
      label={label}
      value={value ?? ''}
      disabled={!canAssign || !people.data}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <MenuItem value="">{t('dialog.nobody')}</MenuItem>
      {(people.data ?? []).map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save().catch(() => undefined);
      }}
    >
      <DialogContent>
        <Stack spacing={2}>
          <TextField
            select
            required
            label={t('domain:field.site')}
            value={siteId ?? ''}
            onChange={(e) => {
              setSiteId(Number(e.target.value));
              setDeviceId(null);
              setZoneId(null);
            }}
          >
            {sites.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            label={t('domain:field.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              fullWidth
              label={t('domain:field.priority')}
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
            >
              {TICKET_PRIORITIES.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`domain:ticket_priority.${p}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('domain:field.ticket_type')}
              value={type}
              onChange={(e) => setType(e.target.value)}
            >
              <MenuItem value="">{t('dialog.no_type')}</MenuItem>
              {TICKET_TYPES.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`domain:ticket_type.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Autocomplete
            options={deviceChoices}
            value={deviceChoices.find((d) => d.id === deviceId) ?? null}
            onChange={(_e, value) => setDeviceId(value?.id ?? null)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            disabled={siteId === null}
            renderInput={(params) => <TextField {...params} label={t('dialog.device')} />}
          />
          <TextField
            select
            label={t('domain:field.zone')}
            value={zoneId ?? ''}
            disabled={siteId === null}
            onChange={(e) => setZoneId(e.target.value === '' ? null : Number(e.target.value))}
          >
            <MenuItem value="">{t('dialog.no_zone')}</MenuItem>
            {zones.map((z) => (
              <MenuItem key={z.id} value={z.id}>
                {z.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <DateField fullWidth label={t('domain:field.due_date')} value={dueDate} onChange={setDueDate} />
            <DateField
              fullWidth
              label={t('domain:field.response_due_date')}
              value={responseDue}
              onChange={setResponseDue}
            />
          </Stack>
          {ticket && person(t('domain:field.assigner'), assignerId, setAssignerId)}
          {person(t('domain:field.assignee'), assigneeId, setAssigneeId)}
          {!ticket && (
            <TextField
              multiline
              minRows={3}
              label={t('dialog.first_message')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!siteId || !subject.trim()} loading={saving}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
