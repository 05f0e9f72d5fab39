/**
 * What shows over the plan of a floorplan tab, laid over it so that nothing moves the plan: while
 * drawing, a callout at the top (what to do, Undo; on a floor with nothing to draw, "Add a room
 * first" with the button that adds one); otherwise, in the middle, what is missing (no plan yet, no
 * location yet) and how to start.
 */
import AddIcon from '@mui/icons-material/Add';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChildKind } from './selection.ts';

/** A click on a control over the plan is not a point on the plan. */
const keepFromPlan = (event: MouseEvent) => event.stopPropagation();

export function DrawCallout({
  kind,
  hasItems,
  selectedName,
  canUndo,
  onUndo,
  onAdd,
  compact,
}: {
  kind: ChildKind;
  /** Whether the floor has locations (zones) whose polygon can be drawn. */
  hasItems: boolean;
  /** The selected location or zone, the one the polygon is saved to. */
  selectedName: string | null;
  canUndo: boolean;
  onUndo: () => void;
  onAdd: (() => void) | null;
  /** Phone layout: smaller words, so the callout leaves more of the small plan in sight. */
  compact: boolean;
}) {
  const { t } = useTranslation('locations');
  const add = onAdd ? (
    <Button
      color="inherit"
      size="small"
      startIcon={<AddIcon />}
      onClick={onAdd}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t(`start.add.${kind}`)}
    </Button>
  ) : undefined;
  return (
    <Box
      data-testid="draw-callout"
      onClick={keepFromPlan}
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        right: 8,
        // The text lets clicks through to the plan; only its buttons take them (a disabled one
        // too, so that a click on it adds no point under it).
        pointerEvents: 'none',
        '& button, & button.Mui-disabled': { pointerEvents: 'auto' },
        '& .MuiAlert-root': { boxShadow: 2, alignItems: 'center' },
        '& .MuiAlert-message': compact ? { fontSize: 12 } : undefined,
      }}
    >
      {hasItems ? (
        <Alert
          severity={selectedName ? 'info' : 'warning'}
          sx={{ py: 0 }}
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<UndoIcon />}
              disabled={!canUndo}
              onClick={onUndo}
            >
              {t('draw.undo')}
            </Button>
          }
        >
          {selectedName
            ? t('draw.hint', { name: selectedName })
            : kind === 'location'
              ? t('draw.hint_no_location')
              : t('draw.hint_no_zone')}
        </Alert>
      ) : (
        <Alert severity="warning" action={add}>
          <AlertTitle>{t(`start.first.${kind}`)}</AlertTitle>
          {t(`start.first_hint.${kind}`)}
        </Alert>
      )}
    </Box>
  );
}

export function PlanEmptyState({
  kind,
  noPlan,
  canEdit,
  onAdd,
  compact,
}: {
  kind: ChildKind;
  /** No plan and no polygon: says the floor has no plan yet. */
  noPlan: boolean;
  canEdit: boolean;
  /** Set when the floor has no location (zone) yet and the user may add one. */
  onAdd: (() => void) | null;
  compact: boolean;
}) {
  const { t } = useTranslation('locations');
  if (!noPlan && !onAdd) return null;
  return (
    <Stack
      spacing={compact ? 0.75 : 1}
      sx={{
        position: 'absolute',
        inset: 0,
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
        color: 'text.secondary',
        textAlign: 'center',
        p: 2,
      }}
    >
      {noPlan ? (
        <>
          {compact && onAdd ? null : <MapOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} />}
          <Typography variant="body2">{t('plan.none')}</Typography>
          {canEdit ? <Typography variant="caption">{t('plan.none_edit')}</Typography> : null}
        </>
      ) : null}
      {onAdd ? (
        <Stack
          data-testid="floor-start"
          spacing={1}
          onClick={keepFromPlan}
          sx={{
            alignItems: 'center',
            maxWidth: 420,
            pt: noPlan ? 1 : 1.5,
            pb: noPlan ? 0 : 1.5,
            px: 2,
            borderRadius: 1,
            color: 'text.primary',
            bgcolor: noPlan ? undefined : 'background.paper',
            boxShadow: noPlan ? 0 : 2,
            '& button': { pointerEvents: 'auto' },
          }}
        >
          <Typography variant={compact ? 'caption' : 'body2'}>{t(`start.empty.${kind}`)}</Typography>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onAdd}>
            {t(`start.add.${kind}`)}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
