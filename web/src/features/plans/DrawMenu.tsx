/**
 * The Draw menu: draw the selected location's polygon (create mode) or edit it (edit mode), save,
 * cancel, and the circle size (1 to 30, default 5) of the points and device markers. On a floor
 * with no location yet there is nothing to draw: the menu says to add a room first, with the
 * button that adds one, in the words of the Locations page.
 */
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, AlertTitle, Button, Slider, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Drawing } from './PlanCanvas.tsx';
import { CIRCLE_SIZE } from './planView.ts';

interface Props {
  /** The selected location, if any. */
  location: { name: string; hasPolygon: boolean } | null;
  drawing: Drawing | null;
  onDraw: () => void;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  circleSize: number;
  onCircleSize: (size: number) => void;
  /** False when the floor has no location yet (unknown: taken as true). */
  floorHasLocations?: boolean;
  /** Opens the dialog that adds a location to the floor. */
  onAddLocation?: () => void;
}

export function DrawMenu({
  location,
  drawing,
  onDraw,
  onEdit,
  onSave,
  onCancel,
  saving,
  circleSize,
  onCircleSize,
  floorHasLocations = true,
  onAddLocation,
}: Props) {
  const { t } = useTranslation(['plans', 'locations']);
  const sliderLabel = useId();
  const nothingToDraw = !floorHasLocations && drawing === null;
  return (
    <Stack spacing={1.5}>
      {nothingToDraw ? (
        <Alert severity="warning">
          <AlertTitle>{t('locations:start.first.location')}</AlertTitle>
          {t('locations:start.first_hint.location')}
          {onAddLocation ? (
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              startIcon={<AddIcon />}
              onClick={onAddLocation}
              sx={{ display: 'flex', mt: 1 }}
            >
              {t('locations:start.add.location')}
            </Button>
          ) : null}
        </Alert>
      ) : (
        <Typography variant="body2" color={location ? 'text.primary' : 'text.secondary'}>
          {location ? t('draw.location', { name: location.name }) : t('draw.no_location')}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant={drawing?.mode === 'create' ? 'contained' : 'outlined'}
          size="small"
          startIcon={<AddIcon />}
          onClick={onDraw}
          disabled={drawing !== null || nothingToDraw}
          sx={{ flex: 1 }}
        >
          {t('draw.draw')}
        </Button>
        <Button
          variant={drawing?.mode === 'edit' ? 'contained' : 'outlined'}
          size="small"
          startIcon={<EditIcon />}
          onClick={onEdit}
          disabled={drawing !== null || nothingToDraw || !location?.hasPolygon}
          sx={{ flex: 1 }}
        >
          {t('draw.edit')}
        </Button>
      </Stack>
      {drawing ? (
        <>
          <Alert severity="info" icon={false} sx={{ py: 0 }}>
            {drawing.mode === 'create' ? t('draw.create_help') : t('draw.edit_help')}
          </Alert>
          <Typography variant="caption" color="text.secondary">
            {t('draw.points', { count: drawing.points.length })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              size="small"
              onClick={onSave}
              loading={saving}
              disabled={drawing.points.length < 3}
              sx={{ flex: 1 }}
            >
              {t('draw.save')}
            </Button>
            <Button variant="outlined" size="small" onClick={onCancel} disabled={saving} sx={{ flex: 1 }}>
              {t('draw.cancel')}
            </Button>
          </Stack>
        </>
      ) : null}
      <div>
        <Typography id={sliderLabel} variant="body2" gutterBottom>
          {t('draw.circle_size', { size: circleSize })}
        </Typography>
        <Slider
          aria-labelledby={sliderLabel}
          value={circleSize}
          min={CIRCLE_SIZE.min}
          max={CIRCLE_SIZE.max}
          step={1}
          valueLabelDisplay="auto"
          onChange={(_event, value) => onCircleSize(value as number)}
          sx={{ mx: 1, width: 'calc(100% - 16px)' }}
        />
      </div>
    </Stack>
  );
}
