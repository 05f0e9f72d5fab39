/**
 * New and edit secret. The password field starts empty on edit: left empty it keeps the stored
 * one, unless "Remove the password" is ticked. The private switch is the owner's (and the
 * creator's) alone.
 */
import type { SecretDto } from '@asbuilt/domain';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { type SecretInput, useCreateSecret, useUpdateSecret } from '../../api/secrets.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { RevealPasswordField } from '../../components/RevealPasswordField.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { LinkedItemPicker, type LinkValue } from '../links/LinkedItemPicker.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { rotationDaysValid, SecretDateFields } from '../tasks/DateFields.tsx';

const LEVELS = ['Admin', 'User', 'Read only'];

export function SecretDialog({
  open,
  secret,
  defaultLink,
  onClose,
}: {
  open: boolean;
  /** null: a new secret. */
  secret: SecretDto | null;
  defaultLink: LinkValue;
  onClose: () => void;
}) {
  const { t } = useTranslation('vault');
  return (
    <FormDialog open={open} onClose={onClose} title={secret ? t('dialog.edit_title') : t('dialog.new_title')}>
      {(key) => <SecretForm key={key} secret={secret} defaultLink={defaultLink} onClose={onClose} />}
    </FormDialog>
  );
}

function SecretForm({
  secret,
  defaultLink,
  onClose,
}: {
  secret: SecretDto | null;
  defaultLink: LinkValue;
  onClose: () => void;
}) {
  const { t } = useTranslation('vault');
  const { site, siteId } = useSite();
  const me = useMe();
  const create = useCreateSecret(siteId);
  const update = useUpdateSecret(siteId);
  const [name, setName] = useState(secret?.name ?? '');
  const [url, setUrl] = useState(secret?.url ?? '');
  const [username, setUsername] = useState(secret?.username ?? '');
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [comment, setComment] = useState(secret?.comment ?? '');
  const [level, setLevel] = useState(secret?.level ?? '');
  const [isPrivate, setPrivate] = useState(secret?.private ?? false);
  const [expires, setExpires] = useState(secret?.expires_at ?? '');
  const [rotateDays, setRotateDays] = useState(String(secret?.rotate_every_days ?? ''));
  const [link, setLink] = useState<LinkValue>(
    secret ? { type: secret.secretable_type, id: secret.secretable_id } : defaultLink,
  );
  const [touched, setTouched] = useState(false);
  const isOwner = !secret || secret.user_id === me.data?.id;
  const saving = create.isPending || update.isPending;
  const nameMissing = name.trim() === '';

  const submit = async () => {
    setTouched(true);
    if (nameMissing || !rotationDaysValid(rotateDays)) return;
    const input: SecretInput = {
      name,
      url,
      username,
      comment,
      level,
      secretable_type: link.type,
      secretable_id: link.id,
      expires_at: expires,
      rotate_every_days: rotateDays.trim(),
      ...(isOwner ? { private: isPrivate } : {}),
      ...(secret === null
        ? password
          ? { password }
          : {}
        : clearPassword
          ? { password: '' }
          : password
            ? { password }
            : {}),
    };
    if (secret) {
      await update.mutateAsync({ ...input, id: secret.id, updated_at: secret.updated_at });
      toastSuccess(t('toast.updated'));
    } else {
      await create.mutateAsync(input);
      toastSuccess(t('toast.created'));
    }
    onClose();
  };

  return (
    // A flex column, so that the fields scroll between the title and the buttons, which stay put.
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit().catch(() => undefined);
      }}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('field.name')}
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={touched && nameMissing}
            helperText={touched && nameMissing ? t('dialog.name_required') : undefined}
          />
          <TextField label={t('field.url')} value={url} onChange={(e) => setUrl(e.target.value)} />
          <TextField
            label={t('field.username')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
          <RevealPasswordField
            label={t('field.password')}
            value={password}
            disabled={clearPassword}
            onChange={(e) => setPassword(e.target.value)}
            helperText={secret?.has_password ? t('dialog.password_keep') : undefined}
            showLabel={t('action.show')}
            hideLabel={t('action.hide')}
          />
          {secret?.has_password && (
            <FormControlLabel
              control={
                <Checkbox checked={clearPassword} onChange={(e) => setClearPassword(e.target.checked)} />
              }
              label={t('dialog.password_clear')}
            />
          )}
          <Autocomplete
            freeSolo
            options={LEVELS}
            value={level}
            onInputChange={(_event, value) => setLevel(value)}
            renderInput={(params) => <TextField {...params} label={t('field.level')} />}
          />
          <TextField
            label={t('field.comment')}
            multiline
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <SecretDateFields
            expires={expires}
            onExpires={setExpires}
            rotateDays={rotateDays}
            onRotateDays={setRotateDays}
          />
          <LinkedItemPicker site={site} value={link} onChange={setLink} />
          {isOwner && (
            <FormControlLabel
              control={<Switch checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />}
              label={t('dialog.private')}
            />
          )}
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
    </Box>
  );
}
