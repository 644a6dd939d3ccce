/**
 * "Try a sample": the demos `npm run samples` writes to public/samples/, listed in
 * samples/samples.json (`[{format, label, files}]`, paths relative to samples/). One sample:
 * a plain button that opens it. Several: a menu button (the ARIA menu-button pattern: arrows
 * move, Escape closes and returns to the button). URLs are relative to the page, so the app
 * works from any sub-path it is hosted under.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useActions } from '../../state/hooks.ts';
import { describeError } from '../dropzone/folder-walk.ts';
import { notify } from '../dropzone/notify.ts';
import { focusTreeWhenShown } from '../tree/focus-tree.ts';

const MANIFEST_PATH = 'samples/samples.json';

/** One entry of samples.json. */
export interface SampleInfo {
  format: string;
  label: string;
  /** Paths relative to samples/, e.g. `demo.wad` or `wows/bin/1234/idx/a.idx`. */
  files: string[];
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The samples of a parsed samples.json; entries of another shape are skipped. */
export function samplesOf(json: unknown): SampleInfo[] {
  if (!Array.isArray(json)) throw new Error('not a list of samples');
  return json.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { format, label, files } = entry as Record<string, unknown>;
    if (typeof format !== 'string' || typeof label !== 'string') return [];
    if (!isStringArray(files) || files.length === 0) return [];
    return [{ format, label, files }];
  });
}

/** Fetched once per page; a failure is kept so the click that needs it can report it. */
let manifest: Promise<SampleInfo[]> | null = null;

function loadManifest(): Promise<SampleInfo[]> {
  manifest ??= (async () => {
    const response = await fetch(new URL(MANIFEST_PATH, document.baseURI));
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    return samplesOf(await response.json());
  })();
  return manifest;
}

export function SampleMenu(): ReactElement {
  const { openSample } = useActions();
  const [samples, setSamples] = useState<SampleInfo[] | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const hasMenu = samples !== null && samples.length > 1;

  useEffect(() => {
    let isCurrent = true;
    loadManifest().then(
      (loaded) => isCurrent && setSamples(loaded),
      // Reported when the button is used: a page that never asks for a sample is not bothered.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  // Open: the first item takes focus; a press outside closes the menu.
  useEffect(() => {
    if (!isOpen) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const open = async (sample: SampleInfo) => {
    // The menu item about to go had the focus: the button keeps it while the sample loads
    // (so it is not dropped to the page), then the opened files take it.
    const hadFocus = containerRef.current?.contains(document.activeElement) === true;
    if (hadFocus) buttonRef.current?.focus();
    setIsOpen(false);
    setIsLoading(true);
    try {
      await openSample(
        sample.files.map((path) => ({
          url: new URL(`samples/${path}`, document.baseURI).href,
          path,
        })),
      );
    } finally {
      setIsLoading(false);
    }
    if (hadFocus && document.activeElement === buttonRef.current) await focusTreeWhenShown();
  };

  const onButton = async () => {
    if (isLoading) return;
    let loaded: SampleInfo[];
    try {
      loaded = await loadManifest();
    } catch (error) {
      notify('error', `${MANIFEST_PATH}: could not be loaded: ${describeError(error)}`);
      return;
    }
    setSamples(loaded);
    const [only] = loaded;
    if (!only) notify('info', `${MANIFEST_PATH}: no samples listed`);
    else if (loaded.length === 1) await open(only);
    else setIsOpen((wasOpen) => !wasOpen);
  };

  const closeMenu = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') closeMenu();
    else if (event.key === 'Tab') setIsOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="sample-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button"
        data-testid="sample-button"
        title="Open a demo made by Delve's own writers"
        // Not `disabled`: a disabled button loses the focus, which would fall to the page.
        aria-disabled={isLoading || undefined}
        aria-haspopup={hasMenu ? 'menu' : undefined}
        aria-expanded={hasMenu ? isOpen : undefined}
        aria-controls={hasMenu && isOpen ? menuId : undefined}
        onClick={() => void onButton()}
        onKeyDown={(event) => {
          if (hasMenu && event.key === 'ArrowDown') {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
      >
        {isLoading ? 'Loading sample…' : 'Try a sample'}
        {hasMenu && !isLoading && <span aria-hidden="true"> ▾</span>}
      </button>
      {hasMenu && isOpen && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Samples"
          className="sample-menu-list"
          data-testid="sample-menu"
          onKeyDown={onMenuKeyDown}
        >
          {samples.map((sample) => (
            <li key={sample.format} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="sample-menu-item"
                data-testid={`sample-${sample.format}`}
                onClick={() => void open(sample)}
              >
                {sample.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
