/**
 * The Plan settings menu: upload a floorplan (.svg only; chosen, previewed, then sent with Upload
 * Plan: "FloorPlan Uploaded"), delete it, and place the locations layer on the plan: nudge by 10
 * or 50 units, scale by 0.85, 0.95, 1.05 or 1.15, then save the transform ("Translation set").
 */
import {
  type FloorDto,
  formatTransform,
  NUDGE_STEPS,
  type PlanTransform,
  SCALE_FACTORS,
} from '@asbuilt/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  Divider,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFloor } from '../../api/spatial.ts';
import { useUploadFile } from '../../api/uploads.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatNumber } from '../../lib/numbers.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

interface Props {
  siteId: number;
  floor: FloorDto;
  /** The transform shown (the draft while nudging). */
  transform: PlanTransform;
  dirty: boolean;
  onTransform: (transform: PlanTransform) => void;
  onSaved: () => void;
  onReset: () => void;
  /** The centre of the plan, in plan units: scaling keeps it in place. */
  center: { x: number; y: number };
}

const isSvg = (file: File) => /\.svg$/i.test(file.name);

export function SettingsMenu({
  siteId,
  floor,
  transform,
  dirty,
  onTransform,
  onSaved,
  onReset,
  center,
}: Props) {
  const { t } = useTranslation(['plans', 'domain']);
  const update = useUpdateFloor(siteId);
  const upload = useUploadFile();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [step, setStep] = useState<number>(NUDGE_STEPS[0]);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Another floor: nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on another floor only
  useEffect(() => setFile(null), [floor.id]);

  const choose = (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!chosen) return;
    if (!isSvg(chosen)) {
      toastError(new Error(t('domain:error.floorplan_svg_only')));
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    let uploaded = false;
    try {
      const key = await upload.mutateAsync({
        folder: 'floorplans',
        file,
        site_id: siteId,
        floor_id: floor.id,
      });
      uploaded = true;
      await update.mutateAsync({ id: floor.id, svg: key });
      toastSuccess(t('toast.plan_uploaded'));
      setFile(null);
    } catch (error) {
      // The upload's errors are silent; the floor update's are toasted by the query client.
      if (!uploaded) toastError(error);
    }
  };

  const removePlan = () =>
    update.mutate(
      { id: floor.id, svg: '' },
      {
        onSuccess: () => {
          toastSuccess(t('toast.plan_deleted'));
          setConfirmDelete(false);
        },
      },
    );

  const nudge = (dx: number, dy: number) =>
    onTransform({ ...transform, x: transform.x + dx * step, y: transform.y + dy * step });
  const scale = (factor: number) =>
    onTransform({
      scale: transform.scale * factor,
      x: center.x - (center.x - transform.x) * factor,
      y: center.y - (center.y - transform.y) * factor,
    });
  const saveTransform = () =>
    update.mutate(
      { id: floor.id, location_transform: formatTransform(transform) },
      {
        onSuccess: () => {
          toastSuccess(t('toast.translation_set'));
          onSaved();
        },
      },
    );

  const busy = upload.isPending || update.isPending;

  return (
    <Stack spacing={1.5}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {t('settings.plan')}
      </Typography>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".svg,image/svg+xml"
        hidden
        onChange={(event) => choose(event.target.files?.[0])}
        data-testid="plan-file-input"
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          sx={{ flex: 1 }}
        >
          {t('settings.choose')}
        </Button>
        {floor.svg ? (
          <Tooltip title={t('settings.delete_plan')}>
            <span>
              <IconButton
                aria-label={t('settings.delete_plan')}
                color="error"
                onClick={() => setConfirmDelete(true)}
                disabled={busy}
              >
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
      </Stack>
      {file && preview ? (
        <Stack spacing={1}>
          <Box
            component="img"
            src={preview}
            alt={t('settings.preview', { name: file.name })}
            sx={{
              width: '100%',
              maxHeight: 180,
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
          <Typography variant="caption" noWrap title={file.name}>
            {file.name}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="small" onClick={send} loading={busy} sx={{ flex: 1 }}>
              {t('settings.upload')}
            </Button>
            <Button size="small" onClick={() => setFile(null)} disabled={busy}>
              {t('settings.discard')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {floor.svg ? t('settings.has_plan') : t('settings.no_plan')}
        </Typography>
      )}

      <Divider />
      <Typography variant="overline" color="text.secondary" component="h3">
        {t('settings.overlay')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{t('settings.step')}</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={step}
          onChange={(_event, value: number | null) => value && setStep(value)}
          aria-label={t('settings.step')}
        >
          {NUDGE_STEPS.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.5 }}>
              {value}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, 40px)',
          gridTemplateRows: 'repeat(3, 40px)',
          justifyContent: 'center',
        }}
      >
        <IconButton aria-label={t('settings.nudge_up')} onClick={() => nudge(0, -1)} sx={{ gridColumn: 2 }}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          aria-label={t('settings.nudge_left')}
          onClick={() => nudge(-1, 0)}
          sx={{ gridColumn: 1, gridRow: 2 }}
        >
          <ArrowBackIcon />
        </IconButton>
        <IconButton
          aria-label={t('settings.nudge_right')}
          onClick={() => nudge(1, 0)}
          sx={{ gridColumn: 3, gridRow: 2 }}
        >
          <ArrowForwardIcon />
        </IconButton>
        <IconButton
          aria-label={t('settings.nudge_down')}
          onClick={() => nudge(0, 1)}
          sx={{ gridColumn: 2, gridRow: 3 }}
        >
          <ArrowDownwardIcon />
        </IconButton>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'space-between' }}>
        {SCALE_FACTORS.map((factor) => (
          <Button
            key={factor}
            size="small"
            variant="outlined"
            onClick={() => scale(factor)}
            aria-label={t('settings.scale_by', { factor: formatNumber(factor) })}
            sx={{ minWidth: 0, px: 0.5, flex: 1, whiteSpace: 'nowrap' }}
          >
            {t('settings.factor', { factor: formatNumber(factor) })}
          </Button>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {transform.x === 0 && transform.y === 0 && transform.scale === 1
          ? t('settings.overlay_unchanged')
          : t('settings.overlay_moved', {
              x: formatNumber(transform.x),
              y: formatNumber(transform.y),
              scale: formatNumber(transform.scale),
            })}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          size="small"
          onClick={saveTransform}
          disabled={!dirty}
          loading={update.isPending}
          sx={{ flex: 1 }}
        >
          {t('settings.save_transform')}
        </Button>
        <Button size="small" onClick={onReset} disabled={!dirty || update.isPending}>
          {t('settings.reset')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={t('settings.delete_plan')}
        message={t('settings.delete_plan_confirm', { floor: floor.name })}
        loading={update.isPending}
        onConfirm={removePlan}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
