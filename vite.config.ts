import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { serviceWorker } from './scripts/vite-service-worker.ts';

/**
 * Strict policy: scripts and styles only from this origin, no inline code, no eval. blob: is
 * allowed for previews (images, audio) and downloads built from entry bytes;
 * 'wasm-unsafe-eval' for the WebAssembly kernels (inflate, KI-CRC, hash-wasm's digests).
 *
 * connect-src: this origin (the demo sample), any https: address and http: on this machine,
 * because a user may open a remote file by its address (Open URL, `?url=`), and the page
 * probes it before its worker reads it by Range requests (the worker's fetches are bound by
 * the page's check, state/remote-urls.ts, which mirrors this list). Those requests are GETs
 * and HEADs of the address the user gave, with a Range header: they carry nothing of what is
 * open. Plain http: elsewhere stays closed (an https deployment would block it as mixed
 * content anyway); a deployment that never opens remote files can put back 'self' alone.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Adds the policy as a meta tag to the built index.html, so the static build carries it
 * wherever it is hosted. Only at build: the dev server injects inline styles for hot reload.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'delve-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** Workers are ES modules. */
export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), serviceWorker()],
  // Fault injection (src/worker/faults.ts) exists only in builds made with DELVE_FAULTS=1.
  define: { __DELVE_FAULTS__: JSON.stringify(process.env['DELVE_FAULTS'] === '1') },
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // A shared machine can run a test several times slower than a quiet one.
    testTimeout: 60000,
    // Every core: vitest's default leaves one to its main process, which on a two-core
    // machine runs the files one at a time (234 s against 162 s for the suite).
    maxWorkers: availableParallelism(),
  },
});
