/**
 * The tenant's logo on its settings page: a preview, Upload/Change and Remove. The logo is printed
 * on the cover of the tenant's handover packs; only those who may change it see the buttons.
 */
import { LOGO_EXTENSIONS, UPLOAD_FOLDER_RULES } from '@asbuilt/domain';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TenantSettingsDto, useRemoveLogo, useUploadLogo } from '../../api/tenantSettings.ts';
import { FileUploadButtons } from '../../components/FileUploadButtons.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';
const MAX_MB = UPLOAD_FOLDER_RULES.logos.maxBytes / (1024 * 1024);

export function LogoBlock({ tenant }: { tenant: TenantSettingsDto }) {
  const { t } = useTranslation('tenant');
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const titleId = useId();
  const [broken, setBroken] = useState<string | null>(null);
  const url = tenant.logo_url;

  const pick = (file: File) => {
    upload.mutate(file, {
      onSuccess: () => toastSuccess(t('settings.logo.uploaded')),
      onError: (error) => toastFailure(t('settings.logo.upload_failed'), error),
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('settings.logo.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.logo.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: { xs: '100%', sm: 240 },
            maxWidth: 320,
            height: 120,
            flex: '0 0 auto',
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            p: 1,
          }}
        >
          {url && broken !== url ? (
            <Box
              component="img"
              src={url}
              alt={t('settings.logo.preview', { name: tenant.name })}
              onError={() => setBroken(url)}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ImageOutlinedIcon aria-hidden sx={{ fontSize: 40 }} />
              <Typography variant="caption">{t('settings.logo.none')}</Typography>
            </Stack>
          )}
        </Box>
        {tenant.can_edit ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
            <FileUploadButtons
              accept={ACCEPT}
              inputLabel={t('settings.logo.file')}
              onPick={pick}
              uploadText={url ? t('settings.logo.change') : t('settings.logo.upload')}
              uploading={upload.isPending}
              variant="contained"
              remove={
                url
                  ? {
                      text: t('settings.logo.remove'),
                      pending: remove.isPending,
                      onClick: () =>
                        remove.mutate(undefined, {
                          onSuccess: () => toastSuccess(t('settings.logo.removed')),
                          onError: (error) => toastFailure(t('settings.logo.remove_failed'), error),
                        }),
                    }
                  : null
              }
            />
            <Typography variant="caption" color="text.secondary">
              {t('settings.logo.formats', {
                types: LOGO_EXTENSIONS.filter((ext) => ext !== 'jpeg')
                  .map((ext) => ext.toUpperCase())
                  .join(', '),
                size: formatNumber(MAX_MB),
              })}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('settings.logo.read_only')}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
