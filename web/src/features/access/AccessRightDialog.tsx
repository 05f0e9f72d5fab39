/**
 * The role (Reader, Contributor, Full Access) and the expiry of an access; a blank expiry is
 * unlimited. Used by the Access page (Edit Access, Grant Access) and by the user card's Access
 * rights tab (web/src/features/people), which passes `access: null` for a site without one.
 */
import type { SiteAccessDto } from '@asbuilt/domain';
import ClearIcon from '@mui/icons-material/Clear';
import {
  Avatar,
  Box,
  Button,
  DialogActions,
  DialogContent,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessValues } from '../../api/accesses.ts';
import { DateField } from '../../components/DateField.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { isIsoDay } from '../../lib/dates.ts';
import { userName } from './AccessTable.tsx';

export const SITE_ROLES = [1, 2, 3] as const;

export function AccessRightDialog({
  open,
  access,
  siteName,
  maxRole,
  onClose,
  onSave,
}: {
  open: boolean;
  access: SiteAccessDto | null;
  siteName: string;
  /** The highest level the caller may grant (their own); Full Access when not given. */
  maxRole?: number;
  onClose: () => void;
  onSave: (values: AccessValues) => Promise<void>;
}) {
  const { t } = useTranslation('access');
  return (
    <FormDialog open={open} onClose={onClose} title={t('right.title', { site: siteName })}>
      {(key) => (
        <AccessRightForm key={key} access={access} maxRole={maxRole} onClose={onClose} onSave={onSave} />
      )}
    </FormDialog>
  );
}

function AccessRightForm({
  access,
  maxRole,
  onClose,
  onSave,
}: {
  access: SiteAccessDto | null;
  maxRole: number | undefined;
  onClose: () => void;
  onSave: (values: AccessValues) => Promise<void>;
}) {
  const { t } = useTranslation('access');
  const [role, setRole] = useState<number>(Math.min(access?.user_role ?? 1, maxRole ?? 3));
  const [validity, setValidity] = useState(access && !access.unlimited ? (access.validity ?? '') : '');
  const [saving, setSaving] = useState(false);
  const invalid = validityError(validity) !== null;
  const submit = async () => {
    if (invalid) return;
    setSaving(true);
    try {
      await onSave({ user_role: role, validity: validity || null });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  const name = access ? userName(access) : '';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit().catch(() => undefined);
      }}
    >
      <DialogContent>
        {access && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2 }}>
            <Avatar src={access.user.avatar ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {name}
              </Typography>
              {name !== access.user.email && (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {access.user.email}
                </Typography>
              )}
            </Box>
          </Box>
        )}
        <AccessFields
          role={role}
          onRole={setRole}
          maxRole={maxRole}
          validity={validity}
          onValidity={setValidity}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={invalid}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Today as the date field writes it (`YYYY-MM-DD`), in the reader's time zone. */
const today = () => dayjs().format('YYYY-MM-DD');

/**
 * An expiry already past would leave the access expired the moment it is saved: the key of the
 * message saying so, or null. Blank (unlimited) and today onwards are fine.
 */
export function validityError(validity: string): 'field.expires_past' | 'not_a_day' | null {
  if (validity === '') return null;
  // Text that is no day yet: the date field says so; it is not sent.
  if (!isIsoDay(validity)) return 'not_a_day';
  return validity < today() ? 'field.expires_past' : null;
}

/**
 * The role select and the "Expires on" date, shared by the access dialog and Share Site. The
 * select offers no level above `maxRole`: nobody grants more than they hold (the server refuses).
 */
export function AccessFields({
  role,
  onRole,
  maxRole = 3,
  validity,
  onValidity,
}: {
  role: number;
  onRole: (role: number) => void;
  maxRole?: number | undefined;
  validity: string;
  onValidity: (validity: string) => void;
}) {
  const { t } = useTranslation(['access', 'domain']);
  const error = validityError(validity);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField select label={t('field.role')} value={role} onChange={(e) => onRole(Number(e.target.value))}>
        {SITE_ROLES.filter((value) => value <= maxRole).map((value) => (
          <MenuItem key={value} value={value}>
            {t(`domain:site_role.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        label={t('field.expires')}
        value={validity}
        onChange={onValidity}
        min={today()}
        error={error === 'field.expires_past'}
        helperText={
          error === 'field.expires_past'
            ? t(error)
            : validity
              ? t('field.expires_set')
              : t('field.expires_hint')
        }
        endAdornment={
          validity ? (
            <IconButton
              edge="end"
              size="small"
              aria-label={t('field.unlimited')}
              onClick={() => onValidity('')}
            >
              <ClearIcon fontSize="small" />
            </IconButton>
          ) : undefined
        }
      />
    </Stack>
  );
}
