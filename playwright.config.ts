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
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // npm test asks for a JSON report too, to print one total of unit and e2e tests.
  reporter: process.env['DELVE_E2E_JSON']
    ? [['list'], ['json', { outputFile: process.env['DELVE_E2E_JSON'] }]]
    : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    acceptDownloads: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});
