/**
 * Site config: the site form of the New Site dialog, filled with the site. Save sends only what
 * changed (PUT /api/site/sites) with the version the form was filled from; "Site saved", or "Error
 * saving site" with the server's reasons. A site changed meanwhile is refused: the form then shows
 * the newer site.
 */
import { Box, Button, Stack } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isConflict } from '../../api/client.ts';
import { useSiteIndex } from '../../api/sites.ts';
import { type SiteSettings, useUpdateSiteSettings } from '../../api/spatial.ts';
import { formResolver } from '../../lib/forms.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';
import { SiteCustomFields } from '../customFields/SiteCustomFields.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import {
  SITE_TEXT_FIELDS,
  SiteFormFields,
  type SiteFormOutput,
  type SiteFormValues,
  siteFormSchema,
  siteFormValues,
} from '../sites/SiteFormFields.tsx';
import { TabHeading } from './TabHeading.tsx';

export function SiteConfigTab() {
  const { t } = useTranslation(['config', 'components']);
  const { site, siteId } = useSite();
  const index = useSiteIndex();
  const save = useUpdateSiteSettings(siteId);
  const [uploading, setUploading] = useState(false);
  const initial = useMemo(() => siteFormValues(site), [site]);
  const { control, handleSubmit, reset, formState } = useForm<SiteFormValues, unknown, SiteFormOutput>({
    resolver: formResolver<SiteFormValues, typeof siteFormSchema>(siteFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { isDirty } = formState;
  // The version of the site the form shows, sent back on save.
  const seen = useRef(site.updated_at);

  // The site changed elsewhere (another tab saved): follow it, unless the user is editing.
  useEffect(() => {
    if (!isDirty) {
      reset(initial);
      seen.current = site.updated_at;
    }
  }, [initial, isDirty, reset, site.updated_at]);

  const customers = useMemo(() => {
    const list = index.data?.customers ?? [];
    const current = site.customer;
    return current && !list.some((c) => c.id === current.id) ? [current, ...list] : list;
  }, [index.data, site.customer]);

  const submit = handleSubmit((values) => {
    const changes: SiteSettings = {};
    if (values.name && values.name !== site.name) changes.name = values.name;
    if (values.customer_id !== site.customer_id) changes.customer_id = values.customer_id;
    if ((values.image || null) !== site.image_key) changes.image = values.image || null;
    if (values.site_status !== site.site_status) changes.site_status = values.site_status;
    if ((values.country || null) !== site.country) changes.country = values.country || null;
    for (const key of SITE_TEXT_FIELDS) {
      if (values[key] !== site[key]) changes[key] = values[key];
    }
    if (Object.keys(changes).length === 0) {
      reset(initial);
      return;
    }
    save.mutate(
      { ...changes, updated_at: seen.current },
      {
        onSuccess: ({ site: saved }) => {
          toastSuccess(t('site.saved'));
          seen.current = saved.updated_at;
          reset(siteFormValues(saved));
        },
        // The server's reasons come as their own toasts (the query client's error handler). After
        // a conflict the form lets go of the edit, so it follows the newer site as it loads.
        onError: (error) => {
          toastNotice(t('site.save_failed'));
          if (isConflict(error)) reset(initial);
        },
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 640 }}>
      <TabHeading title={t('tab.site')} hint={t('site.hint')} />
      <SiteFormFields
        control={control}
        customers={customers}
        onUploadingChange={setUploading}
        imagePreviewUrl={site.image}
        siteId={siteId}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={() => reset(initial)} disabled={!isDirty || save.isPending}>
          {t('site.reset')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={!isDirty || uploading}>
          {t('components:action.save')}
        </Button>
      </Stack>
      <SiteCustomFields canEdit />
    </Box>
  );
}
