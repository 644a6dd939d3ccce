/// <reference lib="webworker" />
/** Harness helper: hashes the windows another worker reads and transfers here (pipeline test). */
import { bulkKiCrc } from '../../src/binary/ki-crc-wasm.ts';

self.onmessage = async (event: MessageEvent<{ port: MessagePort }>) => {
  const kiCrc = bulkKiCrc();
  const { port } = event.data;
  let crc = 0;
  let bytes = 0;
  port.onmessage = (message: MessageEvent<ArrayBuffer | null>) => {
    if (message.data === null) {
      port.postMessage({ crc, bytes });
      return;
    }
    const window = new Uint8Array(message.data);
    // Entry-sized calls, as verify makes them.
    for (let at = 0; at < window.length; at += 8192) crc ^= kiCrc(window.subarray(at, at + 8192));
    bytes += window.length;
    port.postMessage({ ack: true });
  };
};
