/**
 * Two sides' bytes in hex, row by row, with the bytes that differ marked. It shows a window
 * of rows around the current change; n or F8 goes to the next change, Shift+N (N) or
 * Shift+F8 to the previous one, as do the buttons.
 */
import { useMemo, useState, type KeyboardEvent, type ReactElement } from 'react';
import {
  BYTES_PER_ROW,
  byteAscii,
  byteHex,
  formatRowOffset,
  offsetDigits,
} from '../preview/hex/hex-format.ts';
import { changedByteRanges, type ByteRange } from './line-diff.ts';

/** Rows shown around a change. */
const WINDOW_ROWS = 16;

function isChanged(ranges: readonly ByteRange[], offset: number): boolean {
  return ranges.some((range) => offset >= range.start && offset < range.end);
}

function HexSide({
  bytes,
  firstRow,
  digits,
  ranges,
  label,
}: {
  bytes: Uint8Array;
  firstRow: number;
  digits: number;
  ranges: readonly ByteRange[];
  label: string;
}): ReactElement {
  const lines: ReactElement[] = [];
  for (let row = firstRow; row < firstRow + WINDOW_ROWS; row++) {
    const offset = row * BYTES_PER_ROW;
    if (offset >= bytes.length && row > firstRow) break;
    const cells: ReactElement[] = [];
    let ascii = '';
    for (let at = offset; at < offset + BYTES_PER_ROW && at < bytes.length; at++) {
      const changed = isChanged(ranges, at);
      const hex = byteHex(bytes[at]!);
      cells.push(
        changed ? (
          <mark key={at} className="diff-byte-changed">
            {hex}
          </mark>
        ) : (
          <span key={at}>{hex}</span>
        ),
      );
      ascii += byteAscii(bytes[at]!);
    }
    lines.push(
      <div className="hex-diff-line" key={row}>
        <span className="hex-diff-offset">{formatRowOffset(offset, digits)}</span>
        <span className="hex-diff-bytes">{cells}</span>
        <span className="hex-diff-ascii">{ascii}</span>
      </div>,
    );
  }
  return (
    <div className="hex-diff-side" aria-label={label}>
      <div className="hex-diff-title">{label}</div>
      {lines}
    </div>
  );
}

export function HexDiff({
  oldBytes,
  newBytes,
}: {
  oldBytes: Uint8Array;
  newBytes: Uint8Array;
}): ReactElement {
  const ranges = useMemo(() => changedByteRanges(oldBytes, newBytes), [oldBytes, newBytes]);
  const [current, setCurrent] = useState(0);
  const change = ranges[Math.min(current, ranges.length - 1)];
  const digits = offsetDigits(Math.max(oldBytes.length, newBytes.length));
  const changeRow = change ? Math.floor(change.start / BYTES_PER_ROW) : 0;
  const firstRow = Math.max(0, changeRow - 2);
  const step = (by: number) => {
    if (ranges.length === 0) return;
    setCurrent((at) => (at + by + ranges.length) % ranges.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'n' || (event.key === 'F8' && !event.shiftKey)) step(1);
    else if (event.key === 'N' || (event.key === 'F8' && event.shiftKey)) step(-1);
    else return;
    event.preventDefault();
  };
  return (
    <div
      className="hex-diff"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="hex-diff"
      aria-label="Hex diff: n or F8 next change, Shift+N or Shift+F8 previous"
    >
      <div className="hex-diff-toolbar">
        <button
          type="button"
          className="button button-small"
          onClick={() => step(-1)}
          disabled={ranges.length === 0}
        >
          Previous change
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => step(1)}
          disabled={ranges.length === 0}
        >
          Next change
        </button>
        <span data-testid="hex-diff-position" role="status">
          {change
            ? `Change ${current + 1} of ${ranges.length} at 0x${change.start.toString(16).toUpperCase()} (${change.end - change.start} bytes)`
            : 'The bytes shown are the same'}
        </span>
      </div>
      <div className="hex-diff-sides">
        <HexSide bytes={oldBytes} firstRow={firstRow} digits={digits} ranges={ranges} label="Old" />
        <HexSide bytes={newBytes} firstRow={firstRow} digits={digits} ranges={ranges} label="New" />
      </div>
    </div>
  );
}
