/**
 * Preview of some content: an entry's (`nodeRef`) or the opened file's (`FILE_REF`, the main
 * view for a file of unknown format). It reads the first 4 KiB, sniffs what the content is (sniff.ts), opens
 * the fitting view and offers tabs among the views that apply: Hex always, plus Text, Image
 * or Audio, and Strings for content that is not text. Only the active view is mounted, and
 * each view fetches just what it shows.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { usePreviewSpots, useWantedSpot } from '../../state/deep-link-hooks.ts';
import { useContentRange, useImageInfo } from '../../state/hooks.ts';
import type { ContentRef } from '../../worker/rpc/api.ts';
import { AudioView } from './audio/AudioView.tsx';
import { contentKey } from './decoder-key.ts';
import { formatExactBytes, formatSize } from '../format.ts';
import { HexView } from './hex/HexView.tsx';
import { ImageView } from './image/ImageView.tsx';
import { TextureView } from './image/TextureView.tsx';
import { sniffKind, type SniffResult } from './sniff.ts';
import { StringsView } from './strings/StringsView.tsx';
import { TextView } from './text/TextView.tsx';
import './preview.css';

export interface PreviewPaneProps {
  fileId: string;
  /** The content to show: an entry's (`nodeRef`) or the opened file's (`FILE_REF`). */
  ref: ContentRef;
  name: string;
  /** Size in bytes as the tree knows it; the worker's `totalSize` replaces it once read. */
  size: number;
}

/** Bytes read to pick the view: magic numbers sit in the first few, text needs a sample. */
export const HEAD_BYTES = 4096;

export type PreviewViewId = 'hex' | 'text' | 'image' | 'audio' | 'strings';

const VIEW_LABELS: Record<PreviewViewId, string> = {
  hex: 'Hex',
  text: 'Text',
  image: 'Image',
  audio: 'Audio',
  strings: 'Strings',
};

const isPreviewViewId = (view: string | null | undefined): view is PreviewViewId =>
  view !== null && view !== undefined && Object.hasOwn(VIEW_LABELS, view);

/** Views that apply to a kind of content, the default first. */
export function viewsFor(kind: SniffResult['kind']): PreviewViewId[] {
  switch (kind) {
    case 'image':
      return ['image', 'hex', 'strings'];
    case 'audio':
      return ['audio', 'hex', 'strings'];
    case 'text':
      return ['text', 'hex'];
    case 'binary':
      return ['hex', 'strings'];
  }
}

export function PreviewPane(props: PreviewPaneProps): ReactElement {
  // Keyed by content: a new selection starts from "loading", with its own chosen tab.
  return <PreviewPaneBody key={contentKey(props.fileId, props.ref)} {...props} />;
}

function PreviewPaneBody({ fileId, ref, name, size }: PreviewPaneProps): ReactElement {
  const range = useContentRange(fileId, ref, 0, HEAD_BYTES);
  const [chosenView, setChosenView] = useState<PreviewViewId | null>(null);
  // A deep link being restored may ask for a tab and a hex offset; the user's own choice wins.
  const key = contentKey(fileId, ref);
  const wanted = useWantedSpot(key);
  const [jumpedTo, setJumpedTo] = useState<number | null>(null);
  // A string of the strings view shown in hex.
  const showInHex = useCallback((offset: number) => {
    setJumpedTo(offset);
    setChosenView('hex');
  }, []);
  const head = useMemo(() => {
    if (range.status !== 'ok') return range;
    const { bytes, totalSize, warning } = range.value;
    return { status: 'ready' as const, sniff: sniffKind(bytes, name), totalSize, warning };
  }, [range, name]);

  // An image a session decodes (a texture, or an entry that is a texture file) comes first.
  const imageInfo = useImageInfo(fileId, ref);
  const decodable = imageInfo.status === 'ok' ? imageInfo.value : null;
  const sniffed: PreviewViewId[] = head.status === 'ready' ? viewsFor(head.sniff.kind) : ['hex'];
  const views: PreviewViewId[] = decodable
    ? ['image', ...sniffed.filter((view) => view !== 'image')]
    : sniffed;
  const wantedView = isPreviewViewId(wanted?.view) ? wanted.view : null;
  const requestedView = chosenView ?? wantedView;
  const activeView =
    requestedView !== null && views.includes(requestedView) ? requestedView : (views[0] ?? 'hex');
  const hexOffset = jumpedTo ?? wanted?.offset ?? null;
  // A wished-for match (a search hit) is marked whole; a jump of the user's own is one byte.
  const markLength = jumpedTo === null ? wanted?.length : undefined;
  const isReady = head.status === 'ready';
  // Reported for deep links ("Copy link", the URL): the tab shown and the byte marked.
  const spots = usePreviewSpots();
  useEffect(() => {
    if (!isReady) return;
    spots.show({ key, view: activeView, offset: activeView === 'hex' ? hexOffset : null });
  }, [spots, key, isReady, activeView, hexOffset]);
  const totalSize = head.status === 'ready' ? head.totalSize : size;
  const mime = head.status === 'ready' ? head.sniff.mime : 'application/octet-stream';
  const idBase = `preview-${key.replaceAll(':', '-')}`;

  return (
    <section className="preview-pane" data-testid="preview-pane" aria-label={`Preview of ${name}`}>
      <header className="preview-header">
        <h2 className="preview-title" title={name}>
          {name}
        </h2>
        <span className="preview-size" title={formatExactBytes(totalSize)}>
          {formatSize(totalSize)}
        </span>
        {head.status === 'ready' && <span className="preview-mime">{mime}</span>}
      </header>
      {head.status === 'ready' && head.warning !== null && (
        <p className="preview-warning" role="status" data-testid="preview-warning">
          {head.warning}
        </p>
      )}
      {head.status === 'error' && (
        <p className="preview-error" role="alert" data-testid="preview-error">
          {head.error.message}
        </p>
      )}
      {head.status === 'loading' ? (
        <p className="preview-note" aria-busy="true">
          Loading…
        </p>
      ) : (
        <>
          <PreviewTabs
            idBase={idBase}
            views={views}
            activeView={activeView}
            onSelect={setChosenView}
          />
          <div
            className="preview-panel"
            role="tabpanel"
            id={`${idBase}-panel`}
            aria-labelledby={`${idBase}-tab-${activeView}`}
          >
            {activeView === 'hex' && (
              <HexView
                fileId={fileId}
                ref={ref}
                size={totalSize}
                jumpTo={hexOffset ?? undefined}
                jumpLength={markLength}
                onJump={setJumpedTo}
              />
            )}
            {activeView === 'text' && (
              <TextView
                fileId={fileId}
                ref={ref}
                name={name}
                mark={
                  wanted !== null && wanted.offset !== null && markLength !== undefined
                    ? { offset: wanted.offset, length: markLength }
                    : undefined
                }
              />
            )}
            {activeView === 'strings' && (
              <StringsView fileId={fileId} ref={ref} onJump={showInHex} />
            )}
            {activeView === 'image' &&
              (decodable ? (
                <TextureView fileId={fileId} ref={ref} info={decodable} name={name} />
              ) : (
                <ImageView fileId={fileId} ref={ref} mime={mime} name={name} />
              ))}
            {activeView === 'audio' && (
              <AudioView fileId={fileId} ref={ref} mime={mime} name={name} />
            )}
          </div>
        </>
      )}
    </section>
  );
}

export interface PreviewTabsProps {
  idBase: string;
  views: PreviewViewId[];
  activeView: PreviewViewId;
  onSelect: (view: PreviewViewId) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (the active tab); arrow keys, Home
 * and End move between tabs and select the one they land on.
 */
export function PreviewTabs({
  idBase,
  views,
  activeView,
  onSelect,
}: PreviewTabsProps): ReactElement {
  const tabRefs = useRef(new Map<PreviewViewId, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = views.indexOf(activeView);
    let next: number;
    if (event.key === 'ArrowRight') next = (current + 1) % views.length;
    else if (event.key === 'ArrowLeft') next = (current - 1 + views.length) % views.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = views.length - 1;
    else return;
    event.preventDefault();
    const view = views[next];
    if (view === undefined) return;
    onSelect(view);
    tabRefs.current.get(view)?.focus();
  };
  return (
    <div className="preview-tabs" role="tablist" aria-label="Preview views" onKeyDown={onKeyDown}>
      {views.map((view) => (
        <button
          key={view}
          ref={(element) => {
            if (element === null) tabRefs.current.delete(view);
            else tabRefs.current.set(view, element);
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${view}`}
          className="preview-tab"
          aria-selected={view === activeView}
          aria-controls={`${idBase}-panel`}
          tabIndex={view === activeView ? 0 : -1}
          onClick={() => onSelect(view)}
          data-testid={`preview-tab-${view}`}
        >
          {VIEW_LABELS[view]}
        </button>
      ))}
    </div>
  );
}
