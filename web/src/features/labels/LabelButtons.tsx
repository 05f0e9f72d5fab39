/**
 * The entry points the devices and connections pages show: a button that opens the labels
 * dialog, whose script loads only when it is first wanted (components/shownLater.tsx).
 */
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLater } from '../../components/shownLater.tsx';

const PrintLabelsDialog = shownLater(() =>
  import('./PrintLabelsDialog.tsx').then((m) => m.PrintLabelsDialog),
);
const CableLabelsDialog = shownLater(() =>
  import('./CableLabelsDialog.tsx').then((m) => m.CableLabelsDialog),
);

/** Devices: the selection when there is one, else a floor, a location or the site (Reader and up). */
export function DeviceLabelsButton({ selectedIds }: { selectedIds: readonly number[] }) {
  const { t } = useTranslation('labels');
  const [open, setOpen] = useState(false);
  // A new key each time it opens: the choices start again from the selection of the moment.
  const [opened, setOpened] = useState(0);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<QrCode2Icon />}
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        {t('button')}
      </Button>
      <PrintLabelsDialog key={opened} open={open} selectedIds={selectedIds} onClose={() => setOpen(false)} />
    </>
  );
}

/** Cables: the selected ones; shown with a selection only. */
export function CableLabelsButton({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation('labels');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<QrCode2Icon />}
        disabled={ids.length === 0}
        onClick={() => setOpen(true)}
      >
        {t('cables.button')}
      </Button>
      <CableLabelsDialog open={open} ids={ids} onClose={() => setOpen(false)} />
    </>
  );
}
