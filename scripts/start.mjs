// npm start: install when needed, build (the app and the CLI), serve the app on http://localhost:4173.
import { execSync, spawn } from 'node:child_process';

execSync('node scripts/ensure-deps.mjs', { stdio: 'inherit' });
execSync('npx vite build', { stdio: 'inherit' });
// The command line too: `npx delve ...` runs dist-cli/delve.cjs (package.json's bin).
execSync('node scripts/build-cli.mjs', { stdio: 'inherit' });
const server = spawn('npx', ['vite', 'preview', '--port', '4173', '--strictPort'], {
  stdio: ['inherit', 'pipe', 'inherit'],
});
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && String(chunk).includes('4173')) {
    announced = true;
    console.log('\nDelve is running at http://localhost:4173  (Ctrl+C to stop)\n');
  }
});
server.on('exit', (code) => process.exit(code ?? 0));
