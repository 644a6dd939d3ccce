/**
 * The view of any image a session decodes (a texture file, a texture inside an archive, a
 * PID in a REZ): one surface at a time — a mip level of a layer and face — decoded in the
 * worker and drawn with putImageData, so a 4096 × 4096 texture never holds the page while
 * it decodes. Fit (shrunk, or enlarged by whole multiples: a 2 × 2 face fills the stage) or
 * 1:1, zoom with the wheel or the keyboard (+, −, 0 fit, 1 for 1:1), pixelated above 100 %;
 * R, G, B and A toggles, alpha over a checkerboard; a pixel inspector; the image's facts;
 * the shown surface exported as a PNG made in the worker.
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { saveBlob } from '../../../state/download.ts';
import { decodeImage, imagePng } from '../../../state/hooks.ts';
import type { ContentRef, DecodedImage, ImageInfo, SurfaceRef } from '../../../worker/rpc/api.ts';
import { contentKey } from '../decoder-key.ts';
import { TextureControls, TextureFacts } from './TextureControls.tsx';
import {
  ALL_CHANNELS,
  fitScale,
  fittedSize,
  pixelUnder,
  pixelsToDraw,
  stepZoom,
  type ChannelsShown,
} from './surface-pixels.ts';
import { useFitRoom } from './use-fit-room.ts';
import '../preview.css';

export interface TextureViewProps {
  fileId: string;
  ref: ContentRef;
  info: ImageInfo;
  /** The file's or entry's name: the image's label and the export's name. */
  name: string;
}

type Decoded =
  | { status: 'loading' }
  | { status: 'ok'; image: DecodedImage }
  | { status: 'error'; message: string };

export function TextureView(props: TextureViewProps): ReactElement {
  return <TextureViewBody key={contentKey(props.fileId, props.ref)} {...props} />;
}

function TextureViewBody({ fileId, ref: givenRef, info, name }: TextureViewProps): ReactElement {
  // Keyed by content: the first ref is this body's for good (a parent may pass equal copies).
  const [ref] = useState(givenRef);
  // A surface's node (a mip level in the tree) starts at that surface.
  const [surface, setSurface] = useState<SurfaceRef>(
    info.surface ?? { level: 0, layer: 0, face: 0 },
  );
  const [channels, setChannels] = useState<ChannelsShown>(ALL_CHANNELS);
  /** null: fitted to the pane. */
  const [zoom, setZoom] = useState<number | null>(null);
  const [decoded, setDecoded] = useState<Decoded>({ status: 'loading' });
  const [inspected, setInspected] = useState<{ x: number; y: number } | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const room = useFitRoom(stage);
  const { level, layer, face } = surface;
  const image = decoded.status === 'ok' ? decoded.image : null;
  const shownLevel = info.levels[level] ?? info.levels[0]!;
  // The decoded size is the truth; the level's stated size until it is decoded.
  const shownSize = image ?? shownLevel;
  /** The scale Fit shows the image at; null at a zoom of the user's, or before measuring. */
  const fitted = zoom === null && room !== null ? fitScale(shownSize, room) : null;
  const scaleNow = () => zoom ?? fitted ?? shownScale(canvasRef.current);

  useEffect(() => {
    if (info.unsupported !== null) return;
    let isCurrent = true;
    setDecoded({ status: 'loading' });
    void decodeImage(fileId, ref, { level, layer, face }).then((answer) => {
      if (!isCurrent) return;
      setDecoded(
        answer.ok
          ? { status: 'ok', image: answer.value }
          : { status: 'error', message: answer.error.message },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [fileId, ref, info.unsupported, level, layer, face]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || decoded.status !== 'ok') return;
    const { width, height, rgba } = decoded.image;
    canvas.width = width;
    canvas.height = height;
    canvas
      .getContext('2d')
      ?.putImageData(new ImageData(pixelsToDraw(rgba, channels), width, height), 0, 0);
  }, [decoded, channels]);

  // The wheel zooms (not scrolls) over the image: a listener that may cancel the scroll.
  // It steps from the scale shown now (Fit's, read from the canvas as drawn).
  useEffect(() => {
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      setZoom((current) =>
        stepZoom(current ?? shownScale(canvasRef.current), event.deltaY < 0 ? 1 : -1),
      );
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [stage]);

  const onStageKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = scaleNow();
    if (event.key === '+' || event.key === '=') setZoom(stepZoom(current, 1));
    else if (event.key === '-' || event.key === '_') setZoom(stepZoom(current, -1));
    else if (event.key === '0') setZoom(null);
    else if (event.key === '1') setZoom(1);
    else return;
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (decoded.status !== 'ok') return;
    setInspected(
      pixelUnder(
        { x: event.clientX, y: event.clientY },
        event.currentTarget.getBoundingClientRect(),
        decoded.image,
      ),
    );
  };

  const exportPng = async () => {
    setExportNote('Exporting…');
    const answer = await imagePng(fileId, ref, surface);
    if (!answer.ok) {
      setExportNote(`Could not export: ${answer.error.message}`);
      return;
    }
    const base = name.replace(/\.[^.]*$/, '');
    const suffix = [
      info.layers > 1 ? `-layer${layer}` : '',
      info.faces > 1 ? `-face${face}` : '',
      `-level${level}`,
    ].join('');
    saveBlob(answer.value, `${base}${suffix}.png`);
    setExportNote(null);
  };

  const isPixelated = (zoom ?? fitted ?? 1) > 1;
  const shownBox =
    zoom !== null
      ? { width: shownSize.width * zoom, height: shownSize.height * zoom }
      : fitted !== null
        ? fittedSize(shownSize, fitted)
        : null;
  return (
    <div className="image-view texture-view" data-testid="texture-view">
      <TextureControls
        info={info}
        surface={surface}
        onSurface={(next) => {
          setInspected(null);
          setSurface(next);
        }}
        channels={channels}
        onChannels={setChannels}
        zoom={zoom}
        fitScale={fitted}
        onZoom={setZoom}
        currentScale={scaleNow}
        canExport={image !== null}
        onExport={() => void exportPng()}
      />
      {exportNote !== null && (
        <p className="preview-note" role="status" data-testid="texture-export-note">
          {exportNote}
        </p>
      )}
      {info.unsupported !== null && (
        <p className="preview-error" role="alert" data-testid="texture-unsupported">
          {info.unsupported}
        </p>
      )}
      {decoded.status === 'error' && (
        <p className="preview-error" role="alert" data-testid="texture-error">
          {decoded.message}
        </p>
      )}
      {info.unsupported === null && (
        <div
          ref={setStage}
          className={
            zoom === null ? 'image-stage image-stage--fit' : 'image-stage image-stage--actual'
          }
          tabIndex={0}
          role="group"
          aria-label={`${name}: level ${level}, ${shownLevel.width} × ${shownLevel.height} px. + and − zoom, 0 fits, 1 shows 1:1`}
          aria-busy={decoded.status === 'loading'}
          data-testid="texture-stage"
          onKeyDown={onStageKey}
        >
          <canvas
            ref={canvasRef}
            className={channels.a ? 'texture-canvas image-checkerboard' : 'texture-canvas'}
            data-testid="texture-canvas"
            data-level={image ? level : undefined}
            data-width={image?.width}
            data-height={image?.height}
            data-fit-scale={fitted ?? undefined}
            style={{
              ...(shownBox && { width: `${shownBox.width}px`, height: `${shownBox.height}px` }),
              imageRendering: isPixelated ? 'pixelated' : 'auto',
            }}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setInspected(null)}
          />
        </div>
      )}
      <p className="image-facts texture-inspector" data-testid="pixel-inspector" aria-live="off">
        {inspectorText(inspected, image)}
      </p>
      <TextureFacts info={info} />
    </div>
  );
}

/** The scale the canvas is shown at (its CSS width over its pixels); 1 before it is drawn. */
function shownScale(canvas: HTMLCanvasElement | null): number {
  if (!canvas || canvas.width === 0 || canvas.clientWidth === 0) return 1;
  return canvas.clientWidth / canvas.width;
}

function inspectorText(at: { x: number; y: number } | null, image: DecodedImage | null): string {
  if (!at || !image) return 'Point at the image to read a pixel.';
  const offset = (at.y * image.width + at.x) * 4;
  const [r, g, b, a] = image.rgba.subarray(offset, offset + 4);
  return `x ${at.x}, y ${at.y}: R ${r} G ${g} B ${b} A ${a}`;
}
