/**
 * The size of a floor's SVG plan, read from its view box (or width and height): the plan is drawn
 * in those units, and so are the polygons and device positions of its locations layer.
 */
import { useQuery } from '@tanstack/react-query';

export interface PlanSize {
  width: number;
  height: number;
}

/** Used when a plan gives no size, and for a floor without a plan (polygons still show). */
export const DEFAULT_PLAN_SIZE: PlanSize = { width: 1000, height: 700 };

export function planSizeOf(svgText: string): PlanSize {
  const root = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) {
    return { width: box[2]!, height: box[3]! };
  }
  const width = Number.parseFloat(root.getAttribute('width') ?? '');
  const height = Number.parseFloat(root.getAttribute('height') ?? '');
  return width > 0 && height > 0 ? { width, height } : DEFAULT_PLAN_SIZE;
}

/** `key` is the stored key (stable), `url` the signed link (changes with each site answer). */
export function usePlanImage(key: string | null, url: string | null) {
  return useQuery({
    queryKey: ['plan-image', key],
    enabled: Boolean(key && url),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const response = await fetch(url!, { signal, credentials: 'omit' });
      if (!response.ok) throw new Error(`plan ${response.status}`);
      return planSizeOf(await response.text());
    },
  });
}
