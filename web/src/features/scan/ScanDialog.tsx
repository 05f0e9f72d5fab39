/**
 * The scanner: the rear camera full screen, read a few times a second for a QR code. A device's
 * code opens its card for a user who may see it, or its public page; any other code is named as
 * not an Asbuilt device while scanning goes on. A refused or missing camera says so.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Dialog, IconButton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceTargetQuery } from '../../api/scan.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { errorMessages } from '../../lib/errors.ts';
import { type CameraProblem, cameraProblemOf, openRearCamera, stopCamera } from './camera.ts';
import { qrReader } from './detector.ts';
import { outcomeOfScan } from './scanTarget.ts';

/** Between two reads of the video: fast enough to feel instant, light enough for a phone. */
const READ_EVERY_MS = 250;
/** How long "not an Asbuilt device" stays up, and the same code is not asked about again. */
const FOREIGN_MS = 3000;

type Phase = 'starting' | 'aim' | 'checking';

export function ScanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('scan');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'common.black', color: 'common.white' } } }}
    >
      {open ? <Scanner onClose={onClose} /> : null}
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {t('title')}
      </Typography>
    </Dialog>
  );
}

function Scanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('scan');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [problem, setProblem] = useState<CameraProblem | 'reader' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // The camera keeps running through the parent's renders and a change of language.
  const latest = useRef({ onClose, navigate, t });
  latest.current = { onClose, navigate, t };

  const resolve = useCallback(
    (hash: string) => queryClient.fetchQuery({ ...deviceTargetQuery(hash), retry: false }),
    [queryClient],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` opens the camera again after a problem.
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The last code that led nowhere, and until when it is not asked about again. */
    let ignored = { text: '', until: 0 };
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;
    const say = (text: string | null) => {
      setNotice(text);
      clearTimeout(noticeTimer);
      if (text) noticeTimer = setTimeout(() => setNotice(null), FOREIGN_MS);
    };

    const start = async () => {
      setProblem(null);
      setPhase('starting');
      try {
        stream = await openRearCamera();
      } catch (error) {
        if (!stopped) setProblem(cameraProblemOf(error));
        return;
      }
      if (stopped) return stopCamera(stream);
      const element = video.current;
      if (!element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let reader: Awaited<ReturnType<typeof qrReader>>;
      try {
        reader = await qrReader();
      } catch {
        if (!stopped) setProblem('reader');
        return;
      }
      if (stopped) return;
      setPhase('aim');
      const tick = async () => {
        if (stopped) return;
        const texts =
          element.readyState >= element.HAVE_CURRENT_DATA ? await reader.read(element).catch(() => []) : [];
        const text = texts.find((candidate) => !(candidate === ignored.text && Date.now() < ignored.until));
        if (text !== undefined && !stopped) {
          setPhase('checking');
          try {
            const outcome = await outcomeOfScan(text, resolve);
            if (stopped) return;
            if (outcome.kind === 'go') {
              stopped = true;
              stopCamera(stream);
              latest.current.onClose();
              latest.current.navigate(outcome.to);
              return;
            }
            ignored = { text, until: Date.now() + FOREIGN_MS };
            say(latest.current.t('foreign'));
          } catch (error) {
            ignored = { text, until: Date.now() + FOREIGN_MS };
            say(errorMessages(error).join(' '));
          }
          setPhase('aim');
        }
        timer = setTimeout(tick, READ_EVERY_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(noticeTimer);
      stopCamera(stream);
    };
  }, [attempt, resolve]);

  return (
    <Box sx={{ position: 'relative', flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        autoPlay
        data-testid="scan-video"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
      {problem ? null : <AimFrame />}
      <Stack
        direction="row"
        sx={{
          position: 'relative',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          pt: 'max(12px, env(safe-area-inset-top))',
          pb: 1.5,
          background: 'linear-gradient(rgba(0,0,0,0.6), rgba(0,0,0,0))',
        }}
      >
        <Typography component="p" variant="h6" aria-hidden sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <IconButton aria-label={t('cancel')} onClick={onClose} sx={{ color: 'common.white' }}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1 }} />
      <Stack
        spacing={2}
        sx={{
          position: 'relative',
          alignItems: 'center',
          px: 2,
          pt: 3,
          pb: 'max(24px, env(safe-area-inset-bottom))',
          background: 'linear-gradient(rgba(0,0,0,0), rgba(0,0,0,0.75))',
        }}
      >
        {problem ? (
          <Alert
            severity="error"
            variant="filled"
            sx={{ maxWidth: 520 }}
            action={
              problem === 'absent' || problem === 'unsupported' ? undefined : (
                <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                  {t('retry')}
                </Button>
              )
            }
          >
            {t(`error.${problem}`)}
          </Alert>
        ) : (
          <>
            {notice ? (
              <Alert severity="warning" variant="filled" sx={{ maxWidth: 520 }} data-testid="scan-notice">
                {notice}
              </Alert>
            ) : null}
            <Typography role="status" aria-live="polite" sx={{ textAlign: 'center', fontWeight: 500 }}>
              {t(phase)}
            </Typography>
          </>
        )}
        <Button
          variant="contained"
          color="inherit"
          onClick={onClose}
          sx={{ minWidth: 160, color: 'common.black', bgcolor: 'common.white' }}
        >
          {t('cancel')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The square to hold the code in, the rest of the picture dimmed. */
function AimFrame() {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        top: '50%',
        left: '50%',
        width: 'min(70vw, 60vh, 320px)',
        aspectRatio: '1',
        transform: 'translate(-50%, -50%)',
        borderRadius: 3,
        border: '3px solid rgba(255,255,255,0.9)',
        boxShadow: '0 0 0 100vmax rgba(0,0,0,0.35)',
        pointerEvents: 'none',
      }}
    />
  );
}
