/** The one app state of the browser page: real workers, real downloads. */
import { FileDecoder } from '../worker/client.ts';
import { saveBlob } from './download.ts';
import { createDelveState } from './store.ts';

export const delve = createDelveState({
  createDecoder: () => new FileDecoder(),
  saveBlob,
  fetch: (url) => fetch(url),
  now: () => performance.now(),
});
