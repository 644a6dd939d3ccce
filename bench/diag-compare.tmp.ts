import { launchBrowser, openAppPage, markClickScript, answeredCall, arm, waitMark, marks, closePage } from './lib/browser.ts';
import { preview } from './lib/server.ts';
import type { ProbeWindow } from './lib/browser.ts';
import { loadavg } from 'node:os';

const dir = process.argv[2]!;
const app = await preview(process.argv[4] ?? `${dir}/app`);
const browser = await launchBrowser(false);
try {
  for (let run = 0; run < Number(process.argv[3] ?? 1); run++) {
    const page = await openAppPage(browser, app.url, {
      initScript: markClickScript('[data-testid="compare-candidate"]', 'compareClick'),
    });
    const logs: [string, number][] = [];
    page.on('console', (msg) => { const m = /^T (\S+) (\d+)/.exec(msg.text()); if (m) logs.push([m[1]!, Number(m[2])]); });
    await page.getByTestId('file-input').setInputFiles([`${dir}/compare-100000-old.wad`, `${dir}/compare-100000-new.wad`]);
    await answeredCall(page, 'open', 0, 600000);
    await answeredCall(page, 'open', 1, 600000);
    const oldRow = page.locator('[role="treeitem"][aria-level="1"]', { hasText: 'compare-100000-old.wad' });
    await oldRow.click();
    const compareWith = page.getByTestId('compare-with');
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="compare-with"]')?.disabled, null, { timeout: 600000 });
    await compareWith.click();
    await arm(page, 'firstDiffRow', 'selector', '[data-testid="diff-row"]');
    await arm(page, 'compareDone', 'text', '[data-testid="compare-state"]', 'Done');
    await page.getByTestId('compare-candidate').click();
    await waitMark(page, 'compareDone', 600000);
    const at = await marks(page);
    const click = at['compareClick']!;
    console.log(`run ${run} load ${loadavg()[0]!.toFixed(1)} first ${(at['firstDiffRow']! - click).toFixed(0)} done ${(at['compareDone']! - click).toFixed(0)}`);
    const origin = await page.evaluate(() => performance.timeOrigin);
    for (const [name, at] of logs) if (at >= origin + click - 50) console.log(`  T ${name} ${(at - origin - click).toFixed(0)}`);
    const calls = await page.evaluate(() => (window as unknown as ProbeWindow).__probe.calls);
    for (const call of calls) if (call.start >= click - 50) console.log(`  ${call.name} ${(call.start - click).toFixed(0)} → ${call.end === null ? '-' : (call.end - click).toFixed(0)}`);
    await closePage(page);
  }
} finally {
  await browser.close();
  app.stop();
}
