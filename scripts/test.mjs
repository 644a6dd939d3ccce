// npm test: typecheck, lint (zero warnings), unit tests, then e2e in headless Chromium.
import { execSync } from 'node:child_process';

const steps = [
  ['dependencies', 'node scripts/ensure-deps.mjs'],
  ['chromium', 'node scripts/ensure-chromium.mjs'],
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit'],
  ['lint', 'npx eslint . --max-warnings 0'],
  ['unit', 'npx vitest run'],
  ['build', 'npx vite build'],
  ['e2e', 'npx playwright test'],
];
for (const [name, command] of steps) {
  console.log(`\n== ${name}: ${command}`);
  try {
    execSync(command, { stdio: 'inherit' });
  } catch {
    console.error(`\nnpm test failed at step: ${name}`);
    process.exit(1);
  }
}
console.log('\nAll checks passed.');
