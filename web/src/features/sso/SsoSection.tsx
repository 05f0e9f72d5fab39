/**
 * The tenant settings' "Single sign-on" section (issue 46): an Integrator names the tenant's
 * OpenID Connect provider, the e-mail domains that sign in through it, whether unknown users are
 * created on a first sign-in (and with which role) and whether the password still signs them in.
 * The client secret is never shown: the field says whether one is stored.
 */
import { type Role, SSO_ROLES, type TenantSsoResponse } from '@asbuilt/domain';
import {
  Alert,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveTenantSso, useSaveTenantSso, useTenantSso } from '../../api/sso.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { toastSuccess } from '../../lib/toast.ts';

export function SsoSection() {
  const { t } = useTranslation('sso');
  const titleId = useId();
  const sso = useTenantSso();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {sso.isError ? (
        <ErrorState error={sso.error} onRetry={() => sso.refetch()} />
      ) : sso.data ? (
        // Mounted afresh when the stored settings change: the form starts from them.
        <SsoForm key={JSON.stringify(sso.data.sso)} data={sso.data} />
      ) : null}
    </Paper>
  );
}

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);

function SsoForm({ data }: { data: TenantSsoResponse }) {
  const { t } = useTranslation(['sso', 'domain']);
  const save = useSaveTenantSso();
  const remove = useRemoveTenantSso();
  const stored = data.sso;
  const [enabled, setEnabled] = useState(stored?.enabled ?? true);
  const [issuer, setIssuer] = useState(stored?.issuer ?? '');
  const [clientId, setClientId] = useState(stored?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(stored?.domains.join(', ') ?? '');
  const [createUsers, setCreateUsers] = useState(stored?.create_users ?? false);
  const [role, setRole] = useState<number>(stored?.new_user_role ?? SSO_ROLES[0]);
  const [allowPassword, setAllowPassword] = useState(stored?.allow_password ?? true);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const issuerBad = !/^https?:\/\/\S+$/.test(issuer.trim());
  const clientIdBad = !clientId.trim();
  const secretBad = !stored?.client_secret_set && !secret;
  const domainsBad = splitDomains(domains).length === 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (issuerBad || clientIdBad || secretBad || domainsBad) return;
    save.mutate(
      {
        enabled,
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        client_secret: secret,
        domains: splitDomains(domains),
        create_users: createUsers,
        new_user_role: role,
        allow_password: allowPassword,
      },
      { onSuccess: () => toastSuccess(t('saved')) },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(_event, checked) => setEnabled(checked)} />}
          label={t('enabled')}
        />
        <TextField
          label={t('issuer')}
          value={issuer}
          onChange={(event) => setIssuer(event.target.value)}
          required
          type="url"
          placeholder={t('issuer_placeholder')}
          error={tried && issuerBad}
          helperText={tried && issuerBad ? t('issuer_invalid') : t('issuer_help')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('client_id')}
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            required
            fullWidth
            autoComplete="off"
            error={tried && clientIdBad}
            helperText={tried && clientIdBad ? t('client_id_required') : ' '}
          />
          <TextField
            label={t('client_secret')}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            required={!stored?.client_secret_set}
            fullWidth
            type="password"
            autoComplete="new-password"
            error={tried && secretBad}
            helperText={
              tried && secretBad
                ? t('client_secret_required')
                : stored?.client_secret_set
                  ? t('client_secret_set')
                  : ' '
            }
          />
        </Stack>
        <TextField
          label={t('domains')}
          value={domains}
          onChange={(event) => setDomains(event.target.value)}
          required
          placeholder={t('domains_placeholder')}
          error={tried && domainsBad}
          helperText={tried && domainsBad ? t('domains_required') : t('domains_help')}
        />
        <Stack spacing={1}>
          <FormControlLabel
            control={<Switch checked={createUsers} onChange={(_event, checked) => setCreateUsers(checked)} />}
            label={t('create_users')}
          />
          {createUsers ? (
            <TextField
              select
              label={t('new_user_role')}
              value={role}
              onChange={(event) => setRole(Number(event.target.value))}
              sx={{ maxWidth: 320 }}
            >
              {SSO_ROLES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`domain:role.${value as Role}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('create_users_off')}
            </Typography>
          )}
        </Stack>
        <Stack spacing={0.5}>
          <FormControlLabel
            control={
              <Switch checked={allowPassword} onChange={(_event, checked) => setAllowPassword(checked)} />
            }
            label={t('allow_password')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('allow_password_help')}
          </Typography>
        </Stack>
        <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
          {t('redirect_uri')}: <strong>{data.redirect_uri}</strong>
        </Alert>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('save')}
          </Button>
          {stored ? (
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('remove')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('remove_title')}
        message={t('remove_message')}
        confirmLabel={t('remove')}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toastSuccess(t('removed'));
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
