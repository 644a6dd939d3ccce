// Cold open of RETAIL03 through the decoder, with or without the spare's warm-up first.
import { readFileSync } from 'node:fs';
import { createDecoderImpl } from './src/worker/rpc/impl.ts';
import { warmUp } from './src/worker/rpc/warm-up.ts';
import { wwdWarmUp } from './src/formats/wwd/warm-up.ts';
const mode = process.argv[2] ?? 'none';
if (mode === 'wwd') await warmUp(() => createDecoderImpl(), [wwdWarmUp()]);
if (mode === 'all') await warmUp(() => createDecoderImpl());
await new Promise((r) => setTimeout(r, 200));
const bytes = readFileSync('/work/shared/fixtures/wwd/RETAIL03_nocompress.WWD');
const times: string[] = [];
for (let i = 0; i < 1; i++) {
  const blob = new Blob([bytes]);
  const d = createDecoderImpl();
  const t0 = performance.now();
  const opened = await d.open([{ name: 'RETAIL03.WWD', blob }], () => undefined);
  const t1 = performance.now();
  if (!opened.ok) throw new Error('fail');
  d.getRows(0, 64);
  const v = d.documentView();
  const t2 = performance.now();
  if (!v.ok) throw new Error('view');
  times.push(`open ${(t1 - t0).toFixed(1)} view ${(t2 - t1).toFixed(1)}`);
}
console.log(mode, times.join(' | '));
