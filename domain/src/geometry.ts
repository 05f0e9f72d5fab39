/**
 * Plans and polygons. A polygon travels as space-separated `x,y` pairs ("10,10 200,10 200,120");
 * its points, and the devices' plan_x/plan_y, are in the coordinates of the floor's locations
 * layer, which sits on the plan under the floor's `location_transform`
 * ("translate(tx,ty) scale(s)").
 */

export interface Point {
  x: number;
  y: number;
}

export const POLYGON_MIN_POINTS = 3;
export const POLYGON_MAX_POINTS = 2000;
/** Coordinates beyond this are no plan's: refused rather than stored. */
export const COORDINATE_LIMIT = 1e7;

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const PAIR = new RegExp(`^(${NUMBER}),(${NUMBER})$`);

export type PolygonProblem = 'too_few_points' | 'too_many_points' | 'bad_point';

/** The points of a polygon text, or the reason it is not one. */
export function parsePolygon(text: string): { points: Point[] } | { problem: PolygonProblem } {
  const pairs = text.trim().split(/\s+/).filter(Boolean);
  if (pairs.length > POLYGON_MAX_POINTS) return { problem: 'too_many_points' };
  const points: Point[] = [];
  for (const pair of pairs) {
    const match = PAIR.exec(pair);
    if (!match) return { problem: 'bad_point' };
    const x = Number(match[1]);
    const y = Number(match[2]);
    if (
      !Number.isFinite(x) ||
      !Number.isFinite(y) ||
      Math.abs(x) > COORDINATE_LIMIT ||
      Math.abs(y) > COORDINATE_LIMIT
    ) {
      return { problem: 'bad_point' };
    }
    points.push({ x, y });
  }
  if (points.length < POLYGON_MIN_POINTS) return { problem: 'too_few_points' };
  return { points };
}

/** The points of a stored polygon; none for an empty or unreadable one. */
export function polygonPoints(text: string | null | undefined): Point[] {
  if (!text) return [];
  const parsed = parsePolygon(text);
  return 'points' in parsed ? parsed.points : [];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function formatPolygon(points: readonly Point[]): string {
  return points.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

/** Ray casting: whether `point` is inside the polygon (on an edge counts as either). */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

/** The mean of the points: where a polygon's label goes. */
export function polygonCenter(points: readonly Point[]): Point {
  if (points.length === 0) return { x: 0, y: 0 };
  const sum = points.reduce((acc, p) => ({ x: acc.x + p.x, y: acc.y + p.y }), { x: 0, y: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length };
}

/**
 * Where a double-click inserts a point: after the index of the edge whose midpoint is nearest.
 * Returns the index the new point takes.
 */
export function nearestEdgeInsertIndex(points: readonly Point[], at: Point): number {
  let best = points.length;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const distance = (at.x - (a.x + b.x) / 2) ** 2 + (at.y - (a.y + b.y) / 2) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i + 1;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The locations layer's transform

export interface PlanTransform {
  x: number;
  y: number;
  scale: number;
}

export const IDENTITY_TRANSFORM: PlanTransform = { x: 0, y: 0, scale: 1 };
export const NUDGE_STEPS = [10, 50] as const;
export const SCALE_FACTORS = [0.85, 0.95, 1.05, 1.15] as const;

const TRANSFORM = new RegExp(
  String.raw`^\s*translate\(\s*(${NUMBER})\s*[, ]\s*(${NUMBER})\s*\)\s*scale\(\s*(${NUMBER})\s*\)\s*$`,
);

/** `translate(tx,ty) scale(s)`, or null for any other text. */
export function parseTransform(text: string | null | undefined): PlanTransform | null {
  if (!text) return null;
  const match = TRANSFORM.exec(text);
  if (!match) return null;
  const [x, y, scale] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (
    ![x, y, scale].every(Number.isFinite) ||
    scale <= 0 ||
    Math.abs(x) > COORDINATE_LIMIT ||
    Math.abs(y) > COORDINATE_LIMIT
  ) {
    return null;
  }
  return { x, y, scale };
}

export function formatTransform(t: PlanTransform): string {
  return `translate(${round(t.x)},${round(t.y)}) scale(${Math.round(t.scale * 10_000) / 10_000})`;
}

/** A point of the plan in the locations layer's coordinates (undoing its translate and scale). */
export function toLayer(point: Point, t: PlanTransform): Point {
  return { x: (point.x - t.x) / t.scale, y: (point.y - t.y) / t.scale };
}

/** A point of the locations layer in the plan's coordinates. */
export function toPlan(point: Point, t: PlanTransform): Point {
  return { x: point.x * t.scale + t.x, y: point.y * t.scale + t.y };
}
