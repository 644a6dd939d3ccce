/**
 * The gallery on the page's side: which gallery is open (a folder's, or a filter result's, of
 * one file), its list of images, thumbnails asked of the file's decoder and cancelled in
 * batches when their cells scroll away, a small cache of the thumbnails made, and "Save all
 * as PNG". The gallery closes when another row or file is selected, or its file closes.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type {
  GalleryItem,
  GalleryScope,
  JobProgress,
  Result,
  Thumbnail,
  ZipResult,
} from '../worker/rpc/api.ts';
import { nodeRef } from '../worker/rpc/api.ts';
import { delve } from './app.ts';
import { askDecoder, decoderOf } from './decoder-calls.ts';
import type { Selection } from './types.ts';

export interface GalleryTarget {
  fileId: string;
  scope: GalleryScope;
  /** What it shows, for people: `Textures`, `entries matching *.dds in demo.wad`. */
  title: string;
  /** The folder's path and a `/` (`''` for a whole file): cells name images below it. */
  basePath: string;
  /** The selection it was opened from: choosing anything else closes it. */
  selectionKey: string;
}

const galleryStore = createStore<{ target: GalleryTarget | null }>(() => ({ target: null }));

/** Identity of a selection that survives its row being fetched again. */
function selectionKeyOf(selection: Selection | null): string {
  if (!selection) return '';
  return selection.kind === 'file'
    ? `${selection.fileId}\u0000`
    : `${selection.fileId}\u0000${selection.row.path}`;
}

delve.stores.view.subscribe((state) => {
  const target = galleryStore.getState().target;
  if (target && selectionKeyOf(state.selection) !== target.selectionKey) closeGallery();
});
delve.stores.files.subscribe((state) => {
  const target = galleryStore.getState().target;
  if (target && !state.files.some((file) => file.id === target.fileId)) closeGallery();
});

/** Opens the gallery of the selected folder or file (with the filter, of its matches). */
export function openGallery(selection: Selection, fileName: string): void {
  const filter = delve.stores.view.getState().filter.trim();
  const place = selection.kind === 'row' ? selection.row.path : fileName;
  galleryStore.setState({
    target: {
      fileId: selection.fileId,
      scope: {
        nodeIds: selection.kind === 'row' ? [selection.row.nodeId] : [],
        filter,
      },
      title: filter === '' ? place : `${place}, entries matching ${filter}`,
      basePath: selection.kind === 'row' ? `${selection.row.path}/` : '',
      selectionKey: selectionKeyOf(selection),
    },
  });
}

export function closeGallery(): void {
  if (galleryStore.getState().target) galleryStore.setState({ target: null });
  thumbnails.clear();
}

export function useGalleryTarget(): GalleryTarget | null {
  return useStore(galleryStore, (state) => state.target);
}

export function galleryImages(fileId: string, scope: GalleryScope): Promise<Result<GalleryItem[]>> {
  return askDecoder(fileId, 'listing the images', (decoder) => decoder.galleryImages(scope));
}

/** Thumbnails kept on the page (about 64 KiB each at 128 × 128): scrolling back shows them at once. */
const KEPT_THUMBNAILS = 400;
const thumbnails = new Map<string, Thumbnail>();

let nextThumbnailId = 1;
/** Thumbnails no longer wanted, per file, sent in one message after the current task. */
const unwanted = new Map<string, number[]>();

function cancelLater(fileId: string, id: number): void {
  const ids = unwanted.get(fileId);
  if (ids) {
    ids.push(id);
    return;
  }
  unwanted.set(fileId, [id]);
  queueMicrotask(() => {
    const batch = unwanted.get(fileId) ?? [];
    unwanted.delete(fileId);
    const decoder = decoderOf(fileId);
    if (typeof decoder !== 'string') void decoder.cancelThumbnails(batch).catch(() => undefined);
  });
}

/** A thumbnail made before, or undefined. */
export function keptThumbnail(
  fileId: string,
  entryIndex: number,
  box: number,
): Thumbnail | undefined {
  return thumbnails.get(`${fileId}:${entryIndex}:${box}`);
}

/**
 * Asks for an entry's thumbnail; `cancel()` says it is no longer wanted (its cell scrolled
 * away): the worker then drops it, and its answer is CANCELLED.
 */
export function requestThumbnail(
  fileId: string,
  entryIndex: number,
  box: number,
): { answer: Promise<Result<Thumbnail>>; cancel(): void } {
  const id = nextThumbnailId++;
  let isSettled = false;
  const answer = askDecoder(fileId, 'making the thumbnail', (decoder) =>
    decoder.imageThumbnail(nodeRef(entryIndex), { box, id }),
  ).then((result) => {
    isSettled = true;
    if (result.ok) {
      const key = `${fileId}:${entryIndex}:${box}`;
      thumbnails.delete(key);
      thumbnails.set(key, result.value);
      if (thumbnails.size > KEPT_THUMBNAILS) thumbnails.delete(thumbnails.keys().next().value!);
    }
    return result;
  });
  return {
    answer,
    cancel: () => {
      if (!isSettled) cancelLater(fileId, id);
    },
  };
}

/** "Save all as PNG": the zip of a gallery's images as PNGs, with progress; `cancelPngZip` stops it. */
export function galleryPngZip(
  fileId: string,
  scope: GalleryScope,
  onProgress: (progress: JobProgress) => void,
): Promise<Result<ZipResult>> {
  return askDecoder(fileId, 'saving the images as PNG', (decoder) =>
    decoder.galleryPngZip(scope, onProgress),
  );
}

export function cancelPngZip(fileId: string): void {
  const decoder = decoderOf(fileId);
  if (typeof decoder !== 'string') void decoder.cancel('png-zip').catch(() => undefined);
}
