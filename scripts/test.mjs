// npm test: typecheck, lint (zero warnings), format (prettier --check), unit tests, then e2e
// in headless Chromium, ending with one line that counts every test: `N passed, N failed`.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

// Not under test-results/: Playwright empties that folder when it starts.
const reports = 'test-reports';
const unitReport = `${reports}/unit.json`;
const e2eReport = `${reports}/e2e.json`;

const steps = [
  ['dependencies', 'node scripts/ensure-deps.mjs'],
  ['chromium', 'node scripts/ensure-chromium.mjs'],
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit'],
  ['lint', 'npx eslint . --max-warnings 0'],
  // What .prettierignore leaves out is generated or third-party.
  ['format', 'npx prettier --check .'],
  ['unit', `npx vitest run --reporter=default --reporter=json --outputFile=${unitReport}`],
  // The e2e build has fault injection on (src/worker/faults.ts) for the isolation tests.
  ['build', 'npx vite build', { DELVE_FAULTS: '1' }],
  ['e2e', 'npx playwright test', { DELVE_E2E_JSON: e2eReport }],
];

/** Passed and failed counts from the vitest and Playwright JSON reports. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(unitReport)) {
    const unit = JSON.parse(readFileSync(unitReport, 'utf8'));
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  }
  if (existsSync(e2eReport)) {
    const e2e = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
  return { passed, failed, skipped };
}

mkdirSync(reports, { recursive: true });
for (const [name, command, env = {}] of steps) {
  console.log(`\n== ${name}: ${command}`);
  try {
    execSync(command, { stdio: 'inherit', env: { ...process.env, ...env } });
  } catch {
    const { passed, failed, skipped } = counts();
    console.error(`\nnpm test failed at step: ${name}`);
    console.log(`${passed} passed, ${Math.max(failed, 1)} failed, ${skipped} skipped`);
    process.exit(1);
  }
}
const { passed, failed, skipped } = counts();
console.log('\nAll checks passed.');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
