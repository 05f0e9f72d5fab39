/**
 * The user card (core.md section 2): Credentials (e-mail, password on create or "blank keeps",
 * names, role, active, tenant on the admin form) and, when editing, Access rights.
 */
import type { UserDto } from '@asbuilt/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { type UserScope, useCreateUser, useUpdateUser, useUserDetail } from '../../api/users.ts';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { UserAccessTab } from './UserAccessTab.tsx';

const ROLES = { tenant: [1, 2, 3], admin: [1, 2, 3, 4, 5] } as const;

export function UserCardDialog({
  open,
  scope,
  userId,
  tenants,
  onClose,
}: {
  open: boolean;
  scope: UserScope;
  /** null: a new user. */
  userId: number | null;
  tenants?: Array<{ id: number; name: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const detail = useUserDetail(scope, open ? userId : null);
  const [tab, setTab] = useState<'credentials' | 'access'>('credentials');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{userId === null ? t('card.new_title') : t('card.edit_title')}</DialogTitle>
      {userId !== null && (
        <Tabs value={tab} onChange={(_e, value) => setTab(value)} sx={{ px: 3 }}>
          <Tab value="credentials" label={t('tab.credentials')} />
          <Tab value="access" label={t('tab.access')} />
        </Tabs>
      )}
      {userId !== null && !detail.data ? (
        <DialogContent>
          <LoadingScreen fullPage={false} />
        </DialogContent>
      ) : tab === 'access' && detail.data ? (
        <>
          <DialogContent>
            <UserAccessTab
              userId={detail.data.user.id}
              email={detail.data.user.email}
              sites={detail.data.sites}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('action.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <CredentialsForm
          key={detail.data?.user.id ?? 'new'}
          scope={scope}
          user={detail.data?.user ?? null}
          tenants={tenants}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CredentialsForm({
  scope,
  user,
  tenants,
  onClose,
}: {
  scope: UserScope;
  user: UserDto | null;
  tenants?: Array<{ id: number; name: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['people', 'domain']);
  const me = useMe();
  const create = useCreateUser(scope);
  const update = useUpdateUser(scope);
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [fname, setFname] = useState(user?.fname ?? '');
  const [lname, setLname] = useState(user?.lname ?? '');
  const [role, setRole] = useState<number>(user?.role ?? 1);
  const [active, setActive] = useState(user?.user_status ?? true);
  const [tenantId, setTenantId] = useState<number | ''>(user?.tenant_id ?? '');
  const yourself = user !== null && user.id === me.data?.id;
  const saving = create.isPending || update.isPending;

  const submit = async () => {
    const input = {
      email,
      fname,
      lname,
      role,
      user_status: active,
      ...(password ? { password } : {}),
      ...(scope === 'admin' && tenantId !== '' ? { tenant_id: tenantId } : {}),
    };
    if (user) {
      const saved = await update.mutateAsync({ ...input, id: user.id });
      toastSuccess(t('toast.updated', { id: saved.id }));
    } else {
      await create.mutateAsync(input);
      toastSuccess(t('toast.created'));
    }
    onClose();
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
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <TextField
            label={t('field.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('field.password')}
            type="password"
            required={!user}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText={user ? t('field.password_keep') : t('field.password_min')}
            slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
          />
          {yourself && <Alert severity="info">{t('card.own_password')}</Alert>}
          <TextField
            label={t('field.fname')}
            required
            value={fname}
            onChange={(e) => setFname(e.target.value)}
          />
          <TextField
            label={t('field.lname')}
            required
            value={lname}
            onChange={(e) => setLname(e.target.value)}
          />
          <TextField
            select
            label={t('field.role')}
            value={role}
            disabled={yourself}
            onChange={(e) => setRole(Number(e.target.value))}
          >
            {ROLES[scope].map((value) => (
              <MenuItem key={value} value={value}>
                {t(`domain:role.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {scope === 'admin' && tenants && (
            <TextField
              select
              label={t('field.tenant')}
              value={tenantId}
              onChange={(e) => setTenantId(Number(e.target.value))}
            >
              {tenants.map((tenant) => (
                <MenuItem key={tenant.id} value={tenant.id}>
                  {tenant.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box>
            <FormControlLabel
              control={
                <Switch checked={active} onChange={(e) => setActive(e.target.checked)} disabled={yourself} />
              }
              label={t('field.active')}
            />
          </Box>
        </Stack>
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
