/**
 * Mark a task done: the day (today unless told), a note, the checklist ticked, and photos taken on
 * the spot. A photo goes through the attachments' upload flow (shrunk first, as Take photo does),
 * onto the task's device, location or site, and the "done" record keeps it.
 */
import type { AttachmentDto, TaskDto } from '@asbuilt/domain';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddAttachment } from '../../api/attachments.ts';
import { useMarkTaskDone } from '../../api/tasks.ts';
import { DateField } from '../../components/DateField.tsx';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatDate, isIsoDay } from '../../lib/dates.ts';
import { toastErrorAs, toastSuccess } from '../../lib/toast.ts';
import { shrinkPhoto } from '../scan/shrinkPhoto.ts';
import { today } from './taskText.ts';

export function TaskDoneDialog({ task, onClose }: { task: TaskDto | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const last = useRef(task);
  if (task) last.current = task;
  const shown = last.current;
  return (
    <FormDialog open={task !== null} onClose={onClose} title={t('done.title', { title: shown?.title ?? '' })}>
      {(key) => (shown ? <DoneForm key={key} task={shown} onClose={onClose} /> : null)}
    </FormDialog>
  );
}

function DoneForm({ task, onClose }: { task: TaskDto; onClose: () => void }) {
  const { t } = useTranslation(['tasks', 'components']);
  const done = useMarkTaskDone(task.site_id);
  const add = useAddAttachment(task.site_id);
  const input = useRef<HTMLInputElement>(null);
  const [doneAt, setDoneAt] = useState(today());
  const [note, setNote] = useState('');
  const [ticked, setTicked] = useState<boolean[]>(() => task.checklist.map(() => false));
  const [photos, setPhotos] = useState<AttachmentDto[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const ready = isIsoDay(doneAt) && doneAt <= today() && progress === null;

  const addPhoto = async (taken: File) => {
    setProgress(0);
    try {
      const file = await shrinkPhoto(taken);
      const link = task.device_id
        ? { type: 'Device' as const, id: task.device_id }
        : task.location_id
          ? { type: 'Location' as const, id: task.location_id }
          : { type: null, id: null };
      const photo = await add.mutateAsync({ file, link, onProgress: setProgress });
      setPhotos((list) => [...list, photo]);
    } catch (error) {
      toastErrorAs(error, (reason) => t('done.photo_failed', { reason }));
    } finally {
      setProgress(null);
    }
  };

  const save = () => {
    if (!ready) return;
    done.mutate(
      {
        id: task.id,
        done_at: doneAt,
        note: note.trim() || null,
        checklist: task.checklist.map((item, index) => ({ item, done: ticked[index] ?? false })),
        attachments: photos.map((photo) => photo.id),
      },
      {
        onSuccess: (answer) => {
          toastSuccess(
            answer.task.closed_at
              ? t('done.saved_closed')
              : t('done.saved_next', { date: formatDate(answer.task.next_due_date) }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      onSubmit={save}
      onCancel={onClose}
      submitLabel={t('done.submit')}
      disabled={!ready}
      pending={done.isPending}
    >
      <DateField required label={t('done.done_at')} value={doneAt} onChange={setDoneAt} max={today()} />
      {task.checklist.length > 0 ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{t('done.checklist')}</FormLabel>
          <FormGroup>
            {task.checklist.map((item, index) => (
              <FormControlLabel
                // biome-ignore lint/suspicious/noArrayIndexKey: the checklist's items may repeat
                key={index}
                control={
                  <Checkbox
                    checked={ticked[index] ?? false}
                    onChange={(event) =>
                      setTicked((list) => list.map((old, at) => (at === index ? event.target.checked : old)))
                    }
                  />
                }
                label={item}
              />
            ))}
          </FormGroup>
        </Box>
      ) : null}
      <TextField
        multiline
        minRows={2}
        label={t('done.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid="task-photo-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void addPhoto(file);
          }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {photos.map((photo) => (
            <Box key={photo.id} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.thumb_url ?? photo.url}
                alt={photo.filename}
                sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={t('done.photo_remove', { name: photo.filename })}
                onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
                sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper', boxShadow: 1 }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddAPhotoOutlinedIcon />}
            onClick={() => input.current?.click()}
            disabled={progress !== null || photos.length >= 20}
          >
            {t('done.photo')}
          </Button>
        </Stack>
        {progress !== null ? (
          <Box sx={{ mt: 1 }} role="status">
            <Typography variant="caption" color="text.secondary">
              {t('done.photo_sending')}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label={t('done.photo_sending')}
            />
          </Box>
        ) : null}
      </Box>
    </DialogForm>
  );
}
