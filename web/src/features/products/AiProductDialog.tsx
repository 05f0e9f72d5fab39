/**
 * The AI product generator: the admin names the brand and model (and may add notes); the server
 * asks the configured provider and answers a draft, which opens in the product editor to review
 * and save. Without a configured provider the dialog says how to configure one.
 */
import type { AiProductDraft } from '@asbuilt/domain';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Alert, Button, DialogActions, DialogContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiStatus, useGenerateProduct } from '../../api/ai.ts';
import { FormDialog } from '../../components/FormDialog.tsx';

export function AiProductDialog({
  open,
  onClose,
  onDraft,
}: {
  open: boolean;
  onClose: () => void;
  onDraft: (draft: AiProductDraft) => void;
}) {
  const { t } = useTranslation('products');
  return (
    <FormDialog open={open} onClose={onClose} title={t('ai.title')}>
      {(key) => <AiProductForm key={key} onClose={onClose} onDraft={onDraft} />}
    </FormDialog>
  );
}

function AiProductForm({
  onClose,
  onDraft,
}: {
  onClose: () => void;
  onDraft: (draft: AiProductDraft) => void;
}) {
  const { t } = useTranslation(['products', 'components']);
  const status = useAiStatus(true);
  const generate = useGenerateProduct();
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const [notes, setNotes] = useState('');
  const configured = status.data?.configured === true;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        generate.mutate({ brand, model, notes }, { onSuccess: ({ draft }) => onDraft(draft) });
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        {status.data && !configured ? (
          <Alert severity="info">
            <Typography variant="body2">{t('ai.not_configured')}</Typography>
            <Typography
              variant="body2"
              component="code"
              sx={{ display: 'block', mt: 1, fontFamily: 'monospace' }}
            >
              {t('ai.example')}
            </Typography>
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('ai.hint', { model: status.data?.model ?? '' })}
            </Typography>
            <TextField
              label={t('ai.brand')}
              value={brand}
              onChange={(e) => setBrand(e.target.value)}
              required
              autoFocus
            />
            <TextField
              label={t('ai.model')}
              value={model}
              onChange={(e) => setModel(e.target.value)}
              required
            />
            <TextField
              label={t('ai.notes')}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={2}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('components:action.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<AutoAwesomeIcon />}
          disabled={!configured || !brand.trim() || !model.trim()}
          loading={generate.isPending}
        >
          {t('ai.generate')}
        </Button>
      </DialogActions>
    </form>
  );
}
