/**
 * The page: header (open, sample, filter), banners, the actions bar, the tree on the left and
 * the details/preview on the right, and the status bar. The whole window is a drop zone.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useHasFiles } from '../../state/hooks.ts';
import { CompareView } from '../compare/CompareView.tsx';
import { ComparePicker } from '../compare/ComparePicker.tsx';
import { useComparison } from '../compare/use-compare.ts';
import { DropZone } from '../dropzone/DropZone.tsx';
import { InstallCheckHost } from '../install/InstallCheck.tsx';
import { SearchHost } from '../search/SearchHost.tsx';
import { ActionsBar } from './ActionsBar.tsx';
import { Banners } from './Banners.tsx';
import { EmptyState, type FormatInfo } from './EmptyState.tsx';
import { Header } from './Header.tsx';
import { PendingLinkNotice } from './PendingLinkNotice.tsx';
import { StatusBar } from './StatusBar.tsx';
import { UpdateNotice } from './UpdateNotice.tsx';
import { Workspace } from './Workspace.tsx';

/**
 * Whether the workspace is mounted yet: from the page's first idle moment on, hidden while
 * there is no file. The first file then only shows it. Mounted by that file's open
 * instead, it made the longest task of the open (about 40 ms of rendering and layout).
 */
function useWorkspaceMounted(hasFiles: boolean): boolean {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setMounted(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setMounted(true), { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return isMounted || hasFiles;
}

export interface AppProps {
  /** The formats Delve reads (the registry's metadata), for the empty state. */
  formats: readonly FormatInfo[];
}

export function App({ formats }: AppProps): ReactElement {
  const hasFiles = useHasFiles();
  const isWorkspaceMounted = useWorkspaceMounted(hasFiles);
  const isComparing = useComparison() !== null;
  return (
    <DropZone>
      <div className="app">
        <Header />
        <UpdateNotice />
        <PendingLinkNotice />
        <Banners />
        {/* The one main landmark: the actions and the workspace, or the empty state. */}
        <main className="app-main">
          {isWorkspaceMounted && (
            <div className="workspace-frame" hidden={!hasFiles}>
              <ActionsBar />
              {isComparing ? <CompareView /> : <Workspace />}
              <InstallCheckHost />
              <ComparePicker />
              <SearchHost />
            </div>
          )}
          {!hasFiles && <EmptyState formats={formats} />}
        </main>
        <StatusBar />
      </div>
    </DropZone>
  );
}
