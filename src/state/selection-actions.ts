/**
 * Multi-selection in the tree: Ctrl/Cmd+click toggles a row, Shift+click selects a range
 * from the anchor, Shift+arrows extend, Ctrl+A takes every row shown of the focused file,
 * Escape goes back to the focused row alone. A selection stays within one file; a click in
 * another file starts a new one there.
 *
 * The focus (`ViewState.selection`, what the details pane shows) and the selected rows
 * (`ViewState.multi`) are set together. While `multi` is null the focused row is the whole
 * selection, so every plain "select" elsewhere keeps working unchanged.
 */
import type { Context } from './context.ts';
import { addSpan, spanRowCount, toggleRow, type RowSpan } from './row-spans.ts';
import { walkSelection } from './selection-walk.ts';
import type { MultiSelection, Selection, ViewState } from './types.ts';

/** How a click changes the selection: plain, Ctrl/Cmd, Shift, Ctrl/Cmd+Shift. */
export type ClickMode = 'replace' | 'toggle' | 'range' | 'add-range';

export interface SelectionActions {
  /** A click on a row of a file; index -1 is the file's own row. */
  clickRow(fileId: string, index: number, mode: ClickMode): Promise<void>;
  /** Ctrl/Cmd+arrows: the focus moves, the selected rows stay. */
  moveFocus(fileId: string, index: number): Promise<void>;
  /** Ctrl/Cmd+Space: adds the focused row to the selection or takes it out. */
  toggleFocused(): void;
  /** Ctrl/Cmd+A: every row shown of the focused file, its own row included. */
  selectAllRows(): void;
  /** Escape: the focused row alone. */
  clearMarks(): void;
  /** Works out entries and bytes of the multi-selection (runs by itself on every change). */
  summarize(): Promise<void>;
}

/** The focused row as a file-local index (-1 for the file's own row); null when elsewhere or hidden. */
export function focusIndexIn(selection: Selection | null, fileId: string): number | null {
  if (selection?.fileId !== fileId) return null;
  if (selection.kind === 'file') return -1;
  return selection.rowIndex >= 0 ? selection.rowIndex : null;
}

/** The selected rows of a file, explicit or implied by the focus; null when none are there. */
export function selectedSpansIn(
  view: Pick<ViewState, 'selection' | 'multi'>,
  fileId: string,
): { spans: readonly RowSpan[]; anchor: number } | null {
  if (view.multi) return view.multi.fileId === fileId ? view.multi : null;
  const focus = focusIndexIn(view.selection, fileId);
  return focus === null ? null : { spans: [[focus, focus]], anchor: focus };
}

/** Rows selected: those of the multi-selection, else the focused row (or none). */
export function selectedRowCount(view: Pick<ViewState, 'selection' | 'multi'>): number {
  if (view.multi) return spanRowCount(view.multi.spans);
  return view.selection ? 1 : 0;
}

/**
 * True when the selection is exactly the focused row, so single-row actions (the plain
 * Download, the "Selected:" status) apply to it.
 */
export function isFocusTheSelection(view: Pick<ViewState, 'selection' | 'multi'>): boolean {
  const { multi, selection } = view;
  if (!multi) return selection !== null;
  const focus = focusIndexIn(selection, multi.fileId);
  const [only] = multi.spans;
  return multi.spans.length === 1 && only?.[0] === focus && only[1] === focus;
}

export function createSelectionActions(context: Context): SelectionActions {
  const { stores, rowCache } = context;
  // Each focus change bumps this; a row fetched for an older one is dropped.
  let focusSequence = 0;

  /** The Selection for a file-local index, from the page cache or the worker. */
  async function focusAt(fileId: string, index: number): Promise<Selection | null> {
    if (index < 0) return { kind: 'file', fileId };
    const cached = rowCache.getCurrentRow(fileId, index);
    if (cached) return { kind: 'row', fileId, row: cached, rowIndex: index };
    const file = context.getFile(fileId);
    if (!file || file.hasCrashed) return null;
    const [row] = await file.decoder.getRows(index, 1);
    return row && context.getFile(fileId) ? { kind: 'row', fileId, row, rowIndex: index } : null;
  }

  /** Sets focus and selected rows together, once the focused row is known. */
  async function apply(fileId: string, focusIndex: number, multi: MultiSelection | null) {
    focusSequence += 1;
    const sequence = focusSequence;
    const selection = await focusAt(fileId, focusIndex);
    if (!selection || sequence !== focusSequence) return;
    const view = stores.view.getState();
    // The same rows keep their summary (Ctrl+arrows only move the focus).
    const summary = multi === view.multi ? view.summary : null;
    stores.view.setState({ selection, multi, summary });
  }

  function setMulti(multi: MultiSelection | null): void {
    stores.view.setState({ multi, summary: null });
  }

  async function summarize(): Promise<void> {
    const { multi } = stores.view.getState();
    if (!multi || spanRowCount(multi.spans) === 0) return;
    const file = context.getFile(multi.fileId);
    if (!file || file.hasCrashed) return;
    const isStale = () => stores.view.getState().multi !== multi;
    const walk = await walkSelection(file.decoder, multi.spans, {
      rowCount: file.rowCount,
      isFiltered: file.matchCount !== null,
      fileEntryCount: file.summary?.entryCount ?? 0,
      fileSize: file.summary?.totalSize ?? 0,
      isCancelled: isStale,
    });
    if (walk.isCancelled || isStale()) return;
    stores.view.setState({
      summary: { of: multi, entryCount: walk.entryCount, size: walk.size },
    });
  }

  // Keep the summary in step with the selection; a walk left behind stops at its next chunk.
  stores.view.subscribe((state, previous) => {
    if (state.multi !== previous.multi && state.multi) {
      void summarize().catch(() => undefined);
    }
  });

  return {
    async clickRow(fileId, index, mode) {
      const current = selectedSpansIn(stores.view.getState(), fileId);
      if (mode === 'replace' || (!current && mode !== 'toggle')) {
        await apply(fileId, index, null);
        return;
      }
      let multi: MultiSelection;
      if (mode === 'toggle') {
        multi = { fileId, spans: toggleRow(current?.spans ?? [], index), anchor: index };
      } else {
        const anchor = current?.anchor ?? index;
        const base = mode === 'add-range' ? (current?.spans ?? []) : [];
        multi = { fileId, spans: addSpan(base, anchor, index), anchor };
      }
      await apply(fileId, index, multi);
    },

    async moveFocus(fileId, index) {
      const view = stores.view.getState();
      if (view.multi?.fileId === fileId) {
        await apply(fileId, index, view.multi);
        return;
      }
      // The focused row alone becomes an explicit selection, which the focus then leaves.
      const current = selectedSpansIn(view, fileId);
      await apply(fileId, index, current ? { fileId, ...current } : null);
    },

    toggleFocused() {
      const view = stores.view.getState();
      const fileId = view.selection?.fileId;
      const focus = fileId === undefined ? null : focusIndexIn(view.selection, fileId);
      if (fileId === undefined || focus === null) return;
      const current = selectedSpansIn(view, fileId);
      setMulti({ fileId, spans: toggleRow(current?.spans ?? [], focus), anchor: focus });
    },

    selectAllRows() {
      const view = stores.view.getState();
      const fileId = view.selection?.fileId;
      const file = fileId === undefined ? undefined : context.getFile(fileId);
      if (!fileId || !file) return;
      const lastRow = file.isExpanded ? file.rowCount - 1 : -1;
      const anchor = selectedSpansIn(view, fileId)?.anchor ?? -1;
      setMulti({ fileId, spans: [[-1, lastRow]], anchor });
    },

    clearMarks() {
      if (stores.view.getState().multi) setMulti(null);
    },

    summarize,
  };
}
