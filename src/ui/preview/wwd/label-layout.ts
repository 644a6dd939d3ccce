/**
 * Which object labels fit: each label sits to the right of its marker, and one that would
 * overlap a label already placed is left out, so a crowd of objects shows a readable few
 * instead of a smear of text. Labels asked for first win (the hovered and the selected
 * object's go first). Pure: the text width comes from the caller (`measureText`).
 */

export interface LabelRequest {
  text: string;
  /** The marker's centre, in CSS pixels. */
  x: number;
  y: number;
}

export interface PlacedLabel {
  text: string;
  /** Where the text starts (left, vertical middle). */
  x: number;
  y: number;
}

/** Line height of the 11 px label font, and the gap kept between two labels. */
export const LABEL_HEIGHT = 13;
const LABEL_GAP = 2;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export function placeLabels(
  requests: readonly LabelRequest[],
  markerRadius: number,
  measure: (text: string) => number,
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const boxes: Box[] = [];
  for (const request of requests) {
    if (request.text === '') continue;
    const x = request.x + markerRadius + 3;
    const box = {
      left: x - LABEL_GAP,
      top: request.y - LABEL_HEIGHT / 2 - LABEL_GAP / 2,
      right: x + measure(request.text) + LABEL_GAP,
      bottom: request.y + LABEL_HEIGHT / 2 + LABEL_GAP / 2,
    };
    // At most a few hundred labels reach here (render-markers.ts MAX_LABELS): a plain scan.
    if (boxes.some((other) => overlaps(box, other))) continue;
    boxes.push(box);
    placed.push({ text: request.text, x, y: request.y });
  }
  return placed;
}
