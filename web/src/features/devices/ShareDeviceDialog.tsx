/**
 * Share a device: the QR code of its public page (size 125, level H), the URL and Copy URL. The
 * site's device list leaves the public hash out, so the dialog asks for the device when it opens.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../api/devices.ts';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';

export const QR_SIZE = 125;

export function publicDeviceUrl(hash: string): string {
  return `${window.location.origin}/device/${hash}`;
}

export function ShareDeviceDialog({
  open,
  onClose,
  siteId,
  deviceId,
}: {
  open: boolean;
  onClose: () => void;
  siteId: number;
  deviceId: number;
}) {
  const { t } = useTranslation(['devices', 'components']);
  const titleId = useId();
  const { data: device } = useDevice(siteId, deviceId, open);
  const url = device ? publicDeviceUrl(device.public_hash) : null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess(t('share.copied'));
    } catch {
      toastNotice(t('share.copy_failed'));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('share.title')}</DialogTitle>
      <DialogContent>
        {url ? (
          <Stack spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
            <Box sx={{ p: 1.5, bgcolor: 'common.white', border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <QRCodeSVG value={url} size={QR_SIZE} level="H" role="img" aria-label={t('share.qr')} />
            </Box>
            <TextField
              size="small"
              label={t('share.url')}
              value={url}
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  onFocus: (event: { target: HTMLInputElement }) => event.target.select(),
                },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <ContentCopyIcon fontSize="small" color="action" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Stack>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label={t('components:loading')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.close')}</Button>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          disabled={!url}
          onClick={() => void copy()}
        >
          {t('share.copy')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
