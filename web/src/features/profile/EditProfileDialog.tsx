import { type ProfileInput, profileSchema, type UserDto } from '@asbuilt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateProfile } from '../../api/auth.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toastSuccess } from '../../lib/toast.ts';

interface Props {
  user: UserDto;
  open: boolean;
  onClose: () => void;
}

export function EditProfileDialog({ user, open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="edit-profile-title" maxWidth="sm">
      <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
      <EditProfileForm user={user} onClose={onClose} />
    </Dialog>
  );
}

function EditProfileForm({ user, onClose }: Omit<Props, 'open'>) {
  const update = useUpdateProfile();
  const { control, handleSubmit } = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    mode: 'onTouched',
    defaultValues: {
      email: user.email ?? '',
      fname: user.fname ?? '',
      lname: user.lname ?? '',
      phone1: user.phone1 ?? '',
      phone2: user.phone2 ?? '',
    },
  });

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
      },
      {
        onSuccess: () => {
          toastSuccess('User Updated');
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField control={control} name="fname" label="First Name" autoComplete="given-name" />
            <FormTextField control={control} name="lname" label="Last Name" autoComplete="family-name" />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField
              control={control}
              name="phone1"
              label="Primary Phone"
              type="tel"
              autoComplete="tel"
            />
            <FormTextField control={control} name="phone2" label="Secondary Phone" type="tel" />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
