/**
 * Harness page: hands the chosen file to a worker that runs one job and answers with its
 * timings. `window.runJob(job)` is what the bench calls.
 */
import type { HarnessJob, HarnessResult } from './extract.worker.ts';

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
