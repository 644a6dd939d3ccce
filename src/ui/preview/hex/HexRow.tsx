/**
 * One 16-byte row of the hex view: offset, hex bytes, ASCII. Bytes come from the page cache;
 * a byte whose page is still loading shows `··`, one whose read failed `??`.
 */
import type { ReactElement } from 'react';
import type { RowComponentProps } from 'react-window';
import type { ContentPageCache } from '../../../state/page-cache.ts';
import { BYTES_PER_ROW, byteAscii, byteHex, formatRowOffset } from './hex-format.ts';

export interface HexRowData {
  cache: ContentPageCache | null;
  /** Bumped when a page arrives, so react-window re-renders the rows (it compares rowProps). */
  version: number;
  /** Absolute row number of the List's row 0 (the start of the current region). */
  firstRow: number;
  totalSize: number;
  digits: number;
  /** Highlighted span `[highlightStart, highlightEnd)`; empty when start == end. */
  highlightStart: number;
  highlightEnd: number;
  /** Byte that "Go to offset" went to; -1 when none. */
  target: number;
  /** The match "Find" shows, `[matchStart, matchEnd)`; empty when start == end. */
  matchStart: number;
  matchEnd: number;
}

export function HexRow(props: RowComponentProps<HexRowData>): ReactElement {
  const {
    index,
    style,
    ariaAttributes,
    cache,
    firstRow,
    totalSize,
    digits,
    highlightStart,
    highlightEnd,
    target,
    matchStart,
    matchEnd,
  } = props;
  const rowOffset = (firstRow + index) * BYTES_PER_ROW;
  const hexCells: (ReactElement | string)[] = [];
  const asciiCells: ReactElement[] = [];
  for (let column = 0; column < BYTES_PER_ROW; column++) {
    const offset = rowOffset + column;
    let hexText = '  ';
    let asciiText = ' ';
    let className = 'hex-cell';
    if (offset < totalSize) {
      const value = cache?.byteAt(offset);
      if (value !== undefined) {
        hexText = byteHex(value);
        asciiText = byteAscii(value);
      } else if (cache?.hasFailedAt(offset) === true) {
        hexText = '??';
        asciiText = '?';
        className += ' hex-cell--failed';
      } else {
        hexText = '··';
        className += ' hex-cell--loading';
      }
      if (offset >= highlightStart && offset < highlightEnd) className += ' hex-cell--highlight';
      if (offset >= matchStart && offset < matchEnd) className += ' hex-cell--match';
      if (offset === target) className += ' hex-cell--target';
    }
    // Real spaces between cells (not CSS margins), so a copied row reads "89 50 4E 47".
    hexCells.push(
      <span key={column} className={className}>
        {hexText}
      </span>,
      column === BYTES_PER_ROW - 1 ? '' : column === BYTES_PER_ROW / 2 - 1 ? '  ' : ' ',
    );
    asciiCells.push(
      <span key={column} className={className}>
        {asciiText}
      </span>,
    );
  }
  const isTargetRow = target >= rowOffset && target < rowOffset + BYTES_PER_ROW;
  return (
    <div
      {...ariaAttributes}
      style={style}
      className={isTargetRow ? 'hex-row hex-row--target' : 'hex-row'}
      data-testid="hex-row"
      data-offset={rowOffset}
    >
      <span className="hex-offset">{formatRowOffset(rowOffset, digits)}</span>
      {'  '}
      <span className="hex-bytes">{hexCells}</span>
      {'  '}
      <span className="hex-ascii">{asciiCells}</span>
    </div>
  );
}
