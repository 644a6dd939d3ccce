/// <reference lib="webworker" />
/**
 * Worker entry: one decoder per worker, one opened file per decoder. Callbacks arrive as
 * comlink proxies; each is released as soon as the call that received it ends, so the
 * page's side of the channel is freed.
 */
import { expose, releaseProxy } from 'comlink';
import { SPARE_WORKER_NAME, WARM_UP_DONE, type DecoderApi } from './api.ts';
import { createDecoderImpl } from './impl.ts';
import { warmUp } from './warm-up.ts';

function releaseCallbacks(args: unknown[]): void {
  for (const arg of args) {
    if (typeof arg !== 'function') continue;
    // A comlink proxy answers this symbol with its release function; a plain function has none.
    const release = (arg as unknown as Record<symbol, unknown>)[releaseProxy];
    if (typeof release === 'function') (release as () => void)();
  }
}

const impl = createDecoderImpl();
const exposed = Object.fromEntries(
  Object.entries(impl).map(([name, method]) => [
    name,
    (...args: unknown[]) => {
      const result: unknown = (method as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) return result.finally(() => releaseCallbacks(args));
      return result;
    },
  ]),
) as unknown as DecoderApi;

expose(exposed satisfies DecoderApi);

// A spare, started before any file was chosen: compile the open's code while idle.
// The page learns when it is done (client.ts marks it as `delve:decoder-warm`); comlink
// ignores the message, which has no call id.
if (self.name === SPARE_WORKER_NAME) {
  warmUp(() => createDecoderImpl({ startsHelpersAhead: false })).then(
    (elapsedMs) => self.postMessage({ [WARM_UP_DONE]: elapsedMs }),
    (error: unknown) => console.warn('decoder warm-up failed', error),
  );
}
