import { defineConfig } from '@playwright/test';

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
    baseURL: 'http://localhost:4173',
    acceptDownloads: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: 'npx vite preview --port 4173 --strictPort',
    url: 'http://localhost:4173',
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});
