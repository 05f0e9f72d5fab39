/**
 * The product editor's datasheet block: the current PDF as a link, and for who may edit the
 * product Upload/Replace and Remove, saved at once (not with the form). A new product gets its
 * datasheet once it is saved.
 */
import { type ProductDto, Role, UPLOAD_FOLDER_RULES } from '@asbuilt/domain';
import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveDatasheet, useUploadDatasheet } from '../../api/productDatasheets.ts';
import { FileUploadButtons } from '../../components/FileUploadButtons.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastFailure, toastSuccess } from '../../lib/toast.ts';
import { useCurrentUser } from '../../session/CurrentUser.tsx';
import { DatasheetLink } from './DatasheetLink.tsx';

const MB = 1024 * 1024;

export function ProductDatasheetField({
  product,
  readOnly,
  onBusyChange,
}: {
  product: ProductDto | null | undefined;
  readOnly: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation('products');
  const user = useCurrentUser();
  const upload = useUploadDatasheet();
  const remove = useRemoveDatasheet();
  // The editor's product is the one it opened with: the answers of these calls are newer.
  const [sheet, setSheet] = useState({ url: product?.datasheet_url, name: product?.datasheet_name });
  const label = t('datasheet.label');

  const pick = (file: File) => {
    if (!product) return;
    onBusyChange?.(true);
    upload.mutate(
      {
        productId: product.id,
        file,
        ...(user.role === Role.SuperAdmin ? { tenantId: product.tenant_id } : {}),
      },
      {
        onSuccess: ({ product: saved }) => {
          setSheet({ url: saved.datasheet_url, name: saved.datasheet_name });
          toastSuccess(t('datasheet.uploaded'));
        },
        onError: (error) => toastFailure(t('datasheet.failed'), error),
        onSettled: () => onBusyChange?.(false),
      },
    );
  };

  const drop = () => {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: ({ product: saved }) => {
        setSheet({ url: saved.datasheet_url, name: saved.datasheet_name });
        toastSuccess(t('datasheet.removed'));
      },
    });
  };

  return (
    <Box component="section" aria-label={label} sx={{ pt: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {sheet.url ? (
          <DatasheetLink url={sheet.url} name={sheet.name} sx={{ ml: -0.5 }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {product ? t('datasheet.none') : t('datasheet.save_first')}
          </Typography>
        )}
        {sheet.url && sheet.name ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {sheet.name}
          </Typography>
        ) : null}
      </Stack>
      {readOnly || !product ? null : (
        <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <FileUploadButtons
            accept="application/pdf,.pdf"
            inputLabel={label}
            onPick={pick}
            uploadText={sheet.url ? t('datasheet.replace') : t('datasheet.upload')}
            uploading={upload.isPending}
            remove={
              sheet.url ? { text: t('datasheet.remove'), onClick: drop, pending: remove.isPending } : null
            }
          />
          {sheet.url ? null : (
            <Typography variant="caption" color="text.secondary">
              {t('datasheet.formats', {
                size: formatNumber(Math.round(UPLOAD_FOLDER_RULES.datasheets.maxBytes / MB)),
              })}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
