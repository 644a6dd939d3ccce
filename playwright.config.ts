import { defineConfig } from '@playwright/test';

/** The preview server's port: DELVE_E2E_PORT lets two checkouts run e2e side by side. */
const port = Number(process.env['DELVE_E2E_PORT'] ?? 4173);

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  // Generous limits: a shared machine can take seconds over what a quiet one needs, and a
  // web-first assertion returns as soon as it holds, so a quiet run is not slowed by them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One spec file at a time: on two cores a test's page, workers and the browser's own
  // compiles keep both busy, and two files at once took as long in all (15.2 min for 144
  // tests, against 14.6 min for 141 one at a time). DELVE_E2E_WORKERS=2 runs two at once.
  workers: Number(process.env['DELVE_E2E_WORKERS'] ?? 1),
  retries: 0,
  // npm test asks for a JSON report too, to print one total of unit and e2e tests.
  reporter: process.env['DELVE_E2E_JSON']
    ? [['list'], ['json', { outputFile: process.env['DELVE_E2E_JSON'] }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    acceptDownloads: true,
    // Every test starts a fresh context, and the service worker would precache the whole app
    // (~380 files) in each. It serves only the app's own files (src/sw), so a test of
    // anything else is the same without it; offline.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    // Likewise the spare decoder a page warms up ahead of a file (src/worker/rpc/client.ts):
    // about a second of CPU per page, for first-open latency no test measures, competing with
    // each test on two cores (four spec files: 118 s without, 140 s with; docs/PERFORMANCE.md).
    // e2e/spare.spec.ts turns it back on.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://localhost:${port}`,
          localStorage: [{ name: 'delve:spare-decoder', value: 'off' }],
        },
      ],
    },
    // One browser context for a spec file's tests, reset between them (pages closed, storage
    // cleared, the stored setting above put back): a test then loads the app from the
    // browser's cache instead of a new context's empty one. A spec that asks for other
    // context options (offline.spec.ts, spare.spec.ts) gets fresh contexts as before.
    reuseContext: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});
