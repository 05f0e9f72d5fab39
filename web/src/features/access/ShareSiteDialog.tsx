/**
 * Share Site: the e-mail is looked up when the field is left (more than 2 characters); Save waits
 * for the lookup. Someone without an account is invited first, then given the access.
 */
import type { FoundUser } from '@asbuilt/domain';
import { Alert, Button, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAccess, useFindUser, useInviteUser } from '../../api/accesses.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { AccessFields } from './AccessRightDialog.tsx';

export function ShareSiteDialog({
  open,
  siteId,
  onClose,
}: {
  open: boolean;
  siteId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('access');
  return (
    <FormDialog open={open} onClose={onClose} title={t('share.title')}>
      {(key) => <ShareForm key={key} siteId={siteId} onClose={onClose} />}
    </FormDialog>
  );
}

type Lookup =
  | { state: 'idle' }
  | { state: 'found'; email: string; user: FoundUser }
  | { state: 'new'; email: string };

function ShareForm({ siteId, onClose }: { siteId: number; onClose: () => void }) {
  const { t } = useTranslation('access');
  const find = useFindUser(siteId);
  const invite = useInviteUser(siteId);
  const create = useCreateAccess(siteId);
  const [email, setEmail] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [role, setRole] = useState(1);
  const [validity, setValidity] = useState('');
  const typed = email.trim().toLowerCase();
  const looked = lookup.state !== 'idle' && lookup.email === typed;
  const saving = invite.isPending || create.isPending;

  const look = () => {
    if (typed.length <= 2 || (lookup.state !== 'idle' && lookup.email === typed)) return;
    find
      .mutateAsync(typed)
      .then((user) =>
        setLookup(user ? { state: 'found', email: typed, user } : { state: 'new', email: typed }),
      )
      .catch(() => setLookup({ state: 'idle' }));
  };

  const save = async () => {
    if (!looked) return;
    let userId: number;
    if (lookup.state === 'new') {
      userId = (await invite.mutateAsync(typed)).id;
      toastSuccess(t('toast.invited'));
    } else if (lookup.state === 'found') {
      userId = lookup.user.id;
    } else return;
    await create.mutateAsync({ user_id: userId, email: typed, user_role: role, validity: validity || null });
    toastSuccess(t('toast.created'));
    onClose();
  };

  const foundName =
    lookup.state === 'found'
      ? [lookup.user.fname, lookup.user.lname].filter(Boolean).join(' ') || lookup.user.email
      : '';
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
            label={t('share.email')}
            type="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={look}
            helperText={find.isPending ? t('share.looking') : t('share.email_hint')}
          />
          {looked && lookup.state === 'found' && (
            <Alert severity="success">{t('share.found', { name: foundName })}</Alert>
          )}
          {looked && lookup.state === 'new' && <Alert severity="info">{t('share.not_found')}</Alert>}
          <AccessFields role={role} onRole={setRole} validity={validity} onValidity={setValidity} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!looked} loading={saving}>
          {lookup.state === 'new' && looked ? t('share.invite') : t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
