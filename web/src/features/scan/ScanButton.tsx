/**
 * The header's Scan button: on phones, and on other screens when the browser lists a camera. The
 * scanner's code (and the QR reader it may load) comes with the first click.
 */
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutPrefs } from '../../layout/LayoutPrefs.tsx';
import { hasVideoInput } from './camera.ts';

const ScanDialog = lazy(() => import('./ScanDialog.tsx').then((m) => ({ default: m.ScanDialog })));

export function ScanButton() {
  const { t } = useTranslation('scan');
  const { isPhone } = useLayoutPrefs();
  const [camera, setCamera] = useState(false);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (isPhone) return;
    let live = true;
    void hasVideoInput().then((found) => live && setCamera(found));
    return () => {
      live = false;
    };
  }, [isPhone]);

  if (!isPhone && !camera) return null;
  return (
    <>
      <Tooltip title={t('button')}>
        <IconButton
          color="inherit"
          aria-label={t('button')}
          aria-haspopup="dialog"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <QrCodeScannerIcon />
        </IconButton>
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <ScanDialog open={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
