/**
 * A CPU profile of the page's main thread while the gallery of the bench's 2,000 DDS
 * textures opens and scrolls (bench/scenarios/gallery.ts): the functions with the most self
 * time, so what makes a frame late can be read rather than guessed. Build the app without
 * minifying for readable names:
 *
 *   npx vite build --outDir /tmp/delve-app --minify false
 *   npx tsx bench/profile-gallery.ts /tmp/delve-app /tmp/delve-bench/gallery/textures-2000.wad
 */
import { launchBrowser, openAppPage, closePage } from './lib/browser.ts';
import { preview } from './lib/server.ts';
import { FIRST_ENTRY_ROW } from './scenarios/open.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const [appDir, archive] = process.argv.slice(2);
if (!appDir || !archive) throw new Error('usage: profile-gallery.ts APP_DIR ARCHIVE');
const app = await preview(appDir);
const browser = await launchBrowser(false);
try {
  const page = await openAppPage(browser, app.url);
  await page.getByTestId('file-input').setInputFiles(archive);
  await page.locator(FIRST_ENTRY_ROW).first().waitFor({ timeout: 120_000 });
  await page.getByRole('treeitem', { name: 'Textures' }).first().click();
  await page.waitForTimeout(1500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.getByTestId('gallery-open').click();
  await page.getByTestId('gallery-thumb').first().waitFor();
  await page.waitForTimeout(1000);
  await page.evaluate(`new Promise((resolve) => {
    const grid = document.querySelector('[data-testid="gallery-grid"]');
    let done = 0;
    const tick = () => {
      if (done++ >= 300) return resolve(null);
      grid.scrollTop += 40;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, at) =>
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[at] ?? 0)),
  );
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.slice(url.lastIndexOf('/') + 1)}:${lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + (selfTime.get(node.id) ?? 0));
  }
  // Time inside each function, its callees included (a function counted once per stack).
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${url.slice(url.lastIndexOf('/') + 1)}:${lineNumber + 1}`;
  };
  const inclusive = new Map<string, number>();
  for (const [id, micros] of selfTime) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const key = keyOf(nodeById.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    }
  }
  const total = [...byName.values()].reduce((sum, value) => sum + value, 0);
  const idle = byName.get('(idle) :0') ?? 0;
  console.log(`total sampled ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
  const show = (title: string, map: Map<string, number>, count: number) => {
    console.log(title);
    for (const [name, micros] of [...map].sort((x, y) => y[1] - x[1]).slice(0, count)) {
      console.log(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${name}`);
    }
  };
  show('self time', byName, 30);
  show('inclusive time', inclusive, 40);
  await closePage(page);
} finally {
  await browser.close();
  app.stop();
}
