/**
 * One face of a rack drawn to scale: a column of U labels in the rack's numbering beside the
 * rack's opening, each device a block from its lowest U over the Us it fills, in its status
 * colour, showing its code and name. A click opens the device's card; a Contributor drags it to
 * another U or onto the list. While a device is dragged, the Us where it fits are tinted and
 * the Us it would fill are outlined, green where it may land, red where it may not.
 */
import type { RackDto, RackFace } from '@asbuilt/domain';
import { slotSpan, unitLabelsTopDown, unitRangeLabel } from '@asbuilt/domain';
import { Box, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { faceHints } from './rackLayout.ts';
import type { DragItem, RackDrag } from './useRackDrag.tsx';

/** What the face needs to know of a device it shows. */
export interface ShownDevice {
  label: string;
  name: string | null;
  /** The site's colour for its status; undefined when none. */
  color: string | undefined;
}

export function RackFaceView({
  rack,
  face,
  unitPx,
  width,
  deviceOf,
  drag,
  canEdit,
  onPress,
  onOpen,
}: {
  rack: RackDto;
  face: RackFace;
  unitPx: number;
  width: number | string;
  deviceOf: (id: number) => ShownDevice;
  drag: RackDrag | null;
  canEdit: boolean;
  onPress: (item: DragItem, event: ReactPointerEvent<HTMLElement>) => void;
  onOpen: (deviceId: number) => void;
}) {
  const { t } = useTranslation(['racks', 'domain']);
  const theme = useTheme();
  const height = rack.u_height;
  const labels = unitLabelsTopDown(height, rack.numbering);
  const hints = drag ? faceHints(rack, face, drag) : null;
  const slots = rack.devices.filter((slot) => slot.rack_face === face);
  const bottom = (u: number) => (u - 1) * unitPx;

  return (
    <Box sx={{ width }}>
      <Typography
        variant="caption"
        component="h4"
        sx={{ display: 'block', textAlign: 'center', fontWeight: 600 }}
      >
        {t(`domain:rack_face.${face}`)}
      </Typography>
      <Box sx={{ display: 'flex' }}>
        <Box aria-hidden sx={{ width: 24, flex: 'none', pt: '2px' }}>
          {labels.map((label) => (
            <Box
              key={label}
              sx={{
                height: unitPx,
                fontSize: 10,
                lineHeight: `${unitPx}px`,
                textAlign: 'right',
                pr: 0.5,
                color: 'text.secondary',
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {label}
            </Box>
          ))}
        </Box>
        <Box sx={{ flex: 1, border: 2, borderColor: 'grey.700' }}>
          <Box
            data-rack-face={face}
            data-rack-id={rack.id}
            data-rack-height={height}
            data-testid={`rack-face-${face}`}
            sx={{
              position: 'relative',
              height: height * unitPx,
              bgcolor: 'background.default',
              backgroundImage: `repeating-linear-gradient(to top, transparent 0 ${unitPx - 1}px, ${theme.palette.divider} ${unitPx - 1}px ${unitPx}px)`,
            }}
          >
            {hints
              ? [...hints.free].map((u) => (
                  <Box
                    key={`free-${u}`}
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      left: 0,
                      right: 0,
                      bottom: bottom(u),
                      height: unitPx,
                      bgcolor: alpha(theme.palette.success.main, 0.12),
                    }}
                  />
                ))
              : null}
            {slots.map((slot) => {
              const device = deviceOf(slot.device_id);
              const range = unitRangeLabel(slot.rack_u, slot.units, height, rack.numbering);
              const named =
                device.name && device.name !== device.label ? `${device.label} ${device.name}` : device.label;
              const name = t('racks:elevation.device', { device: named, u: range });
              const color = device.color ?? theme.palette.grey[300];
              const dragged = drag?.deviceId === slot.device_id;
              return (
                <Box
                  key={slot.device_id}
                  component="button"
                  type="button"
                  aria-label={name}
                  title={[device.label, device.name].filter(Boolean).join(' · ')}
                  data-device-id={slot.device_id}
                  onClick={() => onOpen(slot.device_id)}
                  onPointerDown={(event) =>
                    onPress(
                      { deviceId: slot.device_id, units: slot.units, label: device.label, from: 'rack' },
                      event,
                    )
                  }
                  onContextMenu={canEdit ? (event) => event.preventDefault() : undefined}
                  sx={{
                    position: 'absolute',
                    left: 2,
                    right: 2,
                    bottom: slotSpan(slot, height).fromBottom * unitPx + 1,
                    height: slotSpan(slot, height).shown * unitPx - 2,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    px: 0.75,
                    overflow: 'hidden',
                    border: 1,
                    borderColor: alpha(theme.palette.common.black, 0.35),
                    borderRadius: 0.5,
                    bgcolor: color,
                    color: theme.palette.getContrastText(color),
                    font: 'inherit',
                    fontSize: 11,
                    lineHeight: 1.1,
                    textAlign: 'left',
                    cursor: canEdit ? 'grab' : 'pointer',
                    opacity: dragged ? 0.4 : 1,
                    touchAction: canEdit ? 'pan-y' : undefined,
                    userSelect: 'none',
                    WebkitTouchCallout: 'none',
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
                  }}
                >
                  <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {device.label}
                  </Box>
                  {/* A space between code and name, for the button's name read from its text. */}{' '}
                  {device.name && device.name !== device.label ? (
                    <Box
                      component="span"
                      sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                    >
                      {device.name}
                    </Box>
                  ) : null}
                </Box>
              );
            })}
            {hints?.footprint ? (
              <Box
                aria-hidden
                data-testid="rack-footprint"
                data-fits={hints.footprint.fits}
                sx={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  bottom: bottom(hints.footprint.from),
                  height: (hints.footprint.to - hints.footprint.from + 1) * unitPx,
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: hints.footprint.fits ? 'success.main' : 'error.main',
                  bgcolor: alpha(
                    hints.footprint.fits ? theme.palette.success.main : theme.palette.error.main,
                    0.25,
                  ),
                  pointerEvents: 'none',
                }}
              />
            ) : null}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
