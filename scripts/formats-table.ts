/**
 * `npm run docs:formats`: writes the formats table of README.md and docs/FORMATS.md from the
 * registry (src/formats/formats-table.ts). `-- --check` writes nothing and exits 1 when a
 * table is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  FORMATS_TABLE_FILES,
  formatsTable,
  withFormatsTable,
} from '../src/formats/formats-table.ts';
import { FORMATS } from '../src/formats/registry.ts';

const isCheck = process.argv.includes('--check');
const table = formatsTable(FORMATS);
let stale = 0;
for (const file of FORMATS_TABLE_FILES) {
  const url = new URL(`../${file}`, import.meta.url);
  const text = readFileSync(url, 'utf8');
  const updated = withFormatsTable(text, table);
  if (updated === text) {
    console.log(`${file}: up to date`);
    continue;
  }
  stale++;
  if (isCheck) console.error(`${file}: the formats table is out of date (npm run docs:formats)`);
  else {
    writeFileSync(url, updated);
    console.log(`${file}: table written`);
  }
}
process.exit(isCheck && stale > 0 ? 1 : 0);
