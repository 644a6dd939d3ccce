/**
 * The tree and the details side by side, with a draggable, keyboard-accessible splitter
 * between them. The tree's share of the width is remembered, once for files and entries
 * (the default leaves entry names room next to a preview at 1200 px) and once for a file
 * shown in a decoded view (a level map wants the room). Below 800 px the panes stack
 * (app.css) and the splitter hides.
 */
import { useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { useStore } from 'zustand';
import { delve } from '../../state/app.ts';
import { DetailsPane } from '../details/DetailsPane.tsx';
import { viewPlugin } from '../preview/registry.ts';
import { ResizeHandle } from '../resize/ResizeHandle.tsx';
import { clampSize, readStoredSize, writeStoredSize } from '../resize/stored-size.ts';
import { Tree } from '../tree/Tree.tsx';

/** The tree's share of the workspace width, in percent. */
export const MIN_TREE_PERCENT = 20;
export const MAX_TREE_PERCENT = 80;

interface Split {
  storageKey: string;
  defaultPercent: number;
}

const SPLITS = {
  details: { storageKey: 'tree-pane-percent', defaultPercent: 58 },
  view: { storageKey: 'tree-pane-percent.view', defaultPercent: 40 },
} satisfies Record<string, Split>;

function storedPercent({ storageKey, defaultPercent }: Split): number {
  const stored = readStoredSize(storageKey);
  return stored === null
    ? defaultPercent
    : clampSize(stored, MIN_TREE_PERCENT, MAX_TREE_PERCENT, defaultPercent);
}

/**
 * Whether the details show a file's decoded view. Read as primitives from the stores, so
 * progress reports of the file do not render the workspace (and with it the tree) again.
 */
function useShowsFileView(): boolean {
  const fileId = useStore(delve.stores.view, (state) =>
    state.selection?.kind === 'file' ? state.selection.fileId : null,
  );
  const view = useStore(delve.stores.files, (state) => {
    const file = state.files.find((candidate) => candidate.id === fileId);
    return file && !file.hasCrashed ? (file.summary?.capabilities.view ?? null) : null;
  });
  return viewPlugin(view) !== null;
}

// Made once: the workspace renders again while the splitter moves, its panes need not.
const TREE = <Tree />;
const DETAILS = <DetailsPane />;

export function Workspace(): ReactElement {
  const split = useShowsFileView() ? SPLITS.view : SPLITS.details;
  const [percents, setPercents] = useState(() => ({
    details: storedPercent(SPLITS.details),
    view: storedPercent(SPLITS.view),
  }));
  const mode = split === SPLITS.view ? 'view' : 'details';
  const percent = percents[mode];
  const setPercent = (value: number) => setPercents((current) => ({ ...current, [mode]: value }));
  const element = useRef<HTMLDivElement>(null);
  return (
    <div
      className="workspace"
      ref={element}
      style={{ '--tree-pane-size': `${percent}%` } as CSSProperties}
    >
      <section className="tree-pane" id="tree-pane" aria-label="Files and entries">
        {TREE}
      </section>
      <ResizeHandle
        className="pane-splitter"
        label="Resize the tree and details panes"
        value={percent}
        min={MIN_TREE_PERCENT}
        max={MAX_TREE_PERCENT}
        valueText={`Tree ${Math.round(percent)}% of the width`}
        step={2}
        bigStep={10}
        direction={1}
        unitPixels={() => (element.current?.clientWidth ?? 1000) / 100}
        controls="tree-pane"
        onChange={setPercent}
        onCommit={(value) => writeStoredSize(split.storageKey, value)}
        onReset={() => {
          setPercent(split.defaultPercent);
          writeStoredSize(split.storageKey, null);
        }}
      />
      <section className="details-pane" aria-label="Details and preview">
        {DETAILS}
      </section>
    </div>
  );
}
