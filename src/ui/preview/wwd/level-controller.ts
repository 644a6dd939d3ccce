/**
 * The level canvas outside React: camera, input (drag, wheel, keys), hit testing and drawing.
 * Redraws are coalesced into one requestAnimationFrame, and a frame draws only what the view
 * shows, so panning a 1000 × 1000 plane costs what panning a small one does. React hears of
 * zoom, hover and selection changes through callbacks; it never re-renders on a pan.
 */
import {
  centerOn,
  clampCamera,
  fitCamera,
  panBy,
  zoomAt,
  zoomLimits,
  ZOOM_STEP,
  type Camera,
  type Point,
  type Size,
} from './camera.ts';
import { hoverAt, type HoverInfo } from './hover.ts';
import { drawScene, readTheme, DEFAULT_THEME, type Theme } from './render.ts';
import { objectAtPoint } from './render-markers.ts';
import type { LevelArtStore } from './art-store.ts';
import { LevelCaches } from './render-tiles.ts';
import type { ObjectRef, Scene } from './scene.ts';

export type { HoverInfo };

export interface ControllerEvents {
  onZoom(zoom: number): void;
  onHover(info: HoverInfo | null): void;
  onSelect(ref: ObjectRef | null): void;
}

/** Keys the view handles besides the arrows. */
const VIEW_KEYS = new Set(['+', '=', '-', '_', '0', 'Home', 'Enter', ' ', 'Escape']);

/** Pointer travel (CSS px) under which a press is a click, not a drag. */
const CLICK_SLOP = 4;

export class LevelController {
  readonly caches = new LevelCaches();
  private scene: Scene | null = null;
  private camera: Camera | null = null;
  private view: Size = { width: 0, height: 0 };
  private theme: Theme = DEFAULT_THEME;
  private host: HTMLElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private frameRequest = 0;
  private selected: ObjectRef | null = null;
  private hovered: ObjectRef | null = null;
  private pointer: Point | null = null;
  private byKeyboard = false;
  private drag: { id: number; last: Point; travel: number } | null = null;
  private lastZoom = 0;
  /** Called once the first frame is on screen (art loads after it). */
  private afterFirstFrame: (() => void)[] = [];
  /** Frames drawn and the time of the last one, for the e2e timing and the perf readout. */
  frames = 0;
  lastFrameMs = 0;

  constructor(
    private readonly events: ControllerEvents,
    initialCamera: Camera | null = null,
  ) {
    this.camera = initialCamera;
  }

  attach(host: HTMLElement, canvas: HTMLCanvasElement): () => void {
    this.host = host;
    this.canvas = canvas;
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const schemeName = () => (scheme.matches ? 'dark' : 'light');
    this.theme = readTheme(host, schemeName());
    const resize = new ResizeObserver(() => this.measure());
    resize.observe(host);
    const onScheme = () => {
      this.theme = readTheme(host, schemeName());
      this.requestDraw();
    };
    scheme.addEventListener('change', onScheme);
    // A new devicePixelRatio (window moved to another screen) needs a sharper or softer canvas.
    let resolution: MediaQueryList | null = null;
    const onResolution = () => {
      resolution?.removeEventListener('change', onResolution);
      resolution = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      resolution.addEventListener('change', onResolution);
      this.requestDraw();
    };
    onResolution();
    const listeners: Array<[EventTarget, string, EventListener, AddEventListenerOptions?]> = [
      [canvas, 'pointerdown', this.onPointerDown as EventListener],
      [canvas, 'pointermove', this.onPointerMove as EventListener],
      [canvas, 'pointerup', this.onPointerUp as EventListener],
      [canvas, 'pointercancel', this.onPointerUp as EventListener],
      [canvas, 'pointerleave', this.onPointerLeave as EventListener],
      [canvas, 'wheel', this.onWheel as EventListener, { passive: false }],
      [host, 'keydown', this.onKeyDown as EventListener],
      [host, 'blur', this.onBlur as EventListener],
    ];
    for (const [target, type, listener, options] of listeners) {
      target.addEventListener(type, listener, options);
    }
    this.measure();
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', onScheme);
      resolution?.removeEventListener('change', onResolution);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
      cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
      this.host = null;
      this.canvas = null;
    };
  }

  /** A new scene (plane or options changed); `refit` fits the camera to its world. */
  setScene(scene: Scene, refit: boolean): void {
    this.scene = scene;
    if (refit) this.camera = null;
    this.ensureCamera();
    this.updateHover();
    this.requestDraw();
  }

  /** The level's game art (null: stand-ins only); the map redraws as it arrives. */
  setArt(art: LevelArtStore | null): () => void {
    this.caches.art = art;
    this.requestDraw();
    return art ? art.subscribe(() => this.requestDraw()) : () => undefined;
  }

  /** Runs `callback` once the first frame has been drawn and painted. */
  whenFirstFrame(callback: () => void): void {
    if (this.frames > 0) setTimeout(callback, 0);
    else this.afterFirstFrame.push(callback);
  }

  setSelected(ref: ObjectRef | null): void {
    this.selected = ref;
    this.requestDraw();
  }

  getCamera(): Camera | null {
    return this.camera;
  }

  /** The canvas drawn on, while attached (for "export view"). */
  get element(): HTMLCanvasElement | null {
    return this.canvas;
  }

  /** Colours read from the view's CSS variables. */
  get currentTheme(): Theme {
    return this.theme;
  }

  zoomBy(factor: number): void {
    this.zoomAround(factor, this.view.width / 2, this.view.height / 2);
  }

  fit(): void {
    if (!this.scene) return;
    this.setCamera(fitCamera(this.scene.world, this.view), false);
  }

  /** Centres the view on a world point, zooming in to at least `minZoom`. */
  centerOnPoint(x: number, y: number, minZoom = 0.5): void {
    if (!this.camera || !this.scene) return;
    const limits = zoomLimits(this.scene.world, this.view);
    const zoom = Math.min(limits.max, Math.max(this.camera.zoom, minZoom));
    this.setCamera(centerOn({ ...this.camera, zoom }, x, y, this.view), false);
  }

  private ensureCamera(): void {
    if (!this.scene || this.view.width <= 0 || this.view.height <= 0) return;
    if (!this.camera) this.camera = fitCamera(this.scene.world, this.view);
    this.camera = clampCamera(this.camera, this.scene.world, this.view);
    if (this.camera.zoom !== this.lastZoom) {
      this.lastZoom = this.camera.zoom;
      this.events.onZoom(this.camera.zoom);
    }
  }

  private setCamera(camera: Camera, isPan: boolean): void {
    this.camera = camera;
    this.ensureCamera();
    if (!isPan || this.byKeyboard || this.pointer) this.updateHover();
    this.requestDraw();
  }

  private zoomAround(factor: number, x: number, y: number): void {
    if (!this.camera || !this.scene) return;
    const limits = zoomLimits(this.scene.world, this.view);
    this.setCamera(zoomAt(this.camera, factor, x, y, limits), false);
  }

  private measure(): void {
    const host = this.host;
    if (!host) return;
    // The canvas fills the host's padding box: its size without the border.
    const width = Math.max(0, host.clientWidth);
    const height = Math.max(0, host.clientHeight);
    if (width === this.view.width && height === this.view.height) return;
    // Keep the world point at the centre where it is (a legend line appearing, a pane resized).
    if (this.camera && this.view.width > 0 && this.view.height > 0) {
      const { zoom } = this.camera;
      this.camera = {
        zoom,
        x: this.camera.x + (this.view.width - width) / 2 / zoom,
        y: this.camera.y + (this.view.height - height) / 2 / zoom,
      };
    }
    this.view = { width, height };
    this.ensureCamera();
    this.requestDraw();
  }

  requestDraw(): void {
    if (this.frameRequest !== 0 || !this.canvas) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      this.draw();
    });
  }

  private draw(): void {
    const canvas = this.canvas;
    if (!canvas || !this.scene || !this.camera) return;
    const started = performance.now();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.view.width * ratio));
    const height = Math.max(1, Math.round(this.view.height * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const context = canvas.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, width, height);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const crosshair = this.byKeyboard ? { x: this.view.width / 2, y: this.view.height / 2 } : null;
    drawScene(
      context,
      this.scene,
      this.caches,
      {
        camera: this.camera,
        view: this.view,
        selected: this.selected,
        hovered: this.hovered,
        crosshair,
      },
      this.theme,
    );
    this.frames++;
    this.lastFrameMs = performance.now() - started;
    canvas.dataset['frames'] = String(this.frames);
    if (this.afterFirstFrame.length > 0) {
      const waiting = this.afterFirstFrame;
      this.afterFirstFrame = [];
      // After the browser has painted this frame: nothing of the art comes before it.
      setTimeout(() => waiting.forEach((callback) => callback()), 0);
    }
    canvas.dataset['frameMs'] = this.lastFrameMs.toFixed(2);
    // Where the level lies in the view (CSS px: left top width height), to check it stays in sight.
    const { x, y, zoom } = this.camera;
    const { width: worldWidth, height: worldHeight } = this.scene.world;
    canvas.dataset['worldRect'] = [-x * zoom, -y * zoom, worldWidth * zoom, worldHeight * zoom]
      .map((value) => Math.round(value))
      .join(' ');
  }

  /** Recomputes what is under the pointer (or the keyboard crosshair) and tells React. */
  private updateHover(): void {
    const { scene, camera } = this;
    const point = this.byKeyboard
      ? { x: this.view.width / 2, y: this.view.height / 2 }
      : this.pointer;
    const info =
      scene && camera && point ? hoverAt(scene, camera, point, this.view, this.byKeyboard) : null;
    this.setHovered(info?.object ?? null);
    this.events.onHover(info);
  }

  private setHovered(ref: ObjectRef | null): void {
    if (ref?.plane === this.hovered?.plane && ref?.index === this.hovered?.index) return;
    this.hovered = ref;
    this.requestDraw();
  }

  private viewPoint(event: PointerEvent | WheelEvent): Point {
    const rect = this.canvas!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    this.host?.focus({ preventScroll: true });
    this.byKeyboard = false;
    this.drag = { id: event.pointerId, last: this.viewPoint(event), travel: 0 };
    try {
      this.canvas?.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is no longer active (or a synthetic one): drag without capture.
    }
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const point = this.viewPoint(event);
    this.pointer = point;
    this.byKeyboard = false;
    const drag = this.drag;
    if (drag && drag.id === event.pointerId && this.camera) {
      const dx = point.x - drag.last.x;
      const dy = point.y - drag.last.y;
      drag.travel += Math.abs(dx) + Math.abs(dy);
      drag.last = point;
      if (drag.travel >= CLICK_SLOP) {
        this.canvas?.classList.add('is-dragging');
        this.setCamera(panBy(this.camera, dx, dy), true);
        return;
      }
    }
    this.updateHover();
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || drag.id !== event.pointerId) return;
    this.drag = null;
    this.canvas?.classList.remove('is-dragging');
    if (this.canvas?.hasPointerCapture(event.pointerId)) {
      this.canvas.releasePointerCapture(event.pointerId);
    }
    if (event.type === 'pointerup' && drag.travel < CLICK_SLOP && this.scene && this.camera) {
      const point = this.viewPoint(event);
      const ref = objectAtPoint(this.scene.objectPlanes, this.camera, point.x, point.y);
      this.events.onSelect(ref);
    }
  };

  private readonly onPointerLeave = (): void => {
    if (this.drag) return;
    this.pointer = null;
    if (!this.byKeyboard) this.updateHover();
  };

  private readonly onWheel = (event: WheelEvent): void => {
    event.preventDefault();
    const point = this.viewPoint(event);
    // Lines and pages are coarse steps; pixels (trackpads) are fine-grained.
    const delta =
      event.deltaMode === 1
        ? event.deltaY * 33
        : event.deltaMode === 2
          ? event.deltaY * 400
          : event.deltaY;
    const factor = Math.exp(-Math.max(-300, Math.min(300, delta)) * 0.0015);
    this.pointer = point;
    this.zoomAround(factor, point.x, point.y);
  };

  private readonly onBlur = (): void => {
    if (!this.byKeyboard) return;
    this.byKeyboard = false;
    this.updateHover();
    this.requestDraw();
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.target !== this.host || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!this.camera) return;
    const step = (event.shiftKey ? 0.5 : 0.125) * Math.min(this.view.width, this.view.height);
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const pan = pans[event.key];
    if (!pan && !VIEW_KEYS.has(event.key)) return;
    event.preventDefault();
    this.byKeyboard = true;
    if (pan) this.setCamera(panBy(this.camera, pan[0], pan[1]), true);
    else if (event.key === '+' || event.key === '=') this.zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') this.zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0' || event.key === 'Home') this.fit();
    else if (event.key === 'Enter' || event.key === ' ') {
      const ref = this.scene
        ? objectAtPoint(
            this.scene.objectPlanes,
            this.camera,
            this.view.width / 2,
            this.view.height / 2,
          )
        : null;
      if (ref) this.events.onSelect(ref);
    } else if (event.key === 'Escape') this.events.onSelect(null);
    this.updateHover();
    this.requestDraw();
  };
}
