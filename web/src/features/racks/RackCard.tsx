/**
 * A rack: its name, height and numbering, its front and rear side by side (one at a time with a
 * Front/Rear toggle on a phone), and for Contributors and up, edit and delete.
 */
import { RACK_FACES, type RackDto, type RackFace } from '@asbuilt/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  IconButton,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { type PointerEvent as ReactPointerEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RackFaceView, type ShownDevice } from './RackFaceView.tsx';
import type { DragItem, RackDrag } from './useRackDrag.tsx';

export function RackCard({
  rack,
  phone,
  deviceOf,
  drag,
  canEdit,
  onPress,
  onOpen,
  onEdit,
  onDelete,
}: {
  rack: RackDto;
  phone: boolean;
  deviceOf: (id: number) => ShownDevice;
  drag: RackDrag | null;
  canEdit: boolean;
  onPress: (item: DragItem, event: ReactPointerEvent<HTMLElement>) => void;
  onOpen: (deviceId: number) => void;
  onEdit: (rack: RackDto) => void;
  onDelete: (rack: RackDto) => void;
}) {
  const { t } = useTranslation(['racks', 'domain']);
  const titleId = useId();
  const [shown, setShown] = useState<RackFace>('front');
  const faces = phone ? [shown] : RACK_FACES;
  const unitPx = phone ? 16 : 18;

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby={titleId}
      data-testid="rack"
      sx={{ p: 1.5, width: phone ? '100%' : 'auto' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }} noWrap>
            {rack.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('rack.summary', {
              height: rack.u_height,
              numbering: t(`domain:rack_numbering.${rack.numbering}`),
              count: rack.devices.length,
            })}
          </Typography>
        </Box>
        {canEdit ? (
          <>
            <Tooltip title={t('rack.edit')}>
              <IconButton
                size="small"
                aria-label={t('rack.edit_named', { name: rack.name })}
                onClick={() => onEdit(rack)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('rack.delete')}>
              <IconButton
                size="small"
                aria-label={t('rack.delete_named', { name: rack.name })}
                onClick={() => onDelete(rack)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
      </Stack>
      {phone ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          value={shown}
          onChange={(_event, face: RackFace | null) => face && setShown(face)}
          aria-label={t('rack.face_toggle')}
          sx={{ mb: 1 }}
        >
          {RACK_FACES.map((face) => (
            <ToggleButton key={face} value={face}>
              {t(`domain:rack_face.${face}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      <Stack direction="row" spacing={2}>
        {faces.map((face) => (
          <RackFaceView
            key={face}
            rack={rack}
            face={face}
            unitPx={unitPx}
            width={phone ? '100%' : 230}
            deviceOf={deviceOf}
            drag={drag}
            canEdit={canEdit}
            onPress={onPress}
            onOpen={onOpen}
          />
        ))}
      </Stack>
    </Paper>
  );
}
