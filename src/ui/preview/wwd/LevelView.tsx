/**
 * The level view of a WWD file: a map of one plane (or all planes stacked by z) drawn without
 * game art, with zoom and pan, the tile-attribute overlay, object markers, the start flag, a
 * hover readout, an object list and panel, a legend and PNG export. The map itself is drawn
 * by LevelController outside React; this component owns the choices and wires the parts.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import type { ViewLinkState } from '../../../state/deep-link.ts';
import { useViewLinkState } from '../../../state/deep-link-hooks.ts';
import { saveBlob } from '../../../state/download.ts';
import { askView, useFile } from '../../../state/hooks.ts';
import { DocumentViewGate } from '../DocumentViewGate.tsx';
import { ZOOM_STEP } from './camera.ts';
import {
  exportFileName,
  exportScale,
  exportSize,
  scaleText,
  viewPng,
  worldPng,
} from './export-png.ts';
import { levelArtStore, type ArtAsk } from './art-store.ts';
import { ArtNote } from './ArtNote.tsx';
import { LevelCanvas, TileReadout } from './LevelCanvas.tsx';
import { LevelController, type HoverInfo } from './level-controller.ts';
import { recallView, rememberView } from './level-memory.ts';
import { levelLinkParams, readLevelLink } from './link-state.ts';
import { LevelLegend } from './LevelLegend.tsx';
import { defaultPlaneIndex, mainPlaneIndex, planeSummary } from './level-model.ts';
import { levelViewData, type WwdLevelView } from './level-types.ts';
import { LevelToolbar } from './LevelToolbar.tsx';
import { ObjectPanel } from './ObjectPanel.tsx';
import {
  buildScene,
  listedPlanes,
  type ObjectRef,
  type PlaneMode,
  type SceneOptions,
} from './scene.ts';
import { TILE_FILL } from './tile-colors.ts';
import { createValueStore } from './value-store.ts';
import './level-view.css';

export interface LevelViewProps {
  fileId: string;
}

/** The `wwd-level` view of a file (the file pane of this folder's plug-in, plugin.ts). */
export function LevelView({ fileId }: LevelViewProps): ReactElement {
  const link = useViewLinkState(fileId, null);
  return (
    <DocumentViewGate
      fileId={fileId}
      className="level-view"
      testId="level-view"
      what="the level"
      isNot="does not decode to a level"
      noteClassName="lv-note"
      check={levelViewData}
    >
      {(data, fileName) => (
        <LevelViewer
          // A link restored while the view is shown starts it afresh in the link's state.
          key={`${fileId} ${JSON.stringify(link.wanted)}`}
          fileId={fileId}
          wanted={link.wanted}
          onReport={link.report}
          level={data.level}
          objectEntries={data.objectEntries}
          fileName={fileName}
        />
      )}
    </DocumentViewGate>
  );
}

const DEFAULT_OPTIONS: SceneOptions = { showOverlay: false, showObjects: true, showNoDraw: false };

type ExportState = { status: 'idle' } | { status: 'busy' | 'done' | 'error'; text: string };

function LevelViewer({
  fileId,
  wanted,
  onReport,
  level,
  objectEntries,
  fileName,
}: {
  fileId: string;
  /** The state a restored link asks for (plane, zoom, centre, object); null: none. */
  wanted: ViewLinkState | null;
  /** Reports the plane, zoom, centre and object shown, for links. */
  onReport: (state: ViewLinkState) => void;
  level: WwdLevelView;
  /** Tree node of each object, per plane: its fields come from the worker. */
  objectEntries: number[][];
  fileName: string;
}): ReactElement {
  const id = useId();
  const [memory] = useState(() => recallView(fileId));
  const [fromLink] = useState(() => (wanted ? readLevelLink(wanted, level) : null));
  const [mode, setMode] = useState<PlaneMode>(
    fromLink?.mode ?? memory?.mode ?? defaultPlaneIndex(level.planes),
  );
  const [options, setOptions] = useState<SceneOptions>(memory?.options ?? DEFAULT_OPTIONS);
  const [selected, setSelected] = useState<ObjectRef | null>(
    fromLink ? fromLink.selected : (memory?.selected ?? null),
  );
  const [exportState, setExportState] = useState<ExportState>({ status: 'idle' });
  const [zoom] = useState(() => createValueStore(0));
  const [hover] = useState(() => createValueStore<HoverInfo | null>(null));
  const [controller] = useState(
    () =>
      new LevelController(
        {
          onZoom: (value) => zoom.set(value),
          onHover: (info) => hover.set(info),
          onSelect: setSelected,
        },
        fromLink ? null : (memory?.camera ?? null),
      ),
  );
  // A link's zoom and centre apply once the map has its scene and its size.
  const linkCamera = useRef(fromLink);

  // Game art: once an archive is a source beside the level, loaded after the first frame.
  const summary = useFile(fileId)?.summary;
  const sourceNames = summary?.sources ?? [];
  const sourcesKey = sourceNames.join('\n');
  const hasArchive = sourceNames.length > 1;
  const missingArchive = summary?.missingSources[0]?.name ?? null;
  const artStore = useMemo(() => {
    if (!hasArchive) return null;
    const ask: ArtAsk = (query) => askView(fileId, query);
    return levelArtStore(`${fileId}\n${sourcesKey}`, level, ask);
  }, [fileId, sourcesKey, hasArchive, level]);
  const firstPlane = useRef(typeof mode === 'number' ? mode : null);
  // The object list (thousands of rows, measured by its virtual list) waits for the map's
  // first frame: nothing but the map and its header is built before it.
  const [isMapPainted, setMapPainted] = useState(false);
  useEffect(() => controller.whenFirstFrame(() => setMapPainted(true)), [controller]);
  useEffect(() => {
    const stop = controller.setArt(artStore);
    if (artStore) controller.whenFirstFrame(() => artStore.start(firstPlane.current));
    return stop;
  }, [controller, artStore]);

  const scene = useMemo(() => buildScene(level, mode, options), [level, mode, options]);
  const shownMode = useRef(mode);
  useEffect(() => {
    const refit = shownMode.current !== mode;
    shownMode.current = mode;
    controller.setScene(scene, refit);
    const wish = linkCamera.current;
    const camera = controller.getCamera();
    if (wish && camera) {
      linkCamera.current = null;
      if (wish.zoom !== null) controller.zoomBy(wish.zoom / camera.zoom);
      if (wish.center !== null) controller.centerOnPoint(wish.center.x, wish.center.y, 0);
    }
  }, [controller, scene, mode]);
  useEffect(() => controller.setSelected(selected), [controller, selected]);

  // Links carry the plane, zoom, centre and object: reported when any of them changes.
  const latestLink = useRef({ mode, selected });
  const reportView = useCallback(() => {
    const canvas = controller.element;
    const size = { width: canvas?.clientWidth ?? 0, height: canvas?.clientHeight ?? 0 };
    const { mode: shown, selected: picked } = latestLink.current;
    onReport(levelLinkParams(shown, controller.getCamera(), size, picked));
  }, [controller, onReport]);
  useEffect(() => {
    latestLink.current = { mode, selected };
    reportView();
  }, [mode, selected, reportView]);
  useEffect(() => zoom.subscribe(reportView), [zoom, reportView]);

  // Remember the view for the next time this file's row is selected.
  const latest = useRef({ mode, options, selected });
  useEffect(() => {
    latest.current = { mode, options, selected };
  }, [mode, options, selected]);
  useEffect(
    () => () => rememberView(fileId, { ...latest.current, camera: controller.getCamera() }),
    [fileId, controller],
  );

  const planesWithFill = useMemo(
    () =>
      new Set(
        level.planes.filter((plane) => plane.tiles.includes(TILE_FILL)).map((plane) => plane.index),
      ),
    [level],
  );
  const objectPlanes = useMemo(() => listedPlanes(level, mode), [level, mode]);
  const selectedObject = selected
    ? (level.planes[selected.plane]?.objects[selected.index] ?? null)
    : null;

  const centerOn = useCallback(
    (ref: ObjectRef) => {
      const object = level.planes[ref.plane]?.objects[ref.index];
      if (object) controller.centerOnPoint(object.x, object.y);
      reportView();
    },
    [controller, level, reportView],
  );
  const selectFromList = useCallback(
    (ref: ObjectRef) => {
      setSelected(ref);
      setOptions((current) => (current.showObjects ? current : { ...current, showObjects: true }));
      centerOn(ref);
    },
    [centerOn],
  );

  const planeLabel = mode === 'all' ? 'all-planes' : (level.planes[mode]?.name ?? `plane${mode}`);
  const scale = exportScale(scene.world);
  const planeSize = exportSize(scene.world, scale);
  const planeExportText = `${planeSize.width.toLocaleString('en-US')} × ${planeSize.height.toLocaleString('en-US')} px at ${scaleText(scale)}`;
  const exportRun = useRef(0);

  const exportView = () => {
    const canvas = controller.element;
    if (!canvas) return;
    const name = exportFileName(fileName, planeLabel, 'view');
    viewPng(canvas).then(
      (blob) => {
        saveBlob(blob, name);
        setExportState({
          status: 'done',
          text: `Saved ${name} (${canvas.width.toLocaleString('en-US')} × ${canvas.height.toLocaleString('en-US')} px).`,
        });
      },
      (error: unknown) =>
        setExportState({ status: 'error', text: `Exporting the view failed: ${String(error)}` }),
    );
  };

  const exportPlane = () => {
    const run = ++exportRun.current;
    const name = exportFileName(fileName, planeLabel, 'plane');
    setExportState({ status: 'busy', text: `Drawing ${name}: ${planeExportText}…` });
    const theme = controller.currentTheme;
    // Let the status paint before the (synchronous) drawing starts.
    setTimeout(() => {
      if (run !== exportRun.current) return;
      worldPng(scene, controller.caches, theme, selected, scale).then(
        (blob) => {
          if (run !== exportRun.current) return;
          saveBlob(blob, name);
          setExportState({ status: 'done', text: `Saved ${name}: ${planeExportText}.` });
        },
        (error: unknown) => {
          if (run !== exportRun.current) return;
          setExportState({
            status: 'error',
            text: `Exporting ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
          });
        },
      );
    }, 30);
  };
  const cancelExport = () => {
    exportRun.current++;
    setExportState({ status: 'idle' });
  };

  const focus = scene.focus;
  const planeInfo =
    mode === 'all'
      ? `${scene.layers.length} of ${level.planes.length} planes stacked by z · ${scene.world.width.toLocaleString('en-US')} × ${scene.world.height.toLocaleString('en-US')} px`
      : focus
        ? planeSummary(focus)
        : 'This level has no planes.';
  const mainIndex = mainPlaneIndex(level.planes);
  const hasMainPlane = mode === 'all' ? mainIndex >= 0 : mode === mainIndex;
  const mainPlane = level.planes[mainIndex];
  const emptyText =
    mode !== 'all' && mainPlane && mainPlane.objects.length > 0 && mode !== mainIndex
      ? `This plane has no objects; they are on ${mainPlane.name || `plane #${mainIndex}`}.`
      : 'This plane has no objects.';

  return (
    <section
      className="level-view"
      data-testid="level-view"
      data-state="ready"
      aria-label={`Level view of ${fileName}`}
    >
      <header className="lv-header">
        <h2 className="lv-title" title={level.header.name}>
          {level.header.name || fileName}
        </h2>
        <p className="lv-plane-info" data-testid="plane-info">
          {planeInfo}
        </p>
      </header>
      <ArtNote level={level} store={artStore} missingArchive={missingArchive} />
      <LevelToolbar
        level={level}
        mode={mode}
        onMode={(next) => {
          setMode(next);
          if (selected && next !== 'all' && selected.plane !== next) setSelected(null);
        }}
        zoom={zoom}
        onZoomIn={() => controller.zoomBy(ZOOM_STEP)}
        onZoomOut={() => controller.zoomBy(1 / ZOOM_STEP)}
        onFit={() => {
          controller.fit();
          reportView();
        }}
        options={options}
        onOptions={setOptions}
        hasMainPlane={hasMainPlane}
        onExportView={exportView}
        onExportPlane={exportPlane}
        planeExportText={planeExportText}
        isExporting={exportState.status === 'busy'}
      />
      {exportState.status !== 'idle' && (
        <p
          className={`lv-export-status lv-export-status--${exportState.status}`}
          role="status"
          data-testid="export-status"
        >
          {exportState.text}{' '}
          {exportState.status === 'busy' ? (
            <button type="button" className="button" onClick={cancelExport}>
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="button-quiet"
              aria-label="Dismiss"
              onClick={cancelExport}
            >
              ×
            </button>
          )}
        </p>
      )}
      <div className="lv-body">
        {/* Pans end in a pointer release, a key release or a wheel turn: the link follows. */}
        <div className="lv-map" onPointerUp={reportView} onKeyUp={reportView} onWheel={reportView}>
          <LevelCanvas
            controller={controller}
            hover={hover}
            level={level}
            label={`Map of ${planeInfo}`}
            instructionsId={`${id}-keys`}
          />
          <TileReadout hover={hover} level={level} />
          <p id={`${id}-keys`} className="lv-keys muted">
            Drag or use the arrow keys to pan (Shift: farther); wheel or + and − to zoom; 0 fits.
            Click an object (or Enter on the crosshair) to select it; Esc clears.
          </p>
        </div>
        <aside className="lv-side" aria-label="Objects">
          {isMapPainted ? (
            <ObjectPanel
              planes={objectPlanes}
              selected={selected}
              selectedObject={selectedObject}
              selectedEntry={
                selected ? (objectEntries[selected.plane]?.[selected.index] ?? -1) : -1
              }
              fileId={fileId}
              onSelect={selectFromList}
              onCenter={centerOn}
              emptyText={emptyText}
            />
          ) : (
            <p className="muted lv-objects-empty">Objects…</p>
          )}
        </aside>
      </div>
      <LevelLegend
        hasArt={artStore !== null}
        scene={scene}
        options={options}
        isStacked={mode === 'all'}
        planesWithFill={planesWithFill}
      />
    </section>
  );
}
