/**
 * The spare decoder worker (FileDecoder.prewarm): handed to the next file, never to two, and
 * replaced once that file's open is done. A fake Worker stands in for the browser's; it
 * answers comlink's messages itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeRef, WARM_UP_DONE } from './api.ts';
import { DECODER_METHODS, FileDecoder, SPARE_QUIET_MS, SPARE_SETTING_KEY } from './client.ts';

interface WireMessage {
  id?: string;
  type?: string;
  path?: string[];
  argumentList?: unknown[];
}

type Listener = (event: { data?: unknown; message?: string; preventDefault(): void }) => void;

class FakeWorker {
  static made: FakeWorker[] = [];
  /** Answers to `open` wait for this, when set. */
  static openGate: Promise<void> | null = null;
  /** Answers to other methods wait for these, when set. */
  static gates = new Map<string, Promise<void>>();
  readonly listeners = new Map<string, Set<Listener>>();
  readonly received: string[] = [];
  readonly messages: WireMessage[] = [];
  isTerminated = false;

  constructor() {
    FakeWorker.made.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  emit(type: string, event: { data?: unknown; message?: string }): void {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ ...event, preventDefault: () => undefined });
    }
  }

  postMessage(message: WireMessage): void {
    const name = message.path?.join('.') ?? message.type ?? '';
    this.received.push(name);
    this.messages.push(message);
    if (message.id === undefined) return;
    const answer = () =>
      this.emit('message', {
        data: { id: message.id, type: 'RAW', value: { ok: false, error: { code: 'X' } } },
      });
    const gate = name === 'open' ? FakeWorker.openGate : FakeWorker.gates.get(name);
    if (gate) void gate.then(answer);
    else queueMicrotask(answer);
  }

  terminate(): void {
    this.isTerminated = true;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FileDecoder.prewarm', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    FakeWorker.openGate = null;
    FakeWorker.gates.clear();
    vi.stubGlobal('Worker', FakeWorker);
    // No requestIdleCallback under Node: the next spare is started on a timer.
    vi.stubGlobal('requestIdleCallback', undefined);
  });

  afterEach(async () => {
    // Leave no spare behind for the next test: let a pending one start, then take it with
    // Worker gone, so that taking it starts no other.
    await settle();
    vi.stubGlobal('Worker', undefined);
    try {
      FileDecoder.start().terminate();
    } catch {
      // There was no spare (and no Worker to start one).
    }
    await settle();
    vi.unstubAllGlobals();
  });

  it('hands the spare to the next file only, and starts a new one once its decoder is quiet', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      FileDecoder.prewarm();
      FileDecoder.prewarm(); // one spare at a time
      expect(FakeWorker.made).toHaveLength(1);
      const spareWorker = FakeWorker.made[0];

      let release = () => undefined as void;
      FakeWorker.openGate = new Promise<void>((resolve) => (release = resolve));
      const first = FileDecoder.start();
      const second = FileDecoder.start();
      // The spare went to the first file; the second got a worker of its own.
      expect(FakeWorker.made).toHaveLength(2);
      const opening = first.open([{ name: 'a.wad', blob: new Blob(['x']) }], () => undefined);
      expect(spareWorker?.received).toContain('open');
      expect(FakeWorker.made[1]?.received).not.toContain('open');

      // No new spare while the open runs: it would compete with it for the CPU.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(FakeWorker.made).toHaveLength(2);
      release();
      await opening;
      // Nor just after it: the first view is computed and drawn then.
      await vi.advanceTimersByTimeAsync(SPARE_QUIET_MS / 2);
      expect(FakeWorker.made).toHaveLength(2);
      // A call starts the wait again; a held one keeps it from ending.
      let answerView = () => undefined as void;
      const viewGate = new Promise<void>((resolve) => (answerView = resolve));
      FakeWorker.gates.set('documentView', viewGate);
      const view = first.documentView();
      await vi.advanceTimersByTimeAsync(SPARE_QUIET_MS * 3);
      expect(FakeWorker.made).toHaveLength(2);
      answerView();
      await view;
      await vi.advanceTimersByTimeAsync(SPARE_QUIET_MS - 100);
      expect(FakeWorker.made).toHaveLength(2);
      // Quiet for SPARE_QUIET_MS, then the page idle (a timer here): the next spare.
      await vi.advanceTimersByTimeAsync(200);
      expect(FakeWorker.made).toHaveLength(3);
      const third = FileDecoder.start();
      expect(FakeWorker.made).toHaveLength(3); // it took the new spare
      expect(FakeWorker.made[2]?.received).toEqual([]);
      for (const decoder of [first, second, third]) decoder.terminate();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not start the next spare while the person pans, scrolls or types', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) =>
      listeners.set(type, listener),
    );
    try {
      FileDecoder.prewarm();
      const decoder = FileDecoder.start();
      await decoder.open([{ name: 'a.wad', blob: new Blob(['x']) }], () => undefined);
      // The decoder is quiet, but a drag goes on for three seconds: no spare meanwhile.
      for (let step = 0; step < 12; step++) {
        await vi.advanceTimersByTimeAsync(250);
        listeners.get('pointermove')?.();
        expect(FakeWorker.made).toHaveLength(1);
      }
      expect(listeners.has('wheel') && listeners.has('keydown')).toBe(true);
      // A quiet second after the last move, then the page idle: the next spare.
      await vi.advanceTimersByTimeAsync(SPARE_QUIET_MS + 100);
      expect(FakeWorker.made).toHaveLength(2);
      decoder.terminate();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the next spare at once when the decoder that took it is closed', async () => {
    FileDecoder.prewarm();
    let release = () => undefined as void;
    FakeWorker.openGate = new Promise<void>((resolve) => (release = resolve));
    const decoder = FileDecoder.start();
    void decoder.open([{ name: 'a.wad', blob: new Blob(['x']) }], () => undefined);
    decoder.terminate();
    await settle();
    expect(FakeWorker.made).toHaveLength(2);
    release();
  });

  it('starts no spare when the page turned spares off; a file still gets its decoder', () => {
    const stored = new Map([[SPARE_SETTING_KEY, 'off']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    FileDecoder.prewarm();
    expect(FakeWorker.made).toHaveLength(0);
    const decoder = FileDecoder.start();
    expect(FakeWorker.made).toHaveLength(1);
    decoder.terminate();
    // Any other value keeps them on.
    stored.set(SPARE_SETTING_KEY, 'on');
    FileDecoder.prewarm();
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('asks the worker for a document view once per file, once it is open', async () => {
    const decoder = FileDecoder.start();
    const worker = FakeWorker.made.at(-1)!;
    let release = () => undefined as void;
    FakeWorker.openGate = new Promise((resolve) => (release = resolve));
    const opening = decoder.open([{ name: 'a.bin', blob: new Blob(['x']) }], () => undefined);
    // Asked while the file is read: each answer covers what was read then, so none is kept.
    await decoder.documentView();
    await decoder.documentView();
    expect(worker.received.filter((name) => name === 'documentView')).toHaveLength(2);
    // One still on its way when the open answers is not the opened file's: asked anew.
    const early = decoder.documentView();
    release();
    await opening;
    worker.received.length = 0;
    expect(decoder.documentView()).not.toBe(early);
    await early;
    const first = decoder.documentView();
    const second = decoder.documentView();
    expect(second).toBe(first);
    await first;
    await decoder.documentView();
    expect(worker.received.filter((name) => name === 'documentView')).toHaveLength(1);
    decoder.terminate();
  });

  it('is all quiet only once the spare is warm and no decoder has had a call for the time asked', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      let isQuiet = false;
      FileDecoder.prewarm();
      void FileDecoder.whenAllQuiet(2_000).then(() => (isQuiet = true));
      // The spare still warming up: no time is quiet enough.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(isQuiet).toBe(false);
      FakeWorker.made[0]?.emit('message', { data: { [WARM_UP_DONE]: 500 } });
      await vi.advanceTimersByTimeAsync(1_000);
      // A file opens: its open, held, keeps the page busy however long it takes.
      let release = () => undefined as void;
      FakeWorker.openGate = new Promise<void>((resolve) => (release = resolve));
      const decoder = FileDecoder.start();
      const opening = decoder.open([{ name: 'a.wad', blob: new Blob(['x']) }], () => undefined);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(isQuiet).toBe(false);
      release();
      await opening;
      await vi.advanceTimersByTimeAsync(1_900);
      expect(isQuiet).toBe(false);
      // Quiet for SPARE_QUIET_MS, the next spare started: it warms up, then the wait starts.
      expect(FakeWorker.made).toHaveLength(2);
      FakeWorker.made[1]?.emit('message', { data: { [WARM_UP_DONE]: 500 } });
      await vi.advanceTimersByTimeAsync(1_900);
      expect(isQuiet).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(isQuiet).toBe(true);
      decoder.terminate();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not hand over a spare that failed to start', () => {
    FileDecoder.prewarm();
    FakeWorker.made[0]?.emit('error', { message: 'bad script' });
    const decoder = FileDecoder.start();
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0]?.isTerminated).toBe(true);
    decoder.terminate();
  });
});

describe('FileDecoder calls', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    FakeWorker.openGate = null;
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has every method of the contract, each reaching the worker under its name', async () => {
    const decoder = FileDecoder.start();
    const worker = FakeWorker.made.at(-1)!;
    expect(DECODER_METHODS).toContain('addSources');
    expect(DECODER_METHODS).toContain('detectContent');
    for (const method of DECODER_METHODS) expect(typeof decoder[method]).toBe('function');
    await decoder.readRange(nodeRef(2), 0, 16);
    await decoder.addSources([]);
    expect(worker.received).toEqual(['readRange', 'addSources']);
    decoder.terminate();
  });

  it('sends callbacks as proxies, not as functions (which cannot be cloned)', async () => {
    const decoder = FileDecoder.start();
    const worker = FakeWorker.made.at(-1)!;
    await decoder.digest(nodeRef(0), () => undefined);
    const sent = worker.messages.find((message) => message.path?.[0] === 'digest');
    // comlink sends a proxy as a HANDLER wire value, carrying a port.
    expect(sent?.argumentList?.[1]).toMatchObject({ type: 'HANDLER', name: 'proxy' });
    decoder.terminate();
  });

  it('tells its crash listeners once, and is terminated by then', () => {
    const decoder = FileDecoder.start();
    const worker = FakeWorker.made.at(-1)!;
    const crashes: string[] = [];
    decoder.onCrash((message) => crashes.push(message));
    worker.emit('error', { message: 'boom' });
    worker.emit('error', { message: 'again' });
    expect(crashes).toEqual(['boom']);
    expect(worker.isTerminated).toBe(true);
  });
});
