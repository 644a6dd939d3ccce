// Installs dependencies when node_modules is missing or older than the lock file.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const lock = 'package-lock.json';
const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
if (stale) {
  console.log('Installing dependencies...');
  execSync(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', {
    stdio: 'inherit',
  });
}
