/**
 * Build of the bench harness: a page (never shipped) whose worker runs the app's own content
 * path over an opened archive, for the extract benchmark. Built into the bench's temp folder.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  worker: { format: 'es' },
  build: { target: 'es2022' },
});
