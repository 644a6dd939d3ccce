/**
 * The tree and the details side by side, with a draggable, keyboard-accessible splitter
 * between them. The tree's share of the width is the user's alone: remembered, and the same
 * whatever is selected (a level map, a section, a value), so the panes never jump. Below
 * 800 px the panes stack (app.css) and the splitter hides; at a phone's width one pane shows
 * at a time: the tree, or the item chosen in it, with a button back to the files; a folder
 * opens in place.
 */
import { useRef, useState, type CSSProperties, type MouseEvent, type ReactElement } from 'react';
import { useStore } from 'zustand';
import { delve } from '../../state/app.ts';
import { DetailsPane } from '../details/DetailsPane.tsx';
import { ResizeHandle } from '../resize/ResizeHandle.tsx';
import { clampSize, readStoredSize, writeStoredSize } from '../resize/stored-size.ts';
import { Tree } from '../tree/Tree.tsx';

/** The tree's share of the workspace width, in percent. */
export const MIN_TREE_PERCENT = 20;
export const MAX_TREE_PERCENT = 80;
/** Entry names with their columns beside a preview, a level map or a hex view with its text. */
export const DEFAULT_TREE_PERCENT = 58;
const STORAGE_KEY = 'tree-pane-percent';

function storedPercent(): number {
  const stored = readStoredSize(STORAGE_KEY);
  return stored === null
    ? DEFAULT_TREE_PERCENT
    : clampSize(stored, MIN_TREE_PERCENT, MAX_TREE_PERCENT, DEFAULT_TREE_PERCENT);
}

/** Which pane a phone shows. Wider screens show both and ignore it. */
type PhonePane = 'tree' | 'item';

/** Where one pane shows at a time (app.css has the same width). */
const PHONE_QUERY = '(max-width: 640px)';

/**
 * A click on a row (not on its twisty or close button, which stop it) on a phone: a folder
 * opens or closes in place, like a file browser's; any other row shows its item.
 */
function onPhoneRowClick(event: MouseEvent, showItem: () => void): void {
  if (typeof matchMedia !== 'function' || !matchMedia(PHONE_QUERY).matches) return;
  const row = event.target instanceof Element ? event.target.closest('[role="treeitem"]') : null;
  if (!row) return;
  const isFolder = row.hasAttribute('aria-expanded') && !row.classList.contains('tree-file-row');
  const twisty = row.querySelector<HTMLElement>('.twisty-open, .twisty-closed');
  if (isFolder && twisty) twisty.click();
  else showItem();
}

/** Back in the tree, the keyboard continues at the selected row. */
function focusSelectedRow(pane: HTMLElement | null): void {
  pane?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
}

// Made once: the workspace renders again while the splitter moves, its panes need not.
const TREE = <Tree />;
const DETAILS = <DetailsPane />;

export function Workspace(): ReactElement {
  const [percent, setPercent] = useState(storedPercent);
  const [phonePane, setPhonePane] = useState<PhonePane>('tree');
  const hasSelection = useStore(delve.stores.view, (state) => state.selection !== null);
  const shownPane = hasSelection ? phonePane : 'tree';
  const treePane = useRef<HTMLElement>(null);
  const element = useRef<HTMLDivElement>(null);
  return (
    <div
      className="workspace"
      ref={element}
      style={{ '--tree-pane-size': `${percent}%` } as CSSProperties}
      data-phone-pane={shownPane}
    >
      <section
        className="tree-pane"
        id="tree-pane"
        aria-label="Files and entries"
        ref={treePane}
        onClick={(event) => onPhoneRowClick(event, () => setPhonePane('item'))}
      >
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
        onCommit={(value) => writeStoredSize(STORAGE_KEY, value)}
        onReset={() => {
          setPercent(DEFAULT_TREE_PERCENT);
          writeStoredSize(STORAGE_KEY, null);
        }}
      />
      <section className="details-pane" aria-label="Details and preview">
        <button
          type="button"
          className="button phone-back"
          data-testid="back-to-files"
          onClick={() => {
            setPhonePane('tree');
            // The tree is shown again once this renders.
            requestAnimationFrame(() => focusSelectedRow(treePane.current));
          }}
        >
          ‹ Back to files
        </button>
        {DETAILS}
      </section>
    </div>
  );
}
