/**
 * Checks that do not stop a parse (spec §11): odd header and plane values, sections that
 * overlap, bytes of L that no section uses. Each becomes an issue with its span.
 */
import { hex } from '../../binary/hex.ts';
import type { Issue, Span } from '../model.ts';
import {
  WWD_HEADER_FIELD,
  WWD_HEADER_SIZE,
  WWD_PLANE_FIELD,
  WWD_PLANE_HEADER_SIZE,
  WWD_USUAL_MAX_PLANES,
} from './layout.ts';
import type { WwdHeader, WwdLevel, WwdPlane } from './types.ts';

export function checkWwdHeader(header: WwdHeader, issues: Issue[]): void {
  if ((header.flags & ~0x3) !== 0) {
    issues.push({
      severity: 'info',
      code: 'UNKNOWN_FLAGS',
      message: `header flags ${hex(header.flags)} have bits beyond 0x3`,
      span: { offset: WWD_HEADER_FIELD.flags, length: 4 },
    });
  }
  if (header.planeCount === 0 || header.planeCount > WWD_USUAL_MAX_PLANES) {
    issues.push({
      severity: 'warning',
      code: 'PLANE_COUNT',
      message: `${header.planeCount} planes (levels have 1 to ${WWD_USUAL_MAX_PLANES})`,
      span: { offset: WWD_HEADER_FIELD.planeCount, length: 4 },
    });
  }
}

export function checkWwdPlane(plane: WwdPlane, issues: Issue[]): void {
  const at = plane.span.offset;
  if (plane.size !== WWD_PLANE_HEADER_SIZE) {
    issues.push({
      severity: 'warning',
      code: 'PLANE_SIZE',
      message: `plane ${plane.index} size field is ${plane.size}, expected 160`,
      span: { offset: at + WWD_PLANE_FIELD.size, length: 4 },
    });
  }
  if (
    plane.pixelWidth !== plane.tilesWide * plane.tileWidth ||
    plane.pixelHeight !== plane.tilesHigh * plane.tileHeight
  ) {
    issues.push({
      severity: 'info',
      code: 'PIXEL_SIZE',
      message: `plane ${plane.index} pixel size ${plane.pixelWidth}×${plane.pixelHeight} is not tiles × tile size`,
      span: { offset: at + WWD_PLANE_FIELD.pixelWidth, length: 8 },
    });
  }
  if ((plane.flags & ~0x1f) !== 0) {
    issues.push({
      severity: 'info',
      code: 'UNKNOWN_FLAGS',
      message: `plane ${plane.index} flags ${hex(plane.flags)} have bits beyond 0x1F`,
      span: { offset: at + WWD_PLANE_FIELD.flags, length: 4 },
    });
  }
}

/** Every section read, labelled, in the order of the model. */
function sections(level: WwdLevel): Array<{ label: string; span: Span }> {
  const out = [{ label: 'header', span: level.header.span }];
  if (level.planes.length > 0) {
    const length = level.planes.length * WWD_PLANE_HEADER_SIZE;
    out.push({ label: 'plane headers', span: { offset: level.header.planesOffset, length } });
  }
  for (const plane of level.planes) {
    out.push({ label: `plane ${plane.index} tiles`, span: plane.tilesSpan });
    out.push({ label: `plane ${plane.index} image sets`, span: plane.imageSetsSpan });
    out.push({ label: `plane ${plane.index} objects`, span: plane.objectsSpan });
  }
  if (level.tileProperties) out.push({ label: 'tile properties', span: level.tileProperties.span });
  return out.filter((section) => section.span.length > 0);
}

/**
 * Sections that share bytes (the memory budget of the reader stops only overlaps that would
 * read more than L holds), and bytes of L after the last section (the tile-property table
 * ends exactly at len(L) in real files).
 */
export function checkWwdLayout(level: WwdLevel, issues: Issue[]): void {
  const sorted = sections(level).sort((a, b) => a.span.offset - b.span.offset);
  let furthest: { label: string; end: number } = { label: 'header', end: 0 };
  for (const section of sorted) {
    if (section.span.offset < furthest.end) {
      issues.push({
        severity: 'warning',
        code: 'OVERLAP',
        message: `${section.label} overlap ${furthest.label}`,
        span: { offset: section.span.offset, length: furthest.end - section.span.offset },
      });
    }
    const end = section.span.offset + section.span.length;
    if (end > furthest.end) furthest = { label: section.label, end };
  }
  const end = Math.max(furthest.end, WWD_HEADER_SIZE);
  if (end < level.logical.length) {
    issues.push({
      severity: 'warning',
      code: 'UNUSED_BYTES',
      message: `${level.logical.length - end} bytes after the last section of the level`,
      span: { offset: end, length: level.logical.length - end },
    });
  }
}
