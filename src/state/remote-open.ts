/**
 * Opening remote files by address (the Open URL dialog, `?url=` at startup). Each address is
 * probed (remote-probe.ts); a server that reads ranges hands the worker a remote source that
 * fetches only what is looked at, one that does not is downloaded whole into memory first,
 * as a job with progress and Cancel. Then the files open together as one drop, so an index
 * and its volumes given as several addresses form one session, as dropped files would.
 */
import type { NamedUrl } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';
import { PAGE_SNIFF_BYTES, webPageInsteadOfFile } from './remote-content.ts';
import {
  RemoteCancelled,
  RemoteError,
  downloadWhole,
  probeRemote,
  type RemoteFetch,
} from './remote-probe.ts';
import { fileNameOfUrl, resolveRemoteUrl } from './remote-urls.ts';
import type { Job, RemoteItem } from './types.ts';

export interface RemoteOpenOptions {
  /** Opens the files of one drop (open-actions.ts). */
  openItems(items: RemoteItem[]): Promise<void>;
  /** The page's own address: relative addresses resolve against it, and it names the origin CORS must allow. */
  pageUrl(): string;
}

export function createRemoteOpener(context: Context, options: RemoteOpenOptions) {
  const { stores, deps } = context;
  const fetch: RemoteFetch = (url, init) => deps.fetch(url, init);

  /** A whole-file download as a job (JobList shows it with progress and Cancel). */
  function startJob(name: string, total: number, cancel: () => void) {
    const job: Job = {
      id: context.nextId('j'),
      // Not a file's job yet: the file is opened once it is downloaded.
      fileId: '',
      kind: 'download',
      label: `Downloading ${name} (its server sends only whole files)`,
      done: 0,
      total,
      startedAt: deps.now(),
      isCancelling: false,
    };
    stores.jobs.setState((state) => ({ jobs: [...state.jobs, job] }));
    context.jobCancels.set(job.id, cancel);
    return {
      report(done: number, size: number) {
        stores.jobs.setState((state) => ({
          jobs: state.jobs.map((other) =>
            other.id === job.id ? { ...other, done, total: size } : other,
          ),
        }));
      },
      end() {
        context.jobCancels.delete(job.id);
        stores.jobs.setState((state) => ({
          jobs: state.jobs.filter((other) => other.id !== job.id),
        }));
      },
    };
  }

  /** One address as a file of the drop, or null (the toast says why). */
  async function fetchItem(text: string, pageUrl: string): Promise<RemoteItem | null> {
    const url = resolveRemoteUrl(text, pageUrl);
    if (typeof url === 'string') {
      context.toastError(text, 'cannot be opened', url);
      return null;
    }
    const name = fileNameOfUrl(url);
    const controller = new AbortController();
    try {
      const probed = await probeRemote(
        fetch,
        url,
        name,
        new URL(pageUrl).origin,
        controller.signal,
      );
      if (probed.kind === 'ranges') {
        const file: NamedUrl = { name, url: url.href, size: probed.size, head: probed.head };
        return { file, path: name, url: url.href };
      }
      const job = startJob(name, probed.size ?? 0, () => controller.abort());
      try {
        const blob = await downloadWhole(
          probed.response,
          probed.size,
          controller.signal,
          job.report,
          deps.now,
        );
        // A server that sent no Content-Type: the page is told by its first bytes.
        const head = new Uint8Array(await blob.slice(0, PAGE_SNIFF_BYTES).arrayBuffer());
        const refusal = webPageInsteadOfFile(name, null, head);
        if (refusal) throw new RemoteError(refusal);
        return { file: new File([blob], name), path: name, url: url.href };
      } finally {
        job.end();
      }
    } catch (error) {
      if (error instanceof RemoteCancelled) {
        context.toast('info', `${name}: download cancelled`);
      } else {
        const message = error instanceof Error ? error.message : String(error);
        context.toastError(`${name} (${url.href})`, 'could not be opened', message);
      }
      return null;
    }
  }

  /**
   * Opens the files at `urls` together, as one drop. Each must be an absolute address
   * (remote-urls.ts); anything else is refused before a request. Resolves once every one has
   * opened or failed (each failure is a toast naming the address and what the server must allow).
   */
  async function openUrls(urls: readonly string[]): Promise<void> {
    const pageUrl = options.pageUrl();
    const unique = [...new Set(urls.map((url) => url.trim()).filter(Boolean))];
    const items = await Promise.all(unique.map((url) => fetchItem(url, pageUrl)));
    const opened = items.filter((item): item is RemoteItem => item !== null);
    if (opened.length > 0) await options.openItems(opened);
  }

  return { openUrls };
}
