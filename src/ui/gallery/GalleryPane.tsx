/**
 * The gallery of a folder or of a filter's result, in the details pane: a grid of thumbnails
 * of every image in it, "Save all as PNG" (a zip, with progress and Cancel), and the image
 * view of one image opened from the grid, with a way back to the grid (Escape, or the
 * button). Works on any file whose entries hold images: nothing here knows a format.
 */
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { saveBlob } from '../../state/download.ts';
import {
  cancelPngZip,
  closeGallery,
  galleryImages,
  galleryPngZip,
  type GalleryTarget,
} from '../../state/gallery.ts';
import type { OpenFile } from '../../state/types.ts';
import { nodeRef, type GalleryItem } from '../../worker/rpc/api.ts';
import { formatCount, progressFraction } from '../format.ts';
import { PreviewPane } from '../preview/PreviewPane.tsx';
import { GalleryGrid } from './GalleryGrid.tsx';
import './gallery.css';

type Listing =
  | { status: 'loading' }
  | { status: 'ok'; items: GalleryItem[] }
  | { status: 'error'; message: string };

type Saving =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; note: string; isError: boolean };

export interface GalleryPaneProps {
  file: OpenFile;
  target: GalleryTarget;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The zip's name: the gallery's folder (or file) name, then `-png.zip`. */
function zipNameOf(title: string): string {
  const base = nameOf(title.split(',')[0]!).replace(/\.[^.]*$/, '') || 'images';
  return `${base.replace(/[^\w.-]+/g, '_')}-png.zip`;
}

export function GalleryPane({ file, target }: GalleryPaneProps): ReactElement {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [activeIndex, setActiveIndex] = useState(0);
  const [opened, setOpened] = useState<GalleryItem | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const [saving, setSaving] = useState<Saving>({ status: 'idle' });
  const backRef = useRef<HTMLButtonElement>(null);
  const { fileId, scope, title, basePath } = target;

  useEffect(() => {
    let isCurrent = true;
    setListing({ status: 'loading' });
    void galleryImages(fileId, scope).then((answer) => {
      if (!isCurrent) return;
      setListing(
        answer.ok
          ? { status: 'ok', items: answer.value }
          : { status: 'error', message: answer.error.message },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [fileId, scope]);

  const items = listing.status === 'ok' ? listing.items : null;
  const onOpen = useCallback(
    (index: number) => {
      const item = items?.[index];
      if (!item) return;
      setOpened(item);
      setHasOpened(true);
    },
    [items],
  );

  useEffect(() => {
    if (opened) backRef.current?.focus();
  }, [opened]);

  const saveAll = async () => {
    setSaving({ status: 'running', done: 0, total: items?.length ?? 0 });
    // A throttled report can come after the answer: it must not turn the note back into a bar.
    let isAnswered = false;
    const answer = await galleryPngZip(fileId, scope, (progress) => {
      if (!isAnswered) setSaving({ status: 'running', done: progress.done, total: progress.total });
    });
    isAnswered = true;
    if (!answer.ok) {
      const isCancelled = answer.error.code === 'CANCELLED';
      setSaving({
        status: 'done',
        note: isCancelled ? 'Save all as PNG cancelled' : `Could not save: ${answer.error.message}`,
        isError: !isCancelled,
      });
      return;
    }
    const { blob, entryCount, leftOut, leftOutReason } = answer.value;
    saveBlob(blob, zipNameOf(title));
    setSaving({
      status: 'done',
      note:
        `Saved ${formatCount(entryCount)} images as PNG` +
        (leftOut > 0 ? `; ${formatCount(leftOut)} left out (${leftOutReason ?? ''})` : ''),
      isError: false,
    });
  };

  const count =
    listing.status === 'ok'
      ? `${formatCount(listing.items.length)} ${listing.items.length === 1 ? 'image' : 'images'}`
      : listing.status === 'loading'
        ? 'Finding images…'
        : '';

  return (
    <section
      className="gallery-pane"
      data-testid="gallery"
      aria-label={`Gallery of ${title}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && opened) {
          event.preventDefault();
          setOpened(null);
        }
      }}
    >
      <header className="gallery-header">
        <h2 className="gallery-title" title={`${file.name}: ${title}`}>
          Gallery: {title}
        </h2>
        <span className="gallery-count" data-testid="gallery-count" role="status">
          {count}
        </span>
        {saving.status === 'running' ? (
          <span className="gallery-saving">
            <progress
              aria-label="Saving the images as PNG"
              data-testid="gallery-save-progress"
              max={1}
              value={progressFraction(saving.done, saving.total) ?? undefined}
            />
            <button
              type="button"
              className="button button-small"
              data-testid="gallery-save-cancel"
              onClick={() => cancelPngZip(fileId)}
            >
              Cancel
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button button-small"
            data-testid="gallery-save"
            disabled={!items || items.length === 0}
            title="A .zip of every image here converted to PNG (its largest level), named as extract --png names them"
            onClick={() => void saveAll()}
          >
            Save all as PNG
          </button>
        )}
        <button
          type="button"
          className="button button-small"
          data-testid="gallery-close"
          onClick={closeGallery}
        >
          Close gallery
        </button>
      </header>
      {saving.status === 'done' && (
        <p
          className={saving.isError ? 'preview-error' : 'preview-note'}
          role="status"
          data-testid="gallery-save-note"
        >
          {saving.note}
        </p>
      )}
      {listing.status === 'error' && (
        <p className="preview-error" role="alert" data-testid="gallery-list-error">
          {listing.message}
        </p>
      )}
      {listing.status === 'ok' && listing.items.length === 0 && (
        <p className="details-empty muted" data-testid="gallery-empty">
          No images here: no entry holds one Delve or the browser decodes.
        </p>
      )}
      {opened ? (
        <div className="gallery-viewer" data-testid="gallery-viewer">
          <button
            ref={backRef}
            type="button"
            className="button button-small gallery-back"
            data-testid="gallery-back"
            onClick={() => setOpened(null)}
          >
            ‹ Back to gallery (Esc)
          </button>
          <PreviewPane
            fileId={fileId}
            ref={nodeRef(opened.entryIndex)}
            name={nameOf(opened.path)}
            size={opened.size}
          />
        </div>
      ) : (
        items &&
        items.length > 0 && (
          <div className="gallery-body">
            <GalleryGrid
              fileId={fileId}
              items={items}
              basePath={basePath}
              activeIndex={Math.min(activeIndex, items.length - 1)}
              onActivate={setActiveIndex}
              onOpen={onOpen}
              isReturning={hasOpened}
              label={`Images of ${title}: arrows move, Enter opens`}
            />
          </div>
        )
      )}
    </section>
  );
}
