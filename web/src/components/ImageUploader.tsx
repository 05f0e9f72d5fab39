/**
 * Picks an image, uploads it through an upload slot and hands back its storage key. Shows the
 * current picture (a signed URL from the server, or the chosen file), Upload/Change and Remove.
 * Products, sites and (later) other images use it; a failure shows the spec's message. The app
 * hands in the upload itself (ComponentsHost).
 */

import { UPLOAD_FOLDER_RULES, type UploadFolder } from '@asbuilt/domain';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/numbers.ts';
import { toastFailure } from '../lib/toast.ts';
import { useComponentsHost } from './ComponentsHost.tsx';
import { FileUploadButtons } from './FileUploadButtons.tsx';

const MB = 1024 * 1024;

/**
 * Pictures uploaded in this page session, by key: the chosen file stays visible when the
 * uploader is shown again (another tab of a form) before the server has a signed URL for it.
 */
const localPreviews = new Map<string, string>();
const MAX_LOCAL_PREVIEWS = 20;

function rememberPreview(key: string, file: File) {
  localPreviews.set(key, URL.createObjectURL(file));
  while (localPreviews.size > MAX_LOCAL_PREVIEWS) {
    const [oldest, url] = localPreviews.entries().next().value as [string, string];
    URL.revokeObjectURL(url);
    localPreviews.delete(oldest);
  }
}

export interface ImageUploaderProps {
  /** The stored key ('' or null: no image). */
  value: string | null | undefined;
  /** Where the current key can be seen (the signed URL the server answered), if any. */
  previewUrl?: string | null;
  onChange: (key: string | null) => void;
  folder: UploadFolder;
  siteId?: number;
  tenantId?: number;
  /** Names the file input and the picture, e.g. "Product image". */
  label?: string;
  disabled?: boolean;
  size?: number;
  accept?: string;
  /** Reports an upload in progress, so a form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
}

export function ImageUploader({
  value,
  previewUrl,
  onChange,
  folder,
  siteId,
  tenantId,
  label,
  disabled = false,
  size = 128,
  accept = 'image/png,image/jpeg,image/gif,image/svg+xml,image/bmp,image/webp,.heic',
  onBusyChange,
}: ImageUploaderProps) {
  const { t } = useTranslation('components');
  const { uploadFile } = useComponentsHost();
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState(false);
  const name = label ?? t('image_uploader.label');
  // The last upload started; its answer is dropped when another one started or the uploader left.
  const lastUpload = useRef(0);
  useEffect(
    () => () => {
      lastUpload.current++;
    },
    [],
  );

  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);

  const src = value ? (localPreviews.get(value) ?? previewUrl) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new picture may load where the last one failed
  useEffect(() => setBroken(false), [src]);

  const pick = (file: File) => {
    const attempt = ++lastUpload.current;
    setUploading(true);
    uploadFile({ folder, file, site_id: siteId, tenant_id: tenantId }).then(
      (key) => {
        if (attempt !== lastUpload.current) return;
        setUploading(false);
        rememberPreview(key, file);
        onChange(key);
      },
      (error: unknown) => {
        if (attempt !== lastUpload.current) return;
        setUploading(false);
        toastFailure(t('image_uploader.failed'), error);
      },
    );
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        sx={(theme) => ({
          width: size,
          height: size,
          flex: '0 0 auto',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: alpha(theme.palette.primary.main, 0.04),
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          position: 'relative',
        })}
      >
        {src && !broken ? (
          <Box
            component="img"
            src={src}
            alt={name}
            onError={() => setBroken(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', bgcolor: 'background.paper' }}
          />
        ) : (
          <ImageOutlinedIcon sx={{ fontSize: size / 3, color: 'text.disabled' }} aria-hidden />
        )}
        {uploading ? (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(255,255,255,0.7)',
            }}
          >
            <CircularProgress size={28} aria-label={t('image_uploader.uploading')} />
          </Box>
        ) : null}
      </Box>
      {disabled ? null : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <FileUploadButtons
            accept={accept}
            inputLabel={name}
            onPick={pick}
            uploadText={value ? t('image_uploader.change') : t('image_uploader.upload')}
            uploading={uploading}
            remove={value ? { text: t('image_uploader.remove'), onClick: () => onChange(null) } : null}
          />
          {value ? null : (
            <Typography variant="caption" color="text.secondary">
              {t('image_uploader.formats', {
                size: formatNumber(Math.round(UPLOAD_FOLDER_RULES[folder].maxBytes / MB)),
              })}
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}
