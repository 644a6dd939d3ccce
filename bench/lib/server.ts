/**
 * Builds the app (and the bench harness) into the bench's own folder and serves them with
 * `vite preview` on free ports, so a bench run never touches dist/ or port 4173 (e2e's).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function viteBuild(args: string[]): void {
  const result = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
}

/** `vite build` of the app into `outDir`. */
export function buildApp(outDir: string): void {
  viteBuild(['--outDir', outDir, '--emptyOutDir']);
}

/** The harness page (bench/harness): a bench-only entry over the app's own modules. */
export function buildHarness(outDir: string): void {
  viteBuild([
    '--config',
    join(ROOT, 'bench/harness/vite.config.ts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
  ]);
}

export interface Preview {
  url: string;
  stop(): void;
}

/** `vite preview` of a build folder; resolves once it answers. */
export async function preview(outDir: string, configFile?: string): Promise<Preview> {
  const port = await freePort();
  const args = [
    VITE,
    'preview',
    '--outDir',
    outDir,
    '--port',
    String(port),
    '--strictPort',
    '--host',
    '127.0.0.1',
  ];
  if (configFile) args.push('--config', configFile);
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`vite preview did not start on ${url}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url,
    stop: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}
