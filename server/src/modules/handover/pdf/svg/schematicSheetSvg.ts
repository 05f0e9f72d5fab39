/**
 * One schematic sheet as SVG text: a heading (the sheet's name, the signals' colours, what was left
 * out), then the drawing as the Schematics page draws it (domain `drawSchematic`: boxes with their
 * ports, cables in their signal's colour, planned ones dashed), each cable's code printed at its
 * source so the sheet and the cable schedule read together.
 */
import {
  INTERFACE_SIGNALS,
  SCHEMATIC_METRICS,
  type SchematicDrawing,
  SIGNAL_COLOURS,
  UNKNOWN_SIGNAL_COLOUR,
} from '@asbuilt/domain';
import { group, shape, svgDocument, text } from './svgText.ts';
import type { DrawingWords } from './words.ts';

const INK = '#263238';
const MUTED = '#546e7a';
const BORDER = '#37474f';
const RULE = '#eceff1';
const MARGIN = 24;
/** Average advance of a character of the heading's 9-unit text, for laying the legend out. */
const LEGEND_CHAR = 5.6;

/** The source point of a path `M x y L …`. */
function start(path: string): { x: number; y: number } | null {
  const found = /^M(-?[\d.]+) (-?[\d.]+)/.exec(path);
  return found ? { x: Number(found[1]), y: Number(found[2]) } : null;
}

function legend(t: DrawingWords, y: number): { parts: string[]; width: number } {
  const parts: string[] = [text(t('schematic.legend'), { x: MARGIN, y, 'font-size': 9, fill: MUTED }, true)];
  let x = MARGIN + t('schematic.legend').length * LEGEND_CHAR + 12;
  const entry = (label: string, colour: string, dashed = false) => {
    parts.push(
      shape('path', {
        d: `M${x} ${y - 3}H${x + 18}`,
        stroke: colour,
        'stroke-width': 2,
        'stroke-dasharray': dashed ? '6 4' : null,
        fill: 'none',
      }),
      text(label, { x: x + 22, y, 'font-size': 9, fill: INK }),
    );
    x += 22 + label.length * LEGEND_CHAR + 14;
  };
  for (const signal of INTERFACE_SIGNALS)
    entry(t(`domain:interface_signal.${signal}`), SIGNAL_COLOURS[signal]);
  entry(t('schematic.unknown_signal'), UNKNOWN_SIGNAL_COLOUR);
  entry(t('schematic.planned'), MUTED, true);
  return { parts, width: x + MARGIN };
}

export function schematicSheetSvg(
  drawing: SchematicDrawing,
  heading: { title: string; note: string | null },
  t: DrawingWords,
): { svg: string; width: number; height: number } {
  const M = SCHEMATIC_METRICS;
  const top = heading.note ? 78 : 60;
  const head: string[] = [text(heading.title, { x: MARGIN, y: 28, 'font-size': 16, fill: INK }, true)];
  const key = legend(t, 48);
  head.push(...key.parts);
  if (heading.note) head.push(text(heading.note, { x: MARGIN, y: 66, 'font-size': 9, fill: '#b71c1c' }));

  const cables = drawing.cables.map((cable) => {
    const from = start(cable.path);
    return group({}, [
      shape('path', {
        d: cable.path,
        fill: 'none',
        stroke: cable.colour,
        'stroke-width': 1.6,
        'stroke-dasharray': cable.dashed ? '6 4' : null,
      }),
      from ? text(cable.meta.code, { x: from.x + 7, y: from.y - 3, 'font-size': 7, fill: cable.colour }) : '',
    ]);
  });
  const boxes = drawing.boxes.map((box) => {
    const { meta } = box;
    const title = meta.code || meta.name;
    const second = meta.code ? meta.name : '';
    const half = M.port / 2;
    const ports = box.ports.map((port) => {
      const x = port.x - box.x;
      const y = port.y - box.y;
      const left = port.side !== 'right';
      return [
        shape('rect', { x: x - half, y: y - half, width: M.port, height: M.port, fill: port.colour }),
        port.side === 'left' || port.side === 'right'
          ? text(port.label, {
              x: left ? x + half + 4 : x - half - 4,
              y: y + 3.5,
              'font-size': 10,
              fill: INK,
              'text-anchor': left ? 'start' : 'end',
            })
          : '',
      ].join('');
    });
    return group({ transform: `translate(${box.x} ${box.y})` }, [
      shape('rect', {
        width: box.width,
        height: box.height,
        rx: 4,
        fill: '#ffffff',
        stroke: BORDER,
        'stroke-width': 1.2,
      }),
      shape('path', { d: `M0.6 ${M.header - 2}H${box.width - 0.6}`, stroke: RULE, 'stroke-width': 1 }),
      text(title, { x: 8, y: 16, 'font-size': 12, fill: INK }, true),
      second ? text(second, { x: 8, y: 30, 'font-size': 10, fill: INK }) : '',
      text(meta.model, { x: 8, y: second ? 43 : 30, 'font-size': 9, fill: MUTED }),
      ...ports,
    ]);
  });
  const frees = drawing.freeEnds.map((end) =>
    group({ transform: `translate(${end.x} ${end.y})` }, [
      shape('rect', {
        width: end.width,
        height: end.height,
        rx: end.height / 2,
        fill: '#fafafa',
        stroke: MUTED,
        'stroke-dasharray': '3 2',
      }),
      text(end.meta.label, {
        x: end.width / 2,
        y: end.height / 2 + 3.5,
        'font-size': 10,
        fill: INK,
        'text-anchor': 'middle',
      }),
    ]),
  );
  const width = Math.max(drawing.width, key.width, heading.title.length * 9 + 2 * MARGIN);
  const height = top + drawing.height;
  return {
    svg: svgDocument(width, height, [
      ...head,
      group({ transform: `translate(0 ${top})` }, [...cables, ...boxes, ...frees]),
    ]),
    width,
    height,
  };
}
