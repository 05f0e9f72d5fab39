/**
 * New API token: a name, an expiry (30, 90, 365 days or none, unless the tenant requires one),
 * read or read-and-write, the vault scope, and optionally some of the user's sites.
 */
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
} from '@asbuilt/domain';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateToken, useTokenPolicy } from '../../api/apiTokens.ts';
import { SitesPicker } from '../sites/SitesPicker.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (token: string) => void;
}

export function CreateTokenDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation('tokens');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
      {/* Mounted afresh on each opening: the form starts empty. */}
      {open && <CreateTokenForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

type Expiry = `${(typeof API_TOKEN_EXPIRY_CHOICES)[number]}` | 'none';

function CreateTokenForm({ onClose, onCreated }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['tokens', 'components']);
  const create = useCreateToken();
  const policy = useTokenPolicy();
  const scopeLabelId = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [vault, setVault] = useState(false);
  const [siteIds, setSiteIds] = useState<number[]>([]);
  const expiryRequired = policy.data?.require_expiry ?? false;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(true);
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        scope,
        expires_in_days: expiry === 'none' ? null : Number(expiry),
        site_ids: siteIds,
        vault,
      },
      { onSuccess: (answer) => onCreated(answer.token) },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('field.name')}
            value={name}
            autoFocus
            required
            onChange={(event) => {
              setName(event.target.value);
              setNameError(false);
            }}
            error={nameError}
            helperText={nameError ? t('create.name_required') : ' '}
            slotProps={{ htmlInput: { maxLength: API_TOKEN_NAME_MAX } }}
          />
          <TextField
            select
            label={t('field.expiry')}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as Expiry)}
            helperText={expiryRequired ? t('expiry.required') : ' '}
          >
            {API_TOKEN_EXPIRY_CHOICES.map((days) => (
              <MenuItem key={days} value={String(days)}>
                {t(`expiry.${days}`)}
              </MenuItem>
            ))}
            <MenuItem value="none" disabled={expiryRequired}>
              {t('expiry.none')}
            </MenuItem>
          </TextField>
          <FormControl>
            <FormLabel id={scopeLabelId}>{t('field.scope')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={scopeLabelId}
              value={scope}
              onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            >
              {API_TOKEN_SCOPES.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={t(`scope.${value}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormControlLabel
              control={<Checkbox checked={vault} onChange={(event) => setVault(event.target.checked)} />}
              label={t('field.vault')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('field.vault_help')}</FormHelperText>
          </FormControl>
          <SitesPicker
            value={siteIds}
            onChange={setSiteIds}
            label={t('field.sites')}
            helperText={t('field.sites_help')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
