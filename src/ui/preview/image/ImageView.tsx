/**
 * Image preview for formats the browser decodes (PNG, JPEG, GIF, BMP, WebP, sniffed by magic
 * bytes in sniff.ts): the content as a Blob URL in an <img>, over a checkerboard so
 * transparency shows, fitted to the pane as the texture view fits (shrunk, or enlarged by
 * whole multiples and pixelated) or at 1:1 (pixel art and textures need real pixels).
 */
import { useState, type ReactElement } from 'react';
import { fitScale, fittedSize } from './surface-pixels.ts';
import { useFitRoom } from './use-fit-room.ts';
import type { ContentRef } from '../../../worker/rpc/api.ts';
import { contentKey } from '../decoder-key.ts';
import { formatExactBytes, formatSize } from '../../format.ts';
import { BlobPending } from '../BlobPending.tsx';
import { useBlobUrl } from '../use-blob-url.ts';
import '../preview.css';

export interface ImageViewProps {
  fileId: string;
  /** The content: an entry's (`nodeRef`) or the opened file's (`FILE_REF`). */
  ref: ContentRef;
  /** MIME type from the magic bytes, e.g. `image/png`. */
  mime: string;
  /** Entry name, for the image's alternative text. */
  name: string;
}

export function ImageView(props: ImageViewProps): ReactElement {
  return <ImageViewBody key={`${contentKey(props.fileId, props.ref)}:${props.mime}`} {...props} />;
}

function ImageViewBody({ fileId, ref, mime, name }: ImageViewProps): ReactElement {
  const blob = useBlobUrl(fileId, ref, mime);
  const [isFitted, setIsFitted] = useState(true);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [decodeFailed, setDecodeFailed] = useState(false);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const room = useFitRoom(stage);
  /** The scale Fit shows the image at, once both its size and the stage's are known. */
  const fitted = isFitted && room !== null && natural !== null ? fitScale(natural, room) : null;
  const fittedStyle = (() => {
    if (fitted === null || natural === null) return undefined;
    const { width, height } = fittedSize(natural, fitted);
    return {
      width: `${width}px`,
      height: `${height}px`,
      imageRendering: fitted > 1 ? ('pixelated' as const) : ('auto' as const),
    };
  })();

  if (blob.status !== 'ready') {
    return (
      <BlobPending
        blob={blob}
        className="image-view"
        testId="image-view"
        loadingText="Loading image…"
      />
    );
  }
  return (
    <div className="image-view" data-testid="image-view">
      <div className="image-toolbar">
        <span className="image-facts" data-testid="image-size">
          {natural !== null
            ? `${natural.width.toLocaleString('en-US')} × ${natural.height.toLocaleString('en-US')} px`
            : 'decoding…'}
          {' · '}
          {mime}
          {' · '}
          <span title={formatExactBytes(blob.size)}>{formatSize(blob.size)}</span>
        </span>
        <button
          type="button"
          aria-pressed={!isFitted}
          onClick={() => setIsFitted((value) => !value)}
        >
          {isFitted ? 'Show 1:1' : 'Fit to pane'}
        </button>
      </div>
      {decodeFailed && (
        <p className="preview-error" role="alert">
          The browser could not decode this {mime} image; the Hex tab shows its bytes.
        </p>
      )}
      <div
        ref={setStage}
        className={isFitted ? 'image-stage image-stage--fit' : 'image-stage image-stage--actual'}
        tabIndex={0}
        aria-label="Image"
      >
        <img
          className="image-checkerboard"
          src={blob.url}
          alt={name}
          draggable={false}
          data-fit-scale={fitted ?? undefined}
          style={fittedStyle}
          onLoad={(event) => {
            setNatural({
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            });
            setDecodeFailed(false);
          }}
          onError={() => setDecodeFailed(true)}
        />
      </div>
    </div>
  );
}
