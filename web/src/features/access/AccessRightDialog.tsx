/** The role (Reader, Contributor, Full Access) and the expiry of an access; a blank expiry is unlimited. */
import type { SiteAccessDto } from '@asbuilt/domain';
import { Button, DialogActions, DialogContent, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessValues } from '../../api/accesses.ts';
import { FormDialog } from '../../components/FormDialog.tsx';

export const SITE_ROLES = [1, 2, 3] as const;

export function AccessRightDialog({
  open,
  access,
  siteName,
  onClose,
  onSave,
}: {
  open: boolean;
  access: SiteAccessDto | null;
  siteName: string;
  onClose: () => void;
  onSave: (values: AccessValues) => Promise<void>;
}) {
  const { t } = useTranslation('access');
  return (
    <FormDialog open={open} onClose={onClose} title={t('right.title', { site: siteName })}>
      {(key) => <AccessRightForm key={key} access={access} onClose={onClose} onSave={onSave} />}
    </FormDialog>
  );
}

function AccessRightForm({
  access,
  onClose,
  onSave,
}: {
  access: SiteAccessDto | null;
  onClose: () => void;
  onSave: (values: AccessValues) => Promise<void>;
}) {
  const { t } = useTranslation(['access', 'domain']);
  const [role, setRole] = useState<number>(access?.user_role ?? 1);
  const [validity, setValidity] = useState(access?.validity ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await onSave({ user_role: role, validity: validity || null });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit().catch(() => undefined);
      }}
    >
      <DialogContent>
        <AccessFields role={role} onRole={setRole} validity={validity} onValidity={setValidity} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The role select and the "Expires on" date, shared by the access dialog and Share Site. */
export function AccessFields({
  role,
  onRole,
  validity,
  onValidity,
}: {
  role: number;
  onRole: (role: number) => void;
  validity: string;
  onValidity: (validity: string) => void;
}) {
  const { t } = useTranslation(['access', 'domain']);
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField select label={t('field.role')} value={role} onChange={(e) => onRole(Number(e.target.value))}>
        {SITE_ROLES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`domain:site_role.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('field.expires')}
        type="date"
        value={validity}
        onChange={(e) => onValidity(e.target.value)}
        helperText={t('field.expires_hint')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
