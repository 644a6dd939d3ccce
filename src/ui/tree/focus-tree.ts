/**
 * Moving the keyboard focus into the tree from elsewhere (after "Try a sample" opened its
 * files): the tree's one tab stop is the selected row, else the first visible one. Rows
 * render a frame or more after the files are added, so it waits for one to appear.
 */

/** The tree's tab stop, if it is rendered. */
export function treeTabStop(root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-testid="tree"] [role="treeitem"][tabindex="0"]');
}

/**
 * Focuses the tree's tab stop as soon as it is rendered, within `maxFrames` animation frames.
 * Answers whether it did; a caller keeps the focus where it is otherwise.
 */
export function focusTreeWhenShown(maxFrames = 60): Promise<boolean> {
  return new Promise((resolve) => {
    let framesLeft = maxFrames;
    const attempt = () => {
      const row = treeTabStop();
      if (row) {
        row.focus();
        resolve(document.activeElement === row);
        return;
      }
      if (--framesLeft <= 0) resolve(false);
      else requestAnimationFrame(attempt);
    };
    attempt();
  });
}
