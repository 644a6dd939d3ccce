/**
 * Headless Chromium for the bench (the same binary and flags as e2e), the page probe, and a
 * JS-heap sampler over CDP that covers the page and its workers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(headed: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: !headed,
  });
}

const PROBE = readFileSync(join(import.meta.dirname, 'page-probe.js'), 'utf8');

/**
 * A fresh page of the app with the probe installed, loaded and idle; `initScript` runs
 * before the app's scripts as well (after the probe).
 */
export async function openAppPage(
  browser: Browser,
  url: string,
  options: { initScript?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE });
  if (options.initScript) await page.addInitScript({ content: options.initScript });
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await page.goto(url);
  await page.getByTestId('file-input').waitFor({ state: 'attached' });
  // A person takes seconds to choose a file; by then the spare decoder worker started at
  // page load has warmed up (src/worker/warm-up.ts). Wait for that instead of racing it.
  await page.waitForFunction(
    () => performance.getEntriesByName('delve:decoder-warm').length > 0,
    null,
    {
      timeout: 15_000,
    },
  );
  return page;
}

/** How long the spare decoder's warm-up took in `page` (ms), from its performance mark. */
export async function warmUpMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [mark] = performance.getEntriesByName('delve:decoder-warm') as PerformanceMark[];
    return (mark?.detail as { warmUpMs?: number } | undefined)?.warmUpMs ?? Number.NaN;
  });
}

/**
 * A script for `openAppPage`'s `initScript`: a click on an element inside `selector` marks
 * `mark` in the probe's clock, before the app handles the click.
 */
export function markClickScript(selector: string, mark: string): string {
  return `
document.addEventListener('click', (event) => {
  const target = event.target;
  if (target instanceof Element && target.closest(${JSON.stringify(selector)}))
    window.__probe.marks[${JSON.stringify(mark)}] = performance.now();
}, true);
`;
}

/**
 * Fetches `url` (a file the bench serves) into `page` as a File named `name`, kept for
 * `dropFetchedFile`: fetched first, so the drop times the app, not the transfer.
 */
export async function fetchAsFile(page: Page, url: string, name: string): Promise<void> {
  await page.evaluate(
    async ([fileUrl, fileName]) => {
      const blob = await (await fetch(fileUrl!)).blob();
      (window as unknown as { benchFile: File }).benchFile = new File([blob], fileName!);
    },
    [url, name],
  );
}

/** Drops the file `fetchAsFile` fetched on the page, as a user would; the probe marks `drop`. */
export async function dropFetchedFile(page: Page): Promise<void> {
  await page.evaluate(() => {
    const window_ = window as unknown as ProbeWindow & { benchFile: File };
    window_.__probe.drop(window_.benchFile);
  });
}

export async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

/** Arms a DOM condition in the probe; `waitMark` then waits until it held and a frame passed. */
export async function arm(
  page: Page,
  name: string,
  kind: 'selector' | 'text' | 'enabled',
  selector: string,
  text = '',
): Promise<void> {
  await page.evaluate(
    ([n, k, s, t]) => (window as unknown as ProbeWindow).__probe.arm(n!, k!, s!, t!),
    [name, kind, selector, text],
  );
}

export async function waitMark(page: Page, name: string, timeoutMs = 600_000): Promise<number> {
  const handle = await page.waitForFunction(
    (n) => (window as unknown as ProbeWindow).__probe.marks[n] ?? null,
    name,
    {
      timeout: timeoutMs,
      polling: 50,
    },
  );
  return (await handle.jsonValue()) as number;
}

export async function marks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({ ...(window as unknown as ProbeWindow).__probe.marks }));
}

export interface LongTask {
  start: number;
  duration: number;
}

export async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  const all = await page.evaluate(() => (window as unknown as ProbeWindow).__probe.longtasks);
  return all.filter((task) => task.start + task.duration >= from && task.start <= to);
}

/** A long animation frame: its scripts (by invoker and source) and its style and layout time. */
export interface LongFrame {
  start: number;
  duration: number;
  layoutMs: number;
  scripts: { invoker: string; source: string; name: string; duration: number }[];
}

/** What ran in the long animation frames between two page times, one line each. */
export async function longFramesBetween(page: Page, from: number, to: number): Promise<string[]> {
  const all = await page.evaluate(() => (window as unknown as ProbeWindow).__probe.frames);
  return all
    .filter((frame) => frame.start + frame.duration >= from && frame.start <= to)
    .map((frame) => {
      const scripts = frame.scripts
        .filter((script) => script.duration >= 5)
        .map(
          (script) =>
            `${script.invoker} ${script.name} ${script.source} ${script.duration.toFixed(0)} ms`,
        );
      return `${frame.duration.toFixed(0)} ms frame at ${(frame.start - from).toFixed(0)} ms: layout ${frame.layoutMs.toFixed(0)} ms; ${scripts.join('; ') || 'no script over 5 ms'}`;
    });
}

export interface WorkerCall {
  name: string;
  start: number;
  end: number | null;
}

export async function workerCalls(page: Page, name: string): Promise<WorkerCall[]> {
  return page.evaluate(
    (n) => (window as unknown as ProbeWindow).__probe.calls.filter((call) => call.name === n),
    name,
  );
}

/** Waits until the `nth` call of a worker method is answered; its sent and answered times. */
export async function answeredCall(
  page: Page,
  name: string,
  nth: number,
  timeoutMs: number,
): Promise<{ start: number; end: number }> {
  const handle = await page.waitForFunction(
    ({ name, nth }) => {
      const calls = (window as unknown as ProbeWindow).__probe.calls.filter(
        (call) => call.name === name,
      );
      const call = calls[nth];
      return call && call.end !== null ? { start: call.start, end: call.end } : null;
    },
    { name, nth },
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as { start: number; end: number };
}

/** What the probe adds to `window` (page-probe.js). */
export interface ProbeWindow {
  __probe: {
    marks: Record<string, number>;
    longtasks: LongTask[];
    frames: LongFrame[];
    calls: WorkerCall[];
    arm(name: string, kind: string, selector: string, text: string): void;
    scrollRun(positions: number[]): Promise<ScrollRun>;
    drop(file: File): void;
    panRun(steps: number, dx: number, dy: number): Promise<PanRun>;
  };
}

export interface PanRun {
  /** rAF-to-rAF intervals, ms. */
  frames: number[];
  /** The level view's own draw time at each frame, ms. */
  drawMs: number[];
  /** Frames the view drew meanwhile. */
  drawn: number;
}

export interface ScrollRun {
  frames: number[];
  loading: number[];
  maxRow: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * Samples `Runtime.getHeapUsage` of the page and of every worker target every `intervalMs`.
 * Workers are reached through a browser-level session (attachToTarget, not flattened),
 * since Playwright's CDP sessions are per page.
 */
export class HeapSampler {
  private timer: NodeJS.Timeout | null = null;
  private readonly workerSessions = new Map<string, string>();
  private readonly pending = new Map<number, (value: HeapUsage) => void>();
  private nextId = 1;
  private busy = false;
  peakTotal = 0;
  peakPage = 0;
  peakWorkers = 0;
  /**
   * The same with the backing stores of array buffers (typed arrays, file bytes read into
   * memory), which `usedSize` leaves out (CDP `backingStorageSize`).
   */
  peakTotalWithBuffers = 0;
  peakPageWithBuffers = 0;
  peakWorkersWithBuffers = 0;
  samples = 0;

  private constructor(
    private readonly pageSession: CDPSession,
    private readonly browserSession: CDPSession,
  ) {
    browserSession.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
      const message = JSON.parse(event.message) as { id?: number; result?: HeapUsage };
      const resolve = message.id === undefined ? undefined : this.pending.get(message.id);
      if (resolve && message.id !== undefined) {
        this.pending.delete(message.id);
        resolve(message.result ?? { usedSize: 0 });
      }
    });
  }

  static async create(browser: Browser, page: Page): Promise<HeapSampler> {
    const pageSession = await page.context().newCDPSession(page);
    const browserSession = await browser.newBrowserCDPSession();
    return new HeapSampler(pageSession, browserSession);
  }

  /** Full GC in the page and in every worker attached so far. */
  async collectGarbage(): Promise<void> {
    await this.pageSession.send('HeapProfiler.collectGarbage');
    await Promise.all(
      [...this.workerSessions.values()].map((sessionId) =>
        this.workerCall(sessionId, 'HeapProfiler.collectGarbage'),
      ),
    );
  }

  private workerHeap(sessionId: string): Promise<HeapUsage> {
    return this.workerCall(sessionId, 'Runtime.getHeapUsage');
  }

  private workerCall(sessionId: string, method: string): Promise<HeapUsage> {
    const id = this.nextId++;
    return new Promise<HeapUsage>((resolve) => {
      const timeout = setTimeout(() => {
        this.pending.delete(id);
        resolve({});
      }, 2000);
      this.pending.set(id, (value) => {
        clearTimeout(timeout);
        resolve(value);
      });
      void this.browserSession
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method }),
        })
        .catch(() => resolve({}));
    });
  }

  async sample(): Promise<{ page: number; workers: number }> {
    const { page, workers } = await this.sampleWithBuffers();
    return { page: page.used, workers: workers.used };
  }

  /** Heap used, and heap used with array buffers' backing stores, of the page and of all workers. */
  async sampleWithBuffers(): Promise<{
    page: { used: number; withBuffers: number };
    workers: { used: number; withBuffers: number };
  }> {
    const { targetInfos } = await this.browserSession.send('Target.getTargets');
    for (const target of targetInfos) {
      if (target.type !== 'worker' || this.workerSessions.has(target.targetId)) continue;
      try {
        const { sessionId } = await this.browserSession.send('Target.attachToTarget', {
          targetId: target.targetId,
          flatten: false,
        });
        this.workerSessions.set(target.targetId, sessionId);
      } catch {
        // gone already
      }
    }
    const [pageUsage, ...workers] = await Promise.all([
      this.pageSession.send('Runtime.getHeapUsage'),
      ...[...this.workerSessions.values()].map((sessionId) => this.workerHeap(sessionId)),
    ]);
    const used = (usage: HeapUsage) => usage.usedSize ?? 0;
    const withBuffers = (usage: HeapUsage) => used(usage) + (usage.backingStorageSize ?? 0);
    return {
      page: { used: used(pageUsage), withBuffers: withBuffers(pageUsage) },
      workers: {
        used: workers.reduce((sum, usage) => sum + used(usage), 0),
        withBuffers: workers.reduce((sum, usage) => sum + withBuffers(usage), 0),
      },
    };
  }

  start(intervalMs = 20): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.sampleWithBuffers()
        .then(({ page, workers }) => {
          this.samples++;
          this.peakPage = Math.max(this.peakPage, page.used);
          this.peakWorkers = Math.max(this.peakWorkers, workers.used);
          this.peakTotal = Math.max(this.peakTotal, page.used + workers.used);
          this.peakPageWithBuffers = Math.max(this.peakPageWithBuffers, page.withBuffers);
          this.peakWorkersWithBuffers = Math.max(this.peakWorkersWithBuffers, workers.withBuffers);
          this.peakTotalWithBuffers = Math.max(
            this.peakTotalWithBuffers,
            page.withBuffers + workers.withBuffers,
          );
        })
        .catch(() => undefined)
        .finally(() => {
          this.busy = false;
        });
    }, intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async detach(): Promise<void> {
    this.stop();
    await this.pageSession.detach().catch(() => undefined);
    await this.browserSession.detach().catch(() => undefined);
  }
}

/** What `Runtime.getHeapUsage` answers (the last two are newer and may be absent). */
interface HeapUsage {
  usedSize?: number;
  totalSize?: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
