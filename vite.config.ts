import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The Content-Security-Policy is set in index.html as a meta tag, so the
 * static build carries it wherever it is hosted. Workers are ES modules.
 */
export default defineConfig({
  plugins: [react()],
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20000,
  },
});
