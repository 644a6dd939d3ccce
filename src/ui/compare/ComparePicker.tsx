/**
 * "Compare with…": a dialog listing the other open files of the same format; choosing one
 * compares the file it was opened for (the old side) with it (the new side).
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { useFiles } from '../../state/hooks.ts';
import { comparableWith } from '../../state/compare.ts';
import { compareActions, usePickerFileId } from './use-compare.ts';

export { comparableWith };

export function ComparePicker(): ReactElement | null {
  const fileId = usePickerFileId();
  const files = useFiles();
  const dialog = useRef<HTMLDialogElement>(null);
  const file = files.find((each) => each.id === fileId);
  useEffect(() => {
    if (file && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [file]);
  if (!file) return null;
  const others = comparableWith(file, files);
  return (
    <dialog
      ref={dialog}
      className="compare-picker"
      aria-labelledby="compare-picker-title"
      data-testid="compare-picker"
      onClose={() => compareActions.closeComparePicker()}
    >
      <h2 id="compare-picker-title">Compare {file.name} with…</h2>
      {others.length === 0 ? (
        <p>No other open file is of its format.</p>
      ) : (
        <ul className="compare-picker-list">
          {others.map((other) => (
            <li key={other.id}>
              <button
                type="button"
                className="button"
                data-testid="compare-candidate"
                onClick={() => void compareActions.compareFiles(file.id, other.id)}
              >
                {other.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button-quiet"
        onClick={() => compareActions.closeComparePicker()}
      >
        Cancel
      </button>
    </dialog>
  );
}
