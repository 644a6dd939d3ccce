/**
 * Audio preview for formats the browser plays (MP3, Ogg, WAV, and FLAC/AAC when it can),
 * sniffed by magic bytes in sniff.ts: the content as a Blob URL in <audio controls>.
 */
import { useState, type ReactElement } from 'react';
import type { ContentRef } from '../../../worker/rpc/api.ts';
import { contentKey } from '../decoder-key.ts';
import { formatExactBytes, formatSize } from '../../format.ts';
import { BlobPending } from '../BlobPending.tsx';
import { useBlobUrl } from '../use-blob-url.ts';
import '../preview.css';

export interface AudioViewProps {
  fileId: string;
  /** The content: an entry's (`nodeRef`) or the opened file's (`FILE_REF`). */
  ref: ContentRef;
  /** MIME type from the magic bytes, e.g. `audio/ogg`. */
  mime: string;
  name: string;
}

export function AudioView(props: AudioViewProps): ReactElement {
  return <AudioViewBody key={`${contentKey(props.fileId, props.ref)}:${props.mime}`} {...props} />;
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown length';
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

function AudioViewBody({ fileId, ref, mime, name }: AudioViewProps): ReactElement {
  const blob = useBlobUrl(fileId, ref, mime);
  const [duration, setDuration] = useState<number | null>(null);
  const [playFailed, setPlayFailed] = useState(false);

  if (blob.status !== 'ready') {
    return (
      <BlobPending
        blob={blob}
        className="audio-view"
        testId="audio-view"
        loadingText="Loading audio…"
      />
    );
  }
  return (
    <div className="audio-view" data-testid="audio-view">
      <p className="audio-facts">
        {mime}
        {' · '}
        <span title={formatExactBytes(blob.size)}>{formatSize(blob.size)}</span>
        {duration !== null && ` · ${formatDuration(duration)}`}
      </p>
      <audio
        controls
        preload="metadata"
        src={blob.url}
        aria-label={`Play ${name}`}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onError={() => setPlayFailed(true)}
      />
      {playFailed && (
        <p className="preview-error" role="alert">
          The browser cannot play this {mime} audio; the Hex tab shows its bytes.
        </p>
      )}
    </div>
  );
}
