/**
 * One rack as SVG text: its front and rear faces side by side, drawn to scale as the racks page
 * draws them (domain `rackElevation.ts`): the Us labelled in the rack's numbering beside each
 * face, each device a block from its lowest U over the Us it fills, in its status's colour, with
 * its code, name and the Us it fills.
 */
import {
  contrastRatio,
  faceSlots,
  RACK_FACES,
  type RackNumbering,
  type RackSlot,
  slotSpan,
  unitLabelsTopDown,
  unitRangeLabel,
} from '@asbuilt/domain';
import { group, shape, svgDocument, text } from './svgText.ts';
import type { DrawingWords } from './words.ts';

export const RACK_GEOMETRY = {
  margin: 24,
  /** One U's height, in SVG units. */
  unit: 16,
  face: 240,
  /** The column of U labels left of each face. */
  labels: 26,
  gap: 36,
  /** From the drawing's top to the rack's top edge. */
  top: 84,
} as const;

const INK = '#263238';
const MUTED = '#546e7a';
const FRAME = '#455a64';
const GRID = '#e0e0e0';
const NO_STATUS = '#e0e0e0';
/** Average advance of a character of the blocks' 8.5-unit text. */
const CHAR = 5.2;

export interface RackedSlot extends RackSlot {
  /** The device's code (else its name, else its product's name). */
  label: string;
  name: string | null;
  /** Its status's colour; null for none. */
  colour: string | null;
}

export interface RackToDraw {
  name: string;
  /** "Server Room, Ground floor". */
  place: string;
  height: number;
  numbering: RackNumbering;
  slots: readonly RackedSlot[];
}

/** `#abc` as `#aabbcc`, which the contrast check reads. */
const longHex = (colour: string) =>
  /^#[0-9a-f]{3}$/i.test(colour) ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;

const cut = (value: string, room: number) => {
  const max = Math.max(3, Math.floor(room / CHAR));
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
};

/** The top of the block of a slot, in the drawing's units. */
export function slotTop(slot: Pick<RackSlot, 'rack_u' | 'units'>, height: number): number {
  return RACK_GEOMETRY.top + slotSpan(slot, height).fromTop * RACK_GEOMETRY.unit;
}

export function rackSvg(rack: RackToDraw, t: DrawingWords): { svg: string; width: number; height: number } {
  const G = RACK_GEOMETRY;
  const parts: string[] = [
    text(
      t('rack.title', { rack: rack.name, place: rack.place }),
      { x: G.margin, y: 28, 'font-size': 16, fill: INK },
      true,
    ),
    text(
      `${t('rack.height', { count: rack.height })} · ${t('rack.numbering', { numbering: t(`domain:rack_numbering.${rack.numbering}`) })}`,
      { x: G.margin, y: 46, 'font-size': 10, fill: MUTED },
    ),
  ];
  const labels = unitLabelsTopDown(rack.height, rack.numbering);
  const faceHeight = rack.height * G.unit;
  RACK_FACES.forEach((face, i) => {
    const left = G.margin + i * (G.labels + G.face + G.gap);
    const x = left + G.labels;
    const children: string[] = [
      text(
        t(`domain:rack_face.${face}`),
        { x: x + G.face / 2, y: G.top - 10, 'font-size': 11, fill: INK, 'text-anchor': 'middle' },
        true,
      ),
    ];
    labels.forEach((label, row) => {
      const y = G.top + row * G.unit;
      if (row > 0)
        children.push(shape('path', { d: `M${x} ${y}H${x + G.face}`, stroke: GRID, 'stroke-width': 0.6 }));
      children.push(
        text(String(label), {
          x: x - 4,
          y: y + G.unit / 2 + 3,
          'font-size': 8,
          fill: MUTED,
          'text-anchor': 'end',
        }),
      );
    });
    children.push(
      shape('rect', {
        x,
        y: G.top,
        width: G.face,
        height: faceHeight,
        fill: 'none',
        stroke: FRAME,
        'stroke-width': 2,
      }),
    );
    const slots = faceSlots(rack.slots, face);
    if (slots.length === 0)
      children.push(
        text(t('rack.empty'), {
          x: x + G.face / 2,
          y: G.top + faceHeight / 2,
          'font-size': 9,
          fill: MUTED,
          'text-anchor': 'middle',
        }),
      );
    for (const slot of slots) {
      const span = slotSpan(slot, rack.height);
      if (span.shown === 0) continue;
      const top = slotTop(slot, rack.height) + 1;
      const tall = span.shown * G.unit - 2;
      const fill = slot.colour ?? NO_STATUS;
      const ink = contrastRatio(longHex(fill), '#ffffff') >= 4.5 ? '#ffffff' : INK;
      const range = unitRangeLabel(slot.rack_u, slot.units, rack.height, rack.numbering);
      const named = slot.name && slot.name !== slot.label ? `${slot.label} ${slot.name}` : slot.label;
      const middle = top + tall / 2 + 3;
      children.push(
        shape('rect', {
          x: x + 2,
          y: top,
          width: G.face - 4,
          height: tall,
          rx: 2,
          fill,
          stroke: FRAME,
          'stroke-width': 0.6,
        }),
        text(cut(named, G.face - 52), { x: x + 8, y: middle, 'font-size': 8.5, fill: ink }),
        text(range, { x: x + G.face - 8, y: middle, 'font-size': 8, fill: ink, 'text-anchor': 'end' }),
      );
    }
    parts.push(group({}, children));
  });
  const width = G.margin * 2 + RACK_FACES.length * (G.labels + G.face) + (RACK_FACES.length - 1) * G.gap;
  const height = G.top + faceHeight + G.margin;
  return { svg: svgDocument(width, height, parts), width, height };
}
