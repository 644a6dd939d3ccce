/**
 * Both sides of the diff row selected: sizes and checksums side by side, then what differs —
 * a line diff for text (pretty-printed as the text preview does), a hex diff for other
 * content, or a document node's fields old and new.
 */
import { useEffect, useState, type ReactElement } from 'react';
import type { DiffRow, DiffSideView, Fact } from '../../worker/rpc/api.ts';
import { looksLikeText } from '../preview/sniff.ts';
import { formatCount } from '../format.ts';
import { HexDiff } from './HexDiff.tsx';
import { LineDiff, previewText } from './LineDiff.tsx';
import { compareActions } from './use-compare.ts';

/** Bytes of each side read for the view at most. */
const MAX_BYTES = 4 * 1024 * 1024;
const EMPTY = new Uint8Array(0);

interface Sides {
  row: DiffRow;
  old: DiffSideView | null;
  new: DiffSideView | null;
  error: string | null;
}

const hex8 = (value: number | null) =>
  value === null ? '—' : value.toString(16).toUpperCase().padStart(8, '0');
const size = (value: number | null) => (value === null ? '—' : `${formatCount(value)} bytes`);

async function sidesOf(path: string): Promise<Sides | null> {
  const at = await compareActions.diffRowOfPath(path);
  if (at < 0) return null;
  const row = (await compareActions.diffRows(at, 1))[0]?.diff;
  if (!row) return null;
  const read = async (side: 'old' | 'new', index: number) => {
    if (index < 0) return { view: null, error: null };
    const result = await compareActions.diffSide(side, index, MAX_BYTES);
    return result.ok
      ? { view: result.value, error: null }
      : { view: null, error: result.error.message };
  };
  const [oldSide, newSide] = await Promise.all([
    read('old', row.oldIndex),
    read('new', row.newIndex),
  ]);
  return { row, old: oldSide.view, new: newSide.view, error: oldSide.error ?? newSide.error };
}

function FieldsDiff({
  oldFields,
  newFields,
}: {
  oldFields: Fact[];
  newFields: Fact[];
}): ReactElement {
  const labels = [...new Set([...oldFields, ...newFields].map(([label]) => label))];
  const valueOf = (fields: Fact[], label: string) =>
    fields.find(([at]) => at === label)?.[1] ?? '—';
  return (
    <table className="diff-facts" data-testid="fields-diff">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Old</th>
          <th scope="col">New</th>
        </tr>
      </thead>
      <tbody>
        {labels.map((label) => {
          const before = valueOf(oldFields, label);
          const after = valueOf(newFields, label);
          return (
            <tr key={label} className={before === after ? '' : 'diff-fact-changed'}>
              <th scope="row">{label}</th>
              <td>{before}</td>
              <td>{after}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ContentDiff({ sides }: { sides: Sides }): ReactElement | null {
  const { row } = sides;
  const details = sides.new?.details ?? sides.old?.details;
  if (!details) return null;
  if (details.kind !== 'entry' && details.kind !== 'folder') {
    return (
      <FieldsDiff
        oldFields={sides.old?.details.fields ?? []}
        newFields={sides.new?.details.fields ?? []}
      />
    );
  }
  const oldBytes = sides.old?.bytes ?? EMPTY;
  const newBytes = sides.new?.bytes ?? EMPTY;
  if (!sides.old?.bytes && !sides.new?.bytes) {
    return (
      <p className="diff-note">
        {sides.old?.warning ?? sides.new?.warning ?? 'No content to show.'}
      </p>
    );
  }
  const isText = [oldBytes, newBytes].every(
    (bytes) => bytes.length === 0 || looksLikeText(bytes.subarray(0, 4096)),
  );
  if (isText && (oldBytes.length > 0 || newBytes.length > 0)) {
    const name = row.path.slice(row.path.lastIndexOf('/') + 1);
    const oldText = previewText(oldBytes, name, (sides.old?.totalSize ?? 0) > oldBytes.length);
    const newText = previewText(newBytes, name, (sides.new?.totalSize ?? 0) > newBytes.length);
    return <LineDiff oldText={oldText} newText={newText} />;
  }
  return <HexDiff oldBytes={oldBytes} newBytes={newBytes} />;
}

export function ChangeView({ path }: { path: string }): ReactElement {
  const [sides, setSides] = useState<Sides | null | 'loading'>('loading');
  useEffect(() => {
    let isCurrent = true;
    setSides('loading');
    void sidesOf(path).then((found) => {
      if (isCurrent) setSides(found);
    });
    return () => {
      isCurrent = false;
    };
  }, [path]);
  if (sides === 'loading') return <p className="diff-note">Reading both sides…</p>;
  if (sides === null) return <p className="diff-note">{path} is hidden by the filters.</p>;
  const { row } = sides;
  return (
    <div className="change-view" data-testid="change-view">
      <h2 className="change-title">
        <span className={`diff-status diff-${row.status}`}>{row.status}</span> {row.path}
      </h2>
      <table className="diff-facts" data-testid="change-facts">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Old</th>
            <th scope="col">New</th>
          </tr>
        </thead>
        <tbody>
          <tr className={row.oldSize === row.newSize ? '' : 'diff-fact-changed'}>
            <th scope="row">Size</th>
            <td>{size(row.oldSize)}</td>
            <td>{size(row.newSize)}</td>
          </tr>
          <tr className={row.oldCrc === row.newCrc ? '' : 'diff-fact-changed'}>
            <th scope="row">Checksum</th>
            <td>{hex8(row.oldCrc)}</td>
            <td>{hex8(row.newCrc)}</td>
          </tr>
        </tbody>
      </table>
      {sides.error && (
        <p className="diff-note" role="alert">
          {sides.error}
        </p>
      )}
      <ContentDiff sides={sides} />
    </div>
  );
}
