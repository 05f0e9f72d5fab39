/** Rename a file (blank keeps the name) and link it to the site, a floor, a location or a device. */
import type { AttachmentDto } from '@asbuilt/domain';
import { Button, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAttachment } from '../../api/attachments.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { toastSuccess } from '../../lib/toast.ts';
import { LinkedItemPicker, type LinkValue } from '../links/LinkedItemPicker.tsx';
import { useSite } from '../sites/SiteContext.tsx';
import { TagPicker } from '../tags/TagPicker.tsx';
import { ValidUntilField } from '../tasks/DateFields.tsx';

export function AttachmentEditDialog({
  attachment,
  onClose,
}: {
  attachment: AttachmentDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('attachments');
  return (
    <FormDialog open={attachment !== null} onClose={onClose} title={t('edit.title')}>
      {(key) => attachment && <EditForm key={key} attachment={attachment} onClose={onClose} />}
    </FormDialog>
  );
}

function EditForm({ attachment, onClose }: { attachment: AttachmentDto; onClose: () => void }) {
  const { t } = useTranslation('attachments');
  const { site, siteId } = useSite();
  const update = useUpdateAttachment(siteId);
  const [filename, setFilename] = useState(attachment.filename);
  const [validUntil, setValidUntil] = useState(attachment.valid_until ?? '');
  const [tags, setTags] = useState(attachment.tags);
  const [link, setLink] = useState<LinkValue>({
    type: attachment.attachable_type,
    id: attachment.attachable_id,
  });
  const submit = async () => {
    await update.mutateAsync({ id: attachment.id, filename, link, valid_until: validUntil, tags });
    toastSuccess(t('toast.updated'));
    onClose();
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit().catch(() => undefined);
      }}
    >
      <DialogContent>
        <Stack spacing={2}>
          <TextField
            label={t('edit.filename')}
            value={filename}
            onChange={(event) => setFilename(event.target.value)}
            helperText={t('edit.filename_hint')}
            autoFocus
          />
          <LinkedItemPicker site={site} value={link} onChange={setLink} />
          <ValidUntilField value={validUntil} onChange={setValidUntil} />
          <TagPicker siteId={siteId} value={tags} onChange={setTags} size="medium" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
