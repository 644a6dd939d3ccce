// Makes sure Debian's Chromium is at /usr/bin/chromium: installs it when root, else says how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = '/usr/bin/chromium';
if (!existsSync(path)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing: run 'sudo apt-get install -y chromium' and try again.`);
    process.exit(1);
  }
  console.log('Installing Debian chromium (one time)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
