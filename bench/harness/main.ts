/**
 * Harness page: hands the chosen file to a worker that runs one job and answers with its
 * timings. `window.runJob(job)` is what the bench calls.
 */
import type { HarnessJob, HarnessResult } from './extract.worker.ts';
import type { ReadJob, ReadResult } from './read.worker.ts';

const input = document.querySelector<HTMLInputElement>('[data-testid="harness-input"]')!;

function runOne(file: File, job: HarnessJob): Promise<HarnessResult> {
  const worker = new Worker(new URL('./extract.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<HarnessResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<HarnessResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ file, job });
  });
}

const harness = window as unknown as {
  runJob: (job: HarnessJob) => Promise<HarnessResult>;
  runJobs: (jobs: HarnessJob[]) => Promise<{ ms: number; results: HarnessResult[] }>;
  runReads: (jobs: ReadJob[]) => Promise<{ ms: number; results: ReadResult[] }>;
};
harness.runJob = (job) => {
  const file = input.files?.[0];
  if (!file) return Promise.reject(new Error('no file chosen'));
  return runOne(file, job);
};
/** Several jobs at once, each in its own worker; `ms` is the wall time of all. */
harness.runJobs = async (jobs) => {
  const file = input.files?.[0];
  if (!file) throw new Error('no file chosen');
  const started = performance.now();
  const results = await Promise.all(jobs.map((job) => runOne(file, job)));
  return { ms: performance.now() - started, results };
};

/** Waits for a worker's next message (or its error). */
function nextMessage<T>(worker: Worker): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<T>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
}

/**
 * Read study (read.worker.ts): one worker per job, all started together once each is
 * ready; `ms` is the wall time from the start to the last worker's answer.
 */
harness.runReads = async (jobs) => {
  const file = input.files?.[0];
  if (!file) throw new Error('no file chosen');
  const workers = jobs.map(
    () => new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module' }),
  );
  try {
    await Promise.all(
      workers.map((worker, k) => {
        const ready = nextMessage<string>(worker);
        worker.postMessage({ file, job: jobs[k] });
        return ready;
      }),
    );
    const answers = workers.map((worker) => nextMessage<ReadResult>(worker));
    const started = performance.now();
    for (const worker of workers) worker.postMessage('go');
    const results = await Promise.all(answers);
    return { ms: performance.now() - started, results };
  } finally {
    for (const worker of workers) worker.terminate();
  }
};
