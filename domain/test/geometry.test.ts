import { describe, expect, it } from 'vitest';
import {
  formatPolygon,
  formatTransform,
  nearestEdgeInsertIndex,
  POLYGON_MAX_POINTS,
  parsePolygon,
  parseTransform,
  pointInPolygon,
  polygonCenter,
  toLayer,
  toPlan,
} from '../src/geometry.ts';

const square = [
  { x: 0, y: 0 },
  { x: 100, y: 0 },
  { x: 100, y: 100 },
  { x: 0, y: 100 },
];

describe('polygons', () => {
  it('read space-separated x,y pairs and write them back rounded', () => {
    const parsed = parsePolygon(' 0,0  100,0 100,100.004 -1.5e1,+2 ');
    expect(parsed).toEqual({
      points: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100.004 },
        { x: -15, y: 2 },
      ],
    });
    expect(formatPolygon('points' in parsed ? parsed.points : [])).toBe('0,0 100,0 100,100 -15,2');
  });

  it('refuse fewer than 3 points, bad numbers and too many points', () => {
    expect(parsePolygon('0,0 1,1')).toEqual({ problem: 'too_few_points' });
    expect(parsePolygon('')).toEqual({ problem: 'too_few_points' });
    for (const bad of [
      '0,0 1,1 NaN,2',
      '0,0 1,1 Infinity,2',
      '0,0 1,1 2',
      '0,0 1,1 a,b',
      '0,0 1,1 1e400,2',
      '0;0 1,1 2,2',
    ]) {
      expect(parsePolygon(bad), bad).toEqual({ problem: 'bad_point' });
    }
    const many = Array.from({ length: POLYGON_MAX_POINTS + 1 }, (_, i) => `${i},${i % 7}`).join(' ');
    expect(parsePolygon(many)).toEqual({ problem: 'too_many_points' });
  });

  it('tell whether a point is inside', () => {
    expect(pointInPolygon({ x: 50, y: 50 }, square)).toBe(true);
    expect(pointInPolygon({ x: 150, y: 50 }, square)).toBe(false);
    const ell = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 40 },
      { x: 40, y: 40 },
      { x: 40, y: 100 },
      { x: 0, y: 100 },
    ];
    expect(pointInPolygon({ x: 80, y: 80 }, ell)).toBe(false);
    expect(pointInPolygon({ x: 20, y: 80 }, ell)).toBe(true);
  });

  it('centre a label and insert a point on the nearest edge', () => {
    expect(polygonCenter(square)).toEqual({ x: 50, y: 50 });
    expect(nearestEdgeInsertIndex(square, { x: 100, y: 55 })).toBe(2);
    expect(nearestEdgeInsertIndex(square, { x: 3, y: 40 })).toBe(4);
  });
});

describe('the locations layer transform', () => {
  it('reads and writes translate and scale, and refuses anything else', () => {
    expect(parseTransform('translate(10,-20) scale(1.05)')).toEqual({ x: 10, y: -20, scale: 1.05 });
    expect(parseTransform('translate(10 20)scale(2)')).toEqual({ x: 10, y: 20, scale: 2 });
    for (const bad of [
      '',
      'rotate(3)',
      'translate(1,2) scale(0)',
      'translate(1,2) scale(-1)',
      'translate(a,2) scale(1)',
    ]) {
      expect(parseTransform(bad), bad).toBeNull();
    }
    expect(formatTransform({ x: 10.123, y: 0, scale: 0.85 * 1.15 })).toBe('translate(10.12,0) scale(0.9775)');
  });

  it('converts points between the plan and the layer', () => {
    const t = { x: 10, y: 20, scale: 2 };
    expect(toPlan({ x: 5, y: 5 }, t)).toEqual({ x: 20, y: 30 });
    expect(toLayer({ x: 20, y: 30 }, t)).toEqual({ x: 5, y: 5 });
  });
});
