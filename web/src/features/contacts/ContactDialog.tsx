/**
 * New and edit contact: registered (an e-mail looked up when the field is left; the user's
 * details are read only, plus a job description) or unregistered (free fields and a company of
 * the site's tenant, or a company name typed).
 */
import { type ContactDto, canManageSiteAccess, type FoundUser } from '@asbuilt/domain';
import EmailIcon from '@mui/icons-material/Email';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIcon from '@mui/icons-material/Phone';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  DialogActions,
  DialogContent,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindUser } from '../../api/accesses.ts';
import { useMe } from '../../api/auth.ts';
import { isConflict } from '../../api/client.ts';
import { type ContactInput, useCreateContact, useUpdateContact } from '../../api/contacts.ts';
import { useSiteCompanies } from '../../api/sites.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { useSite } from '../sites/SiteContext.tsx';

export function ContactDialog({
  open,
  contact,
  onClose,
}: {
  open: boolean;
  contact: ContactDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={contact ? t('dialog.edit_title') : t('dialog.new_title')}
    >
      {(key) => <ContactForm key={key} contact={contact} onClose={onClose} />}
    </FormDialog>
  );
}

type Kind = 'registered' | 'unregistered';
/** A company of the site's tenant (picked) or a free name (typed). */
type CompanyChoice = { id: number; name: string } | string | null;

/** The user's name, e-mail and phones: read only, they come from the user's profile. */
function UserDetails({ name, email, phones }: { name: string; email: string; phones: string[] }) {
  const { t } = useTranslation('contacts');
  const headingId = useId();
  const line = (icon: ReactNode, text: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
      {icon}
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Typography id={headingId} variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {t('dialog.from_user')}
      </Typography>
      <Stack spacing={0.5}>
        {name && line(<PersonIcon fontSize="small" color="action" />, name)}
        {line(<EmailIcon fontSize="small" color="action" />, email)}
        {phones.map((phone) => line(<PhoneIcon fontSize="small" color="action" />, phone))}
      </Stack>
    </Paper>
  );
}

function ContactForm({ contact, onClose }: { contact: ContactDto | null; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const { site, siteId, permission } = useSite();
  const me = useMe();
  // Looking a user up by e-mail is for those who share the site (the server refuses the others):
  // they alone may link a contact to an account; everyone else types the contact's details.
  const mayLookUp =
    me.data !== undefined &&
    canManageSiteAccess(
      { tenantId: me.data.tenant_id, role: me.data.role },
      { tenantId: site.tenant_id },
      permission,
    );
  const companies = useSiteCompanies(siteId);
  const find = useFindUser(siteId);
  const create = useCreateContact(siteId);
  const update = useUpdateContact(siteId);
  const [kind, setKind] = useState<Kind>(
    contact
      ? contact.registered
        ? 'registered'
        : 'unregistered'
      : mayLookUp
        ? 'registered'
        : 'unregistered',
  );
  const [lookupEmail, setLookupEmail] = useState(contact?.registered ? (contact.email ?? '') : '');
  const [found, setFound] = useState<FoundUser | null | undefined>(
    contact?.registered && contact.user_id
      ? {
          id: contact.user_id,
          email: contact.email ?? '',
          fname: contact.fname,
          lname: contact.lname,
          user_status: true,
          internal: true,
        }
      : undefined,
  );
  const [job, setJob] = useState(contact?.job_description ?? '');
  const [fname, setFname] = useState(contact && !contact.registered ? (contact.fname ?? '') : '');
  const [lname, setLname] = useState(contact && !contact.registered ? (contact.lname ?? '') : '');
  const [email, setEmail] = useState(contact && !contact.registered ? (contact.email ?? '') : '');
  const [phone1, setPhone1] = useState(contact && !contact.registered ? (contact.phone1 ?? '') : '');
  const [phone2, setPhone2] = useState(contact && !contact.registered ? (contact.phone2 ?? '') : '');
  const [company, setCompany] = useState<CompanyChoice>(
    contact?.company_id
      ? { id: contact.company_id, name: contact.company_name ?? '' }
      : (contact?.company_name ?? null),
  );
  const [touched, setTouched] = useState(Boolean(contact));
  // The version the form was filled from, whatever the list behind it reloads meanwhile.
  const [seen] = useState(contact?.updated_at);
  const saving = create.isPending || update.isPending;

  const look = () => {
    const typed = lookupEmail.trim().toLowerCase();
    setTouched(true);
    if (typed.length <= 2) return;
    find
      .mutateAsync(typed)
      .then(setFound)
      .catch(() => setFound(undefined));
  };

  const ready = kind === 'registered' ? Boolean(found) : touched;
  // The site's own phones of a registered contact are its user's (known once saved).
  const foundPhones =
    found && contact?.registered && found.id === contact.user_id
      ? [contact.phone1, contact.phone2].filter((p): p is string => Boolean(p))
      : [];
  /** A typed name that is one of the tenant's companies is that company. */
  const chosenCompany = (): { company_id: number | null; company_name: string } => {
    if (company && typeof company === 'object') return { company_id: company.id, company_name: '' };
    const typed = (company ?? '').trim();
    const known = (companies.data ?? []).find((c) => c.name.toLowerCase() === typed.toLowerCase());
    return known ? { company_id: known.id, company_name: '' } : { company_id: null, company_name: typed };
  };
  const save = async () => {
    const input: ContactInput =
      kind === 'registered'
        ? { user_id: found!.id, job_description: job }
        : {
            user_id: null,
            job_description: job,
            fname,
            lname,
            email,
            phone1,
            phone2,
            ...chosenCompany(),
          };
    if (contact) {
      // Sent back as read: a change made meanwhile is refused, and the form closes on the newer list.
      await update.mutateAsync(
        { ...input, id: contact.id, updated_at: seen },
        { onError: (error) => isConflict(error) && onClose() },
      );
      toastSuccess(t('toast.updated'));
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
        save().catch(() => undefined);
      }}
    >
      <DialogContent>
        <Stack spacing={2}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            onChange={(_e, value: Kind | null) => value && setKind(value)}
            aria-label={t('dialog.kind')}
          >
            <ToggleButton value="registered" disabled={!mayLookUp && !contact?.registered}>
              {t('dialog.registered')}
            </ToggleButton>
            <ToggleButton value="unregistered">{t('dialog.unregistered')}</ToggleButton>
          </ToggleButtonGroup>
          {kind === 'registered' ? (
            <>
              <TextField
                label={t('field.user_email')}
                type="email"
                value={lookupEmail}
                onChange={(e) => {
                  setLookupEmail(e.target.value);
                  setFound(undefined);
                }}
                onBlur={look}
                disabled={!mayLookUp}
                helperText={t('dialog.lookup_hint')}
              />
              {found === null && <Alert severity="warning">{t('dialog.not_found')}</Alert>}
              {found && (
                <UserDetails
                  name={[found.fname, found.lname].filter(Boolean).join(' ')}
                  email={found.email}
                  phones={foundPhones}
                />
              )}
            </>
          ) : (
            <>
              <TextField
                label={t('field.fname')}
                value={fname}
                onChange={(e) => {
                  setFname(e.target.value);
                  setTouched(true);
                }}
              />
              <TextField
                label={t('field.lname')}
                value={lname}
                onChange={(e) => {
                  setLname(e.target.value);
                  setTouched(true);
                }}
              />
              <TextField
                label={t('field.email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <TextField
                label={t('field.phone1')}
                type="tel"
                value={phone1}
                onChange={(e) => setPhone1(e.target.value)}
              />
              <TextField
                label={t('field.phone2')}
                type="tel"
                value={phone2}
                onChange={(e) => setPhone2(e.target.value)}
              />
              <Autocomplete<{ id: number; name: string }, false, false, true>
                freeSolo
                options={companies.data ?? []}
                getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
                isOptionEqualToValue={(option, value) => typeof value !== 'string' && option.id === value.id}
                value={company}
                onChange={(_e, value) => setCompany(value)}
                onInputChange={(_e, value, reason) => {
                  if (reason === 'input') setCompany(value);
                }}
                renderInput={(params) => <TextField {...params} label={t('field.company')} />}
              />
            </>
          )}
          <TextField
            label={t('field.job')}
            value={job}
            onChange={(e) => {
              setJob(e.target.value);
              setTouched(true);
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!ready} loading={saving}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
