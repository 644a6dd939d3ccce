/**
 * Running jobs (verify, zip, reading an entry for download) with progress and Cancel. A job
 * appears once it has run 200 ms: quick ones finish without a flash of progress bar.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useActions, useJobs } from '../../state/hooks.ts';
import type { Job } from '../../state/types.ts';
import { progressFraction } from '../format.ts';

const SHOW_AFTER_MS = 200;

function JobItem({ job }: { job: Job }): ReactElement | null {
  const { cancelJob } = useActions();
  // The store's clock is performance.now() (state/app.ts).
  const [isShown, setIsShown] = useState(() => performance.now() - job.startedAt >= SHOW_AFTER_MS);
  useEffect(() => {
    if (isShown) return;
    const wait = Math.max(0, SHOW_AFTER_MS - (performance.now() - job.startedAt));
    const timer = setTimeout(() => setIsShown(true), wait);
    return () => clearTimeout(timer);
  }, [isShown, job.startedAt]);
  if (!isShown) return null;

  const fraction = progressFraction(job.done, job.total);
  const percent = fraction === null ? null : `${Math.floor(fraction * 100)}%`;
  return (
    <div className="job" data-testid="job" data-kind={job.kind}>
      <span className="job-label">{job.label}</span>
      {fraction === null ? (
        <progress className="job-progress" aria-label={job.label} data-testid="job-progress" />
      ) : (
        <progress
          className="job-progress"
          aria-label={job.label}
          data-testid="job-progress"
          max={1}
          value={fraction}
        />
      )}
      {percent !== null && <span className="job-percent">{percent}</span>}
      <button
        type="button"
        className="button button-small"
        data-testid="cancel-job"
        disabled={job.isCancelling}
        onClick={() => cancelJob(job.id)}
      >
        {job.isCancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    </div>
  );
}

/**
 * The jobs of open files, or (`remote`) the downloads of remote files that are not files yet
 * (a server without Range support: state/remote-open.ts; they have no file id), which the
 * header shows since the actions bar is hidden while no file is open.
 */
export function JobList({ remote = false }: { remote?: boolean }): ReactElement | null {
  const jobs = useJobs().filter((job) => (job.fileId === '') === remote);
  if (jobs.length === 0) return null;
  return (
    <div className="jobs" aria-label="Running jobs">
      {jobs.map((job) => (
        <JobItem key={job.id} job={job} />
      ))}
    </div>
  );
}
