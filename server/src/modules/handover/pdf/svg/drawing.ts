/** A vector drawing the pack places on a page of its own: an SVG text and its size in its units. */
export interface PackDrawing {
  title: string;
  svg: string;
  width: number;
  height: number;
}
