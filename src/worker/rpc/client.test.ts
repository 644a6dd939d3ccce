/**
 * The spare decoder worker (FileDecoder.prewarm): handed to the next file, never to two, and
 * replaced once that file's open is done. A fake Worker stands in for the browser's; it
 * answers comlink's messages itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileDecoder } from './client.ts';

type Listener = (event: { data?: unknown; message?: string; preventDefault(): void }) => void;

class FakeWorker {
  static made: FakeWorker[] = [];
  /** Answers to `open` wait for this, when set. */
  static openGate: Promise<void> | null = null;
  readonly listeners = new Map<string, Set<Listener>>();
  readonly received: string[] = [];
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

  postMessage(message: { id?: string; type?: string; path?: string[] }): void {
    const name = message.path?.join('.') ?? message.type ?? '';
    this.received.push(name);
    if (message.id === undefined) return;
    const answer = () =>
      this.emit('message', {
        data: { id: message.id, type: 'RAW', value: { ok: false, error: { code: 'X' } } },
      });
    if (name === 'open' && FakeWorker.openGate) void FakeWorker.openGate.then(answer);
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
      new FileDecoder().terminate();
    } catch {
      // There was no spare (and no Worker to start one).
    }
    await settle();
    vi.unstubAllGlobals();
  });

  it('hands the spare to the next file only, and starts a new one once its open is done', async () => {
    FileDecoder.prewarm();
    FileDecoder.prewarm(); // one spare at a time
    expect(FakeWorker.made).toHaveLength(1);
    const spareWorker = FakeWorker.made[0];

    let release = () => undefined as void;
    FakeWorker.openGate = new Promise<void>((resolve) => (release = resolve));
    const first = new FileDecoder();
    const second = new FileDecoder();
    // The spare went to the first file; the second got a worker of its own.
    expect(FakeWorker.made).toHaveLength(2);
    const opening = first.open(new Blob(['x']), 'a.wad', () => undefined);
    expect(spareWorker?.received).toContain('open');
    expect(FakeWorker.made[1]?.received).not.toContain('open');

    // No new spare while the open runs: it would compete with it for the CPU.
    await settle();
    expect(FakeWorker.made).toHaveLength(2);
    release();
    await opening;
    await settle();
    expect(FakeWorker.made).toHaveLength(3);
    const third = new FileDecoder();
    expect(FakeWorker.made).toHaveLength(3); // it took the new spare
    expect(FakeWorker.made[2]?.received).toEqual([]);
    for (const decoder of [first, second, third]) decoder.terminate();
  });

  it('asks the worker for a document view once per file', async () => {
    const decoder = new FileDecoder();
    const worker = FakeWorker.made.at(-1)!;
    const first = decoder.documentView();
    const second = decoder.documentView();
    expect(second).toBe(first);
    await first;
    await decoder.documentView();
    expect(worker.received.filter((name) => name === 'documentView')).toHaveLength(1);
    decoder.terminate();
  });

  it('does not hand over a spare that failed to start', () => {
    FileDecoder.prewarm();
    FakeWorker.made[0]?.emit('error', { message: 'bad script' });
    const decoder = new FileDecoder();
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0]?.isTerminated).toBe(true);
    decoder.terminate();
  });
});
