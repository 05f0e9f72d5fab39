/** Recovery codes, shown once: the list, Copy, Download as .txt and Print, and the warning. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastNotice, toastSuccess } from '../../lib/toast.ts';

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('twoFactor');
  const text = `${t('codes.file_heading')}\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => toastSuccess(t('codes.copied')))
      .catch(() => toastNotice(t('codes.copy_failed'), 'warning'));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'asbuilt-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  const print = () => {
    const page = window.open('', '_blank', 'noopener=no,width=480,height=640');
    if (!page) return;
    const pre = page.document.createElement('pre');
    pre.textContent = text;
    pre.style.font = '16px monospace';
    page.document.body.append(pre);
    page.print();
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('codes.warning')}</Alert>
      <Box
        component="ul"
        aria-label={t('codes.list')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: { xs: 3, sm: 4 },
          rowGap: 1,
          fontFamily: 'monospace',
          fontSize: { xs: '0.95rem', sm: '1.05rem' },
          whiteSpace: 'nowrap',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
          {t('codes.copy')}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
          {t('codes.download')}
        </Button>
        <Button size="small" startIcon={<PrintIcon />} onClick={print}>
          {t('codes.print')}
        </Button>
      </Stack>
    </Stack>
  );
}
