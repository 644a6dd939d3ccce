/**
 * The tree and the details side by side, with a draggable, keyboard-accessible splitter
 * between them. The tree's share of the width is remembered; the default leaves entry names
 * room next to a preview at 1200 px. Below 800 px the panes stack (app.css) and the splitter
 * hides.
 */
import { useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { DetailsPane } from '../details/DetailsPane.tsx';
import { ResizeHandle } from '../resize/ResizeHandle.tsx';
import { clampSize, readStoredSize, writeStoredSize } from '../resize/stored-size.ts';
import { Tree } from '../tree/Tree.tsx';

/** The tree's share of the workspace width, in percent. */
export const DEFAULT_TREE_PERCENT = 58;
export const MIN_TREE_PERCENT = 20;
export const MAX_TREE_PERCENT = 80;
const STORAGE_KEY = 'tree-pane-percent';

function storedPercent(): number {
  const stored = readStoredSize(STORAGE_KEY);
  return stored === null
    ? DEFAULT_TREE_PERCENT
    : clampSize(stored, MIN_TREE_PERCENT, MAX_TREE_PERCENT, DEFAULT_TREE_PERCENT);
}

export function Workspace(): ReactElement {
  const [percent, setPercent] = useState(storedPercent);
  const element = useRef<HTMLElement>(null);
  return (
    <main
      className="workspace"
      ref={element}
      style={{ '--tree-pane-size': `${percent}%` } as CSSProperties}
    >
      <section className="tree-pane" id="tree-pane" aria-label="Files and entries">
        <Tree />
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
        onCommit={(value) => writeStoredSize(STORAGE_KEY, value)}
        onReset={() => {
          setPercent(DEFAULT_TREE_PERCENT);
          writeStoredSize(STORAGE_KEY, null);
        }}
      />
      <section className="details-pane" aria-label="Details and preview">
        <DetailsPane />
      </section>
    </main>
  );
}
