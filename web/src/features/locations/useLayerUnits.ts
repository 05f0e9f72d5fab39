import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Layer units per CSS pixel: what keeps drawing points and labels the same size on screen at any
 * scale of the plan.
 */
export function useLayerUnitsPerPixel(
  svgRef: RefObject<SVGSVGElement | null>,
  layerRef: RefObject<SVGGElement | null>,
  /** Changes when the plan's size, transform or layout change: measured again. */
  planKey: string,
): number {
  const [unit, setUnit] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the plan changes
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const matrix = layerRef.current?.getScreenCTM();
      const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 0;
      if (scale > 0) setUnit(1 / scale);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [planKey]);
  return unit;
}
