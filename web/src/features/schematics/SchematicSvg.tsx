/**
 * The drawn schematic: cables under boxes, each box with its code, name and model and its ports on
 * the border (labels inside), free ends as pills. Every colour and size is an SVG attribute, not a
 * stylesheet rule, so the exported file looks the same as the screen. Clicks are read once, on
 * the svg, from the `data-device-id` or `data-connection-id` of what was hit.
 */

import {
  type DrawnBox,
  type DrawnCable,
  type DrawnFreeEnd,
  SCHEMATIC_METRICS as METRICS,
  type SchematicDrawing,
} from '@asbuilt/domain';
import { Box } from '@mui/material';
import { forwardRef, type KeyboardEvent, type MouseEvent, memo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export const FONT = 'Roboto, Helvetica, Arial, sans-serif';
const INK = '#263238';
const MUTED = '#546e7a';
const BORDER = '#37474f';
const HEADER_FILL = '#eceff1';
/** Marks what is drawn only to be easier to hit; an export leaves it out. */
export const HIT_ATTRIBUTE = 'data-hit';

interface Props {
  drawing: SchematicDrawing;
  viewRef: RefObject<SVGGElement | null>;
  onOpenDevice: (deviceId: number) => void;
  onOpenCable: (connectionId: number) => void;
}

function idOf(target: EventTarget, attribute: string): number | null {
  const found = (target as Element).closest?.(`[${attribute}]`);
  return found ? Number(found.getAttribute(attribute)) : null;
}

const Cable = memo(function Cable({ cable }: { cable: DrawnCable }) {
  const { t } = useTranslation(['schematics', 'domain']);
  const { meta } = cable;
  const signal = meta.signal
    ? t(`domain:interface_signal.${meta.signal}`, { defaultValue: meta.signal })
    : '';
  return (
    <g data-connection-id={meta.connectionId}>
      <title>{t('schematics:cable.title', { code: meta.code, signal, from: meta.from, to: meta.to })}</title>
      <path
        d={cable.path}
        fill="none"
        stroke={cable.colour}
        strokeWidth={1.6}
        strokeDasharray={cable.dashed ? '6 4' : undefined}
      />
      <path d={cable.path} fill="none" stroke="transparent" strokeWidth={10} {...{ [HIT_ATTRIBUTE]: '' }} />
    </g>
  );
});

const DeviceBox = memo(function DeviceBox({ box }: { box: DrawnBox }) {
  const { meta } = box;
  const title = meta.code || meta.name;
  const second = meta.code ? meta.name : '';
  return (
    <g data-device-id={meta.deviceId} transform={`translate(${box.x} ${box.y})`} cursor="pointer">
      {/* The box's frame is the button: named by the device's code and name, it holds none of the
          texts drawn over it (the model, the ports), which a name can't all repeat (WCAG 2.5.3). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a box inside an svg, where no <button> can stand */}
      <rect
        role="button"
        tabIndex={0}
        aria-label={[meta.code, meta.name].filter(Boolean).join(' ')}
        width={box.width}
        height={box.height}
        rx={4}
        fill="#ffffff"
        stroke={BORDER}
        strokeWidth={1.2}
      />
      <path d={`M0.6 ${METRICS.header - 2}H${box.width - 0.6}`} stroke={HEADER_FILL} strokeWidth={1} />
      <text x={8} y={16} fontSize={12} fontWeight={700} fill={INK}>
        {title}
      </text>
      {second ? (
        <text x={8} y={30} fontSize={11} fill={INK}>
          {second}
        </text>
      ) : null}
      <text x={8} y={second ? 43 : 30} fontSize={10} fill={MUTED}>
        {meta.model}
      </text>
      {box.ports.map((port) => {
        const x = port.x - box.x;
        const y = port.y - box.y;
        const half = METRICS.port / 2;
        const left = port.side !== 'right';
        return (
          <g key={port.id}>
            <rect x={x - half} y={y - half} width={METRICS.port} height={METRICS.port} fill={port.colour} />
            {port.side === 'left' || port.side === 'right' ? (
              <text
                x={left ? x + half + 4 : x - half - 4}
                y={y}
                dy="0.35em"
                fontSize={11}
                fill={INK}
                textAnchor={left ? 'start' : 'end'}
              >
                {port.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
});

const FreeEnd = memo(function FreeEnd({ end }: { end: DrawnFreeEnd }) {
  return (
    <g data-connection-id={end.meta.connectionId} transform={`translate(${end.x} ${end.y})`} cursor="pointer">
      <rect
        width={end.width}
        height={end.height}
        rx={end.height / 2}
        fill="#fafafa"
        stroke={MUTED}
        strokeDasharray="3 2"
      />
      <text x={end.width / 2} y={end.height / 2} dy="0.35em" fontSize={11} fill={INK} textAnchor="middle">
        {end.meta.label}
      </text>
    </g>
  );
});

export const SchematicSvg = memo(
  forwardRef<SVGSVGElement, Props>(function SchematicSvg(
    { drawing, viewRef, onOpenDevice, onOpenCable },
    ref,
  ) {
    const { t } = useTranslation('schematics');
    const open = (target: EventTarget) => {
      const device = idOf(target, 'data-device-id');
      if (device !== null) onOpenDevice(device);
      else {
        const cable = idOf(target, 'data-connection-id');
        if (cable !== null) onOpenCable(cable);
      }
    };
    const onClick = (event: MouseEvent) => open(event.target);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        open(event.target);
      }
    };
    return (
      <Box
        component="svg"
        ref={ref}
        role="group"
        aria-label={t('diagram.label')}
        onClick={onClick}
        onKeyDown={onKeyDown}
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          bgcolor: '#ffffff',
          touchAction: 'none',
          cursor: 'grab',
          '& [data-device-id] > rect[role="button"]:focus': { outline: 'none' },
          '& [data-device-id] > rect[role="button"]:focus-visible': { stroke: '#1976d2', strokeWidth: 3 },
          '& [data-device-id]:hover > rect:first-of-type': { strokeWidth: 2 },
          '& [data-connection-id]:hover > path:first-of-type': { strokeWidth: 3 },
        }}
      >
        <g ref={viewRef} fontFamily={FONT}>
          <g>
            {drawing.cables.map((cable) => (
              <Cable key={cable.id} cable={cable} />
            ))}
          </g>
          <g>
            {drawing.boxes.map((box) => (
              <DeviceBox key={box.id} box={box} />
            ))}
            {drawing.freeEnds.map((end) => (
              <FreeEnd key={end.id} end={end} />
            ))}
          </g>
        </g>
      </Box>
    );
  }),
);
