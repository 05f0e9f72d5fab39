/**
 * Take photo, on the device card: the rear camera (a file picker on a computer), the photo shrunk
 * in the browser (shrinkPhoto.ts), then uploaded with its progress and added to the device's
 * pictures through the attachments' upload flow.
 */
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddAttachment } from '../../api/attachments.ts';
import { toastErrorAs, toastSuccess } from '../../lib/toast.ts';
import { shrinkPhoto } from './shrinkPhoto.ts';

type State = { step: 'idle' } | { step: 'preparing' } | { step: 'sending'; progress: number };

export function TakePhoto({
  siteId,
  deviceId,
  onAdded,
}: {
  siteId: number;
  deviceId: number;
  /** Once the photo is among the device's pictures (the card shows them). */
  onAdded?: () => void;
}) {
  const { t } = useTranslation('scan');
  const input = useRef<HTMLInputElement>(null);
  const add = useAddAttachment(siteId);
  const [state, setState] = useState<State>({ step: 'idle' });

  const send = async (taken: File) => {
    setState({ step: 'preparing' });
    try {
      const file = await shrinkPhoto(taken);
      setState({ step: 'sending', progress: 0 });
      await add.mutateAsync({
        file,
        link: { type: 'Device', id: deviceId },
        onProgress: (fraction) => setState({ step: 'sending', progress: fraction }),
      });
      toastSuccess(t('photo.done'));
      onAdded?.();
    } catch (error) {
      toastErrorAs(error, (reason) => t('photo.failed', { reason }));
    } finally {
      setState({ step: 'idle' });
    }
  };

  const busy = state.step !== 'idle';
  return (
    <Box
      sx={{ display: 'inline-flex', flexDirection: 'column', verticalAlign: 'top', ml: { xs: -0.5, sm: 1 } }}
    >
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="take-photo-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        size="small"
        startIcon={<PhotoCameraIcon />}
        onClick={() => input.current?.click()}
        loading={state.step === 'preparing'}
        disabled={busy}
        sx={{ mt: 0.5 }}
      >
        {t('photo.take')}
      </Button>
      {state.step === 'sending' ? (
        <Box sx={{ width: 180, mt: 0.5 }} data-testid="photo-progress">
          <Typography variant="caption" color="text.secondary" component="div">
            {t('photo.sending')}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(state.progress * 100)}
            aria-label={t('photo.progress')}
          />
        </Box>
      ) : state.step === 'preparing' ? (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('photo.preparing')}
        </Typography>
      ) : null}
    </Box>
  );
}
