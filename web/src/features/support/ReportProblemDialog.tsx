/**
 * "Report a problem" on the public device page: a visitor without an account sends their name,
 * e-mail, a description and optionally one photo; the integrator gets a ticket marked as a
 * visitor report.
 */
import { REPORT_PHOTO } from '@asbuilt/domain';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportProblem } from '../../api/tickets.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { errorMessages } from '../../lib/errors.ts';

export function ReportProblemDialog({
  hash,
  open,
  onClose,
}: {
  hash: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  return (
    <FormDialog open={open} onClose={onClose} title={t('report.title')}>
      {(key) => <ReportForm key={key} hash={hash} onClose={onClose} />}
    </FormDialog>
  );
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ReportForm({ hash, onClose }: { hash: string; onClose: () => void }) {
  const { t } = useTranslation('support');
  const report = useReportProblem();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [description, setDescription] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const emailBad = tried && !EMAIL.test(email.trim());

  if (report.data) {
    return (
      <>
        <DialogContent>
          <Alert severity="success">{t('report.sent', { number: report.data.number })}</Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('report.close')}
          </Button>
        </DialogActions>
      </>
    );
  }

  const choose = (file: File | undefined) => {
    setPhotoError(null);
    if (!file) return setPhoto(null);
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(REPORT_PHOTO.extensions as readonly string[]).includes(extension)) {
      setPhoto(null);
      return setPhotoError(t('report.photo_type', { extensions: REPORT_PHOTO.extensions.join(', ') }));
    }
    if (file.size > REPORT_PHOTO.maxBytes) {
      setPhoto(null);
      return setPhotoError(t('report.photo_size', { max: REPORT_PHOTO.maxBytes / (1024 * 1024) }));
    }
    setPhoto(file);
  };

  const send = async () => {
    setTried(true);
    if (!name.trim() || !description.trim() || !EMAIL.test(email.trim())) return;
    await report.mutateAsync({
      hash,
      name,
      email: email.trim(),
      description,
      photo: photo ? { filename: photo.name, data: await readBase64(photo) } : null,
      language: currentLanguage(),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send().catch(() => undefined);
      }}
    >
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('report.intro')}
          </Typography>
          {report.isError && <Alert severity="error">{errorMessages(report.error).join(' ')}</Alert>}
          <TextField
            required
            label={t('report.name')}
            value={name}
            autoComplete="name"
            error={tried && !name.trim()}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            required
            type="email"
            label={t('report.email')}
            value={email}
            autoComplete="email"
            error={emailBad}
            helperText={emailBad ? t('report.email_invalid') : t('report.email_hint')}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            required
            multiline
            minRows={4}
            label={t('report.description')}
            value={description}
            error={tried && !description.trim()}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Box>
            <input
              ref={input}
              type="file"
              accept="image/*"
              hidden
              data-testid="report-photo"
              onChange={(e) => choose(e.target.files?.[0])}
            />
            <Button startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()}>
              {photo ? t('report.photo_change') : t('report.photo_add')}
            </Button>
            {photo && (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {photo.name}
              </Typography>
            )}
            {photoError && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {photoError}
              </Alert>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={report.isPending}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={report.isPending}>
          {t('report.send')}
        </Button>
      </DialogActions>
    </form>
  );
}
