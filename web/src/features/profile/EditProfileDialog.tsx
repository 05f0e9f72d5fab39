import { LANGUAGE_NAMES, LANGUAGES, profileSchema, type UserDto } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateProfile } from '../../api/auth.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { setLanguage } from '../../i18n/i18n.ts';
import { toastSuccess } from '../../lib/toast.ts';

/** The profile, plus the language the screens and mails use. */
const formSchema = profileSchema.extend({ language: z.enum(LANGUAGES) });

interface Props {
  user: UserDto;
  open: boolean;
  onClose: () => void;
}

export function EditProfileDialog({ user, open, onClose }: Props) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="edit-profile-title" maxWidth="sm">
      <DialogTitle id="edit-profile-title">{t('edit.title')}</DialogTitle>
      <EditProfileForm user={user} onClose={onClose} />
    </Dialog>
  );
}

function EditProfileForm({ user, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation(['profile', 'components']);
  const update = useUpdateProfile();
  const { control, handleSubmit } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>(
    {
      resolver: zodResolver(formSchema),
      mode: 'onTouched',
      defaultValues: {
        email: user.email ?? '',
        fname: user.fname ?? '',
        lname: user.lname ?? '',
        phone1: user.phone1 ?? '',
        phone2: user.phone2 ?? '',
        language: user.language,
      },
    },
  );

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      {
        id: user.id,
        email: values.email,
        fname: values.fname,
        lname: values.lname,
        // Blank phones travel as '' (the shared schema turns them into null).
        phone1: values.phone1 ?? '',
        phone2: values.phone2 ?? '',
        language: values.language,
      },
      {
        onSuccess: (data) => {
          // The screen follows the saved language at once.
          void setLanguage(data.user.language);
          toastSuccess(t('edit.saved'));
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="email"
            label={t('field.email')}
            type="email"
            autoComplete="email"
            disabled
            helperText={t('edit.email_hint')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField
              control={control}
              name="fname"
              label={t('field.first_name')}
              autoComplete="given-name"
            />
            <FormTextField
              control={control}
              name="lname"
              label={t('field.last_name')}
              autoComplete="family-name"
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField
              control={control}
              name="phone1"
              label={t('field.primary_phone')}
              type="tel"
              autoComplete="tel"
            />
            <FormTextField control={control} name="phone2" label={t('field.secondary_phone')} type="tel" />
          </Stack>
          <FormTextField control={control} name="language" label={t('field.language')} select>
            {LANGUAGES.map((lang) => (
              <MenuItem key={lang} value={lang} lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('components:action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
