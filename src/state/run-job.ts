/**
 * Running a long job: it is listed in the jobs store with its progress (the UI shows it once
 * it has run 200 ms), its cancel function is kept beside the stores, and it leaves the list
 * when it ends, however it ends.
 */
import type { Result } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import type { Job } from './types.ts';

export interface JobRunner {
  /**
   * Runs one job. Resolves with its result, or null when the job went away meanwhile (file
   * closed or its worker crashed) and the result must be ignored.
   */
  runJob<T>(
    init: Pick<Job, 'fileId' | 'kind' | 'label' | 'total'>,
    cancel: () => void,
    run: (report: (done: number, total: number) => void) => Promise<Result<T>>,
  ): Promise<{ result: Result<T>; wasCancelled: boolean } | null>;
  updateJob(jobId: string, change: Partial<Job>): void;
  findJob(jobId: string): Job | undefined;
}

export function createJobRunner(context: Context): JobRunner {
  const { stores, deps } = context;

  function updateJob(jobId: string, change: Partial<Job>): void {
    stores.jobs.setState((state) => ({
      jobs: state.jobs.map((job) => (job.id === jobId ? { ...job, ...change } : job)),
    }));
  }

  function findJob(jobId: string): Job | undefined {
    return stores.jobs.getState().jobs.find((job) => job.id === jobId);
  }

  return {
    updateJob,
    findJob,
    async runJob(init, cancel, run) {
      const job: Job = {
        ...init,
        id: context.nextId('j'),
        done: 0,
        startedAt: deps.now(),
        isCancelling: false,
      };
      stores.jobs.setState((state) => ({ jobs: [...state.jobs, job] }));
      context.jobCancels.set(job.id, cancel);
      try {
        const result = await run((done, total) => updateJob(job.id, { done, total }));
        const finished = findJob(job.id);
        return finished ? { result, wasCancelled: finished.isCancelling } : null;
      } finally {
        context.jobCancels.delete(job.id);
        stores.jobs.setState((state) => ({
          jobs: state.jobs.filter((other) => other.id !== job.id),
        }));
      }
    },
  };
}
