/**
 * Pillow, the texture bench's native peer: its C block decoders (BcnDecode.c) behind
 * `Image.open(...).load()`. Debian's `python3-pil` is for Debian's own interpreter
 * (/usr/bin/python3), which may not be the `python3` first on the PATH (pyenv); both are
 * tried. As root with apt-get, the package is installed where it is missing, as `npm test`
 * installs Chromium; otherwise the peer is skipped with the reason.
 */
import { spawnSync } from 'node:child_process';

const INTERPRETERS = ['python3', '/usr/bin/python3'];

/** One timed load: the file opened and decoded, timed inside Python (start-up left out). */
const LOAD_SCRIPT = `
import sys, time
from PIL import Image
started = time.perf_counter()
image = Image.open(sys.argv[1])
image.load()
elapsed = (time.perf_counter() - started) * 1000
print(elapsed, image.size[0], image.size[1], image.mode)
`;

export interface Pillow {
  python: string;
  version: string;
}

function pillowVersion(python: string): string | null {
  const result = spawnSync(python, ['-c', 'import PIL; print(PIL.__version__)'], {
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

function findPillow(): Pillow | null {
  for (const python of INTERPRETERS) {
    const version = pillowVersion(python);
    if (version !== null) return { python, version };
  }
  return null;
}

const hasAptGet = () => spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

export function pillowPeer(log: (line: string) => void): Pillow | { skipped: string } {
  const found = findPillow();
  if (found) return found;
  if (process.getuid?.() !== 0 || !hasAptGet()) {
    return {
      skipped:
        'Pillow is not installed and cannot be installed here (apt-get install python3-pil needs root on Debian)',
    };
  }
  log('Installing Pillow (apt-get install -y python3-pil)...');
  const installed = spawnSync('apt-get', ['install', '-y', 'python3-pil'], { encoding: 'utf8' });
  return (
    findPillow() ?? {
      skipped: `apt-get install -y python3-pil did not make Pillow importable (exit ${installed.status}: ${(installed.stderr ?? '').trim().split('\n').at(-1) ?? ''})`,
    }
  );
}

/** One `Image.open(path).load()` in a fresh interpreter; its time (ms) and what it read. */
export function pillowLoad(
  pillow: Pillow,
  path: string,
): { ms: number; width: number; height: number; mode: string } {
  const result = spawnSync(pillow.python, ['-c', LOAD_SCRIPT, path], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`Pillow could not load ${path}: ${result.stderr}`);
  const [ms, width, height, mode] = result.stdout.trim().split(/\s+/);
  return { ms: Number(ms), width: Number(width), height: Number(height), mode: mode ?? '' };
}
