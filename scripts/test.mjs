// npm test: typecheck, lint (zero warnings), unit tests, then e2e in headless Chromium.
import { execSync } from 'node:child_process';

const steps = [
  ['dependencies', 'node scripts/ensure-deps.mjs'],
  ['chromium', 'node scripts/ensure-chromium.mjs'],
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit'],
  ['lint', 'npx eslint . --max-warnings 0'],
  ['unit', 'npx vitest run'],
  ['build', 'npx vite build', { DELVE_FAULTS: '1' }],
  ['e2e', 'npx playwright test'],
];
// The e2e build has fault injection on (src/worker/faults.ts) for the isolation tests.
for (const [name, command, env = {}] of steps) {
  console.log(`\n== ${name}: ${command}`);
  try {
    execSync(command, { stdio: 'inherit', env: { ...process.env, ...env } });
  } catch {
    console.error(`\nnpm test failed at step: ${name}`);
    process.exit(1);
  }
}
console.log('\nAll checks passed.');
