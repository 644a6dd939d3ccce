import { describe, expect, it } from 'vitest';
import type { Selection } from '../../state/types.ts';
import type { TreeRow } from '../../worker/rpc/api.ts';
import { paneSelection } from './pane-selection.ts';

describe('the details pane’s selection', () => {
  const file: Selection = { kind: 'file', fileId: 'f1' };

  it('is a file’s at once, whatever the deferred one still is', () => {
    expect(paneSelection(file, null)).toBe(file);
    expect(paneSelection(file, { kind: 'file', fileId: 'f0' })).toBe(file);
  });

  it('is an entry’s as deferred', () => {
    const entry: Selection = { kind: 'row', fileId: 'f1', row: {} as TreeRow, rowIndex: 3 };
    expect(paneSelection(entry, null)).toBeNull();
    expect(paneSelection(entry, file)).toBe(file);
    expect(paneSelection(null, file)).toBe(file);
  });
});
