/**
 * Share Site: the e-mail is looked up when the field is left (more than 2 characters; Enter does
 * it too); Save waits for the lookup. Someone without an account is invited first ("User Invited
 * to sign up"), then given the access ("Site Access Created").
 */
import type { FoundUser, SiteAccessDto } from '@asbuilt/domain';
import { Alert, Button, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAccess, useFindUser, useInviteUser } from '../../api/accesses.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { AccessFields, validityError } from './AccessRightDialog.tsx';

export function ShareSiteDialog({
  open,
  siteId,
  organisation,
  maxRole,
  accesses,
  myId,
  onClose,
}: {
  open: boolean;
  siteId: number;
  /** The site's organisation, which an invitee without an account joins. */
  organisation: string;
  /** The highest level the caller may grant: their own. */
  maxRole: number;
  /** The site's accesses: someone who already holds an active one is edited, not shared with. */
  accesses: SiteAccessDto[];
  myId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('access');
  return (
    <FormDialog open={open} onClose={onClose} title={t('share.title')}>
      {(key) => (
        <ShareForm
          key={key}
          siteId={siteId}
          organisation={organisation}
          maxRole={maxRole}
          accesses={accesses}
          myId={myId}
          onClose={onClose}
        />
      )}
    </FormDialog>
  );
}

type Lookup =
  | { state: 'idle' }
  | { state: 'found'; email: string; user: FoundUser }
  | { state: 'new'; email: string };

/** More than 2 characters (spatial-and-admin.md section 5). */
const MIN_LOOKUP_LENGTH = 3;

function ShareForm({
  siteId,
  organisation,
  maxRole,
  accesses,
  myId,
  onClose,
}: {
  siteId: number;
  organisation: string;
  maxRole: number;
  accesses: SiteAccessDto[];
  myId: number | undefined;
  onClose: () => void;
}) {
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

  const found = looked && lookup.state === 'found' ? lookup.user : null;
  const held = found ? accesses.find((a) => a.user_id === found.id) : undefined;
  const blocked = found !== null && (found.id === myId || (held?.active ?? false));

  const look = () => {
    if (typed.length < MIN_LOOKUP_LENGTH || looked || find.isPending) return;
    find
      .mutateAsync(typed)
      .then((user) =>
        setLookup(user ? { state: 'found', email: typed, user } : { state: 'new', email: typed }),
      )
      .catch(() => setLookup({ state: 'idle' }));
  };

  const save = async () => {
    if (!looked || blocked || validityError(validity)) return;
    let user: FoundUser;
    if (lookup.state === 'new') {
      // One call invites and creates the access, so that the mail names the level and the expiry.
      await invite.mutateAsync({ email: typed, user_role: role, validity: validity || null });
      toastSuccess(t('toast.invited'));
      toastSuccess(t('toast.created'));
      onClose();
      return;
    }
    if (lookup.state === 'found') {
      user = lookup.user;
    } else return;
    await create.mutateAsync({ user_id: user.id, email: typed, user_role: role, validity: validity || null });
    toastSuccess(t('toast.created'));
    onClose();
  };

  const foundMessage = () => {
    if (!found) return null;
    if (found.id === myId) return <Alert severity="warning">{t('share.yourself')}</Alert>;
    if (held?.active) return <Alert severity="warning">{t('share.already')}</Alert>;
    const name = [found.fname, found.lname].filter(Boolean).join(' ');
    return (
      <Alert severity="success">
        {found.internal && name ? t('share.found_internal', { name }) : t('share.found_external')}
        {held ? ` ${t('share.reopens')}` : ''}
      </Alert>
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save().catch(() => undefined);
      }}
    >
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('share.email')}
            type="email"
            autoComplete="off"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={look}
            onKeyDown={(event) => {
              // Enter looks the e-mail up (Save is still disabled: the form would not submit).
              if (event.key === 'Enter' && !looked) {
                event.preventDefault();
                look();
              }
            }}
            helperText={find.isPending ? t('share.looking') : t('share.email_hint')}
          />
          {foundMessage()}
          {looked && lookup.state === 'new' && (
            <Alert severity="info">{t('share.not_found', { organisation })}</Alert>
          )}
          <AccessFields
            role={role}
            onRole={setRole}
            maxRole={maxRole}
            validity={validity}
            onValidity={setValidity}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!looked || blocked || validityError(validity) !== null}
          loading={saving}
        >
          {looked && lookup.state === 'new' ? t('share.invite') : t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
