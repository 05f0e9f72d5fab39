/**
 * The user card (core.md section 2): Credentials (e-mail, password on create or "blank keeps",
 * names, role, active, tenant on the admin form) and, when editing, Access rights. Editing
 * another user offers Delete behind a confirmation; one's own card has no Delete, and one's own
 * role and state are locked. It offers only what the server allows: no role above one's own,
 * nothing to change on a user above one's role, and another's password or e-mail only below it.
 */
import {
  canManageUserOfRole,
  canTakeOverUserOfRole,
  emailSchema,
  encodeMessage,
  MIN_PASSWORD_LENGTH,
  requiredText,
  type UserDto,
  userCreateSchema,
} from '@asbuilt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
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
  Switch,
  Tab,
  Tabs,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMe } from '../../api/auth.ts';
import {
  type UserScope,
  useCreateUser,
  useDeleteUser,
  useUpdateUser,
  useUserDetail,
} from '../../api/users.ts';
import { DeleteConfirm } from '../../components/DeleteConfirm.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { useDialogSession } from '../../lib/dialogs.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { UserTwoFactorReset } from '../twoFactor/UserTwoFactorReset.tsx';
import { PasswordChoice } from './PasswordChoice.tsx';
import { UserAccessTab } from './UserAccessTab.tsx';

const ROLES = { tenant: [1, 2, 3], admin: [1, 2, 3, 4, 5] } as const;

/** Blank keeps the current password; otherwise the same minimum as on create. */
const keptPassword = z
  .string()
  .refine(
    (value) => value === '' || value.length >= MIN_PASSWORD_LENGTH,
    encodeMessage('password_min', { min: MIN_PASSWORD_LENGTH }),
  );

function cardSchema(creating: boolean, admin: boolean) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, encodeMessage('field_required', { field: 'email' }))
      .pipe(emailSchema),
    password: creating ? userCreateSchema.shape.password : keptPassword,
    fname: requiredText('fname'),
    lname: requiredText('lname'),
    role: z.number(),
    user_status: z.boolean(),
    tenant_id: admin
      ? z.number({ error: encodeMessage('field_required', { field: 'tenant' }) })
      : z.number().nullable(),
  });
}
type CardSchema = ReturnType<typeof cardSchema>;
interface CardValues {
  email: string;
  password: string;
  fname: string;
  lname: string;
  role: number;
  user_status: boolean;
  tenant_id: number | null;
}

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
  /** The admin form's tenant choices. */
  tenants?: Array<{ id: number; name: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useDialogSession(open);
  const detail = useUserDetail(scope, session.mounted ? userId : null);
  const [tab, setTab] = useState<'credentials' | 'access'>('credentials');
  const editing = userId !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={editing ? 'md' : 'sm'}
      fullWidth
      fullScreen={phone}
      slotProps={{
        transition: {
          onExited: () => {
            session.onExited();
            setTab('credentials');
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{editing ? t('card.edit_title') : t('card.new_title')}</DialogTitle>
      {editing && (
        <Tabs value={tab} onChange={(_e, value) => setTab(value)} sx={{ px: { xs: 1, sm: 3 } }}>
          <Tab value="credentials" label={t('tab.credentials')} />
          <Tab value="access" label={t('tab.access')} />
        </Tabs>
      )}
      {!session.mounted ? null : editing && detail.isError ? (
        <>
          <DialogContent>
            <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('action.close')}</Button>
          </DialogActions>
        </>
      ) : editing && !detail.data ? (
        <DialogContent sx={{ minHeight: 320 }}>
          <LoadingScreen fullPage={false} />
        </DialogContent>
      ) : tab === 'access' && detail.data ? (
        <>
          <DialogContent sx={{ minHeight: { sm: 320 }, px: { xs: 2, sm: 3 } }}>
            <UserAccessTab user={detail.data.user} sites={detail.data.sites} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('action.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <CredentialsForm
          key={`${session.key}-${detail.data?.user.id ?? 'new'}`}
          scope={scope}
          user={editing ? (detail.data?.user ?? null) : null}
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
  const remove = useDeleteUser(scope);
  const [confirming, setConfirming] = useState(false);
  const yourself = user !== null && user.id === me.data?.id;
  const admin = scope === 'admin';
  const myRole = me.data?.role ?? 0;
  // The server's rules (domain permission.ts): above one's role, the card only shows.
  const changeable = user === null || canManageUserOfRole(myRole, user.role);
  const takeOver = user !== null && !yourself && canTakeOverUserOfRole(myRole, user.role);
  const { control, handleSubmit } = useForm<CardValues, unknown, z.output<CardSchema>>({
    resolver: formResolver<CardValues, CardSchema>(cardSchema(user === null, admin)),
    mode: 'onTouched',
    disabled: !changeable,
    defaultValues: {
      email: user?.email ?? '',
      password: '',
      fname: user?.fname ?? '',
      lname: user?.lname ?? '',
      role: user?.role ?? 1,
      user_status: user?.user_status ?? true,
      tenant_id: user?.tenant_id ?? (admin ? (me.data?.tenant_id ?? null) : null),
    },
  });
  const saving = create.isPending || update.isPending;

  const submit = handleSubmit((values) => {
    const input = {
      email: values.email,
      fname: values.fname,
      lname: values.lname,
      role: values.role,
      user_status: values.user_status,
      ...(values.password ? { password: values.password } : {}),
      ...(admin && values.tenant_id !== null ? { tenant_id: values.tenant_id } : {}),
    };
    if (user) {
      update.mutate(
        { ...input, id: user.id },
        {
          onSuccess: () => {
            toastSuccess(t('toast.updated'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toastSuccess(t('toast.created'));
          onClose();
        },
      });
    }
  });

  // No role above one's own; the user's current one (an admin account seen from a tenant, or a
  // role above the caller's) stays shown as is.
  const offered = (ROLES[scope] as readonly number[]).filter((role) => canManageUserOfRole(myRole, role));
  const roles: readonly number[] = user && !offered.includes(user.role) ? [...offered, user.role] : offered;

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ minHeight: { sm: 320 }, px: { xs: 2, sm: 3 } }}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
              rowGap: 1,
              pt: 1,
            }}
          >
            {!changeable && (
              <Alert severity="info" sx={{ mb: 1, gridColumn: '1 / -1' }}>
                {t('card.above_you')}
              </Alert>
            )}
            <FormTextField
              control={control}
              name="email"
              label={t('field.email')}
              type="email"
              required
              autoComplete="off"
              autoFocus={!user}
              disabled={user !== null && !takeOver}
            />
            {user === null ? (
              <FormTextField
                control={control}
                name="password"
                label={t('field.password')}
                type="password"
                required
                autoComplete="new-password"
                helperText={t('field.password_min', { min: MIN_PASSWORD_LENGTH })}
              />
            ) : (
              <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
            )}
            {user && takeOver && (
              <PasswordChoice scope={scope} user={user} disabled={saving}>
                <FormTextField
                  control={control}
                  name="password"
                  label={t('field.password')}
                  type="password"
                  autoComplete="new-password"
                  disabled={saving}
                  helperText={t('field.password_keep_min', { min: MIN_PASSWORD_LENGTH })}
                  sx={{ maxWidth: { sm: 'calc(50% - 8px)' } }}
                />
              </PasswordChoice>
            )}
            {user && changeable && !takeOver && (
              <Alert severity="info" sx={{ mb: 1, gridColumn: '1 / -1' }}>
                {yourself ? t('card.own_credentials') : t('card.no_takeover')}
              </Alert>
            )}
            <FormTextField control={control} name="fname" label={t('field.fname')} required />
            <FormTextField control={control} name="lname" label={t('field.lname')} required />
            <FormTextField
              control={control}
              name="role"
              label={t('field.role')}
              select
              disabled={yourself || !changeable}
              helperText={yourself ? t('card.own_role') : undefined}
            >
              {roles.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`domain:role.${value as 1 | 2 | 3 | 4 | 5}`)}
                </MenuItem>
              ))}
            </FormTextField>
            {admin && tenants && (
              <FormTextField control={control} name="tenant_id" label={t('field.tenant')} select required>
                {tenants.map((tenant) => (
                  <MenuItem key={tenant.id} value={tenant.id}>
                    {tenant.name}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Controller
                control={control}
                name="user_status"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        disabled={yourself || !changeable}
                      />
                    }
                    label={field.value ? t('field.active') : t('field.inactive')}
                  />
                )}
              />
            </Box>
            {admin && user && !yourself && <UserTwoFactorReset userId={user.id} email={user.email} />}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {user && !yourself && changeable && (
            <Button
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => setConfirming(true)}
              disabled={saving}
              sx={{ mr: 'auto' }}
            >
              {t('action.delete')}
            </Button>
          )}
          <Button onClick={onClose} disabled={saving}>
            {changeable ? t('action.cancel') : t('action.close')}
          </Button>
          {changeable && (
            <Button type="submit" variant="contained" loading={saving}>
              {t('action.save')}
            </Button>
          )}
        </DialogActions>
      </form>
      <DeleteConfirm
        item={confirming ? user : null}
        title={(u) => t('delete.title', { name: u.email })}
        message={t('delete.message')}
        done={(u) => t('toast.deleted', { id: u.id })}
        remove={(u) => remove.mutateAsync(u.id).then(onClose)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
