/**
 * The page: header (open, sample, filter), banners, the actions bar, the tree on the left and
 * the details/preview on the right, and the status bar. The whole window is a drop zone.
 */
import { useDeferredValue, type ReactElement } from 'react';
import { useHasFiles } from '../../state/hooks.ts';
import { DetailsPane } from '../details/DetailsPane.tsx';
import { DropZone } from '../dropzone/DropZone.tsx';
import { Tree } from '../tree/Tree.tsx';
import { ActionsBar } from './ActionsBar.tsx';
import { Banners } from './Banners.tsx';
import { EmptyState } from './EmptyState.tsx';
import { Header } from './Header.tsx';
import { StatusBar } from './StatusBar.tsx';

export function App(): ReactElement {
  // Deferred: the first file's open swaps the empty state for the whole workspace. As a
  // deferred update React renders it in slices instead of in the task of the drop or file
  // choice, which also starts the open (that task was the longest of an open).
  const hasFiles = useDeferredValue(useHasFiles());
  return (
    <DropZone>
      <div className="app">
        <Header />
        <Banners />
        {hasFiles ? (
          <>
            <ActionsBar />
            <main className="workspace">
              <section className="tree-pane" aria-label="Files and entries">
                <Tree />
              </section>
              <section className="details-pane" aria-label="Details and preview">
                <DetailsPane />
              </section>
            </main>
          </>
        ) : (
          <EmptyState />
        )}
        <StatusBar />
      </div>
    </DropZone>
  );
}
