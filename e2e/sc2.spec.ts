/**
 * DAVA scenes end to end: the real tanksbox.sc2 from ../shared/fixtures (skipped when
 * absent) opens as data nodes and entities; an entity names its components; a key's bytes
 * are highlighted in the file; the KA view searches the scene and exports it; the same scene
 * inside a .dvpl (made with our writer) opens below its wrapper.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { writeDvpl } from '../src/formats/dvpl/write.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  expandRow,
  fixture,
  FIXTURES,
  highlightedRange,
  selectRow,
  treeItem,
} from './helpers.ts';

const SCENE = 'ka/tanksbox.sc2';
test.skip(!existsSync(resolve(FIXTURES, SCENE)), 'needs ../shared/fixtures/ka/tanksbox.sc2');

const exactRow = (name: string) => new RegExp(`^${name.replace(/[[\]().#]/g, '\\$&')}$`);

test('tanksbox.sc2: data nodes, the entity and its components, a key’s bytes', async ({ page }) => {
  const errors = collectPageErrors(page);
  const bytes = fixture(SCENE);
  await page.goto('/');
  await dropFiles(page, [{ name: 'tanksbox.sc2', bytes }]);
  await selectRow(page, /^tanksbox\.sc2$/);
  await expect(page.getByTestId('ka-view')).toHaveAttribute('data-state', 'ready');
  await expandRow(page, /^tanksbox\.sc2$/);

  await selectRow(page, /^Data nodes/, 'ArrowRight');
  await expect(treeItem(page, /^0 PolygonGroup/)).toBeVisible();
  await expect(treeItem(page, /^1 NMaterial/)).toBeVisible();
  await expect(treeItem(page, /^2 NMaterial/)).toBeVisible();

  await selectRow(page, /^Entities/, 'ArrowRight');
  await selectRow(page, /^botspawn/);
  const details = page.getByRole('region', { name: 'Details of Entities/botspawn' });
  await expect(details).toContainText('TransformComponent');
  await expect(details).toContainText('RenderComponent');

  // The first data node's name: its key and value bytes, inside the first archive (0x20 on).
  await selectRow(page, /^0 PolygonGroup/, 'ArrowRight');
  await selectRow(page, exactRow('##name'));
  await expect(page.getByTestId('ka-text')).toHaveText('PolygonGroup');
  const range = await highlightedRange(page);
  expect(range).not.toBeNull();
  const [first, end] = range!;
  expect(first).toBeGreaterThanOrEqual(0x20);
  // Key `##name` (type, length, 6 bytes), value (type, length, "PolygonGroup").
  expect(end - first).toBe(1 + 4 + 6 + 1 + 4 + 'PolygonGroup'.length);
  expect(new TextDecoder().decode(bytes.subarray(first + 5, first + 11))).toBe('##name');
  expect(errors).toEqual([]);
});

test('the KA view searches the scene and exports it as JSON', async ({ page }) => {
  await page.goto('/');
  await dropFiles(page, [{ name: 'tanksbox.sc2', bytes: fixture(SCENE) }]);
  await selectRow(page, /^tanksbox\.sc2$/);
  await expect(page.getByTestId('ka-view')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('ka-search-input').fill('RenderComponent');
  const results = page.getByTestId('ka-search-result');
  await expect(results.first()).toBeVisible();
  await results.first().click();
  await expect(page.getByTestId('ka-text')).toHaveText('RenderComponent');

  await selectRow(page, /^tanksbox\.sc2$/);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('ka-export-json').click(),
  ]);
  const text = new TextDecoder().decode(await downloadedBytes(json));
  expect(text).toContain('"PolygonGroup"');
  expect(text).toContain('"botspawn"');
  expect(() => JSON.parse(text) as unknown).not.toThrow();
});

test('a scene inside a .dvpl opens below its wrapper', async ({ page }) => {
  await page.goto('/');
  await dropFiles(page, [
    { name: 'tanksbox.sc2.dvpl', bytes: writeDvpl(fixture(SCENE), { type: 2 }) },
  ]);
  const inner = treeItem(page, /^tanksbox\.sc2/).and(page.locator('.tree-nested-file-row'));
  await expect(inner).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await selectRow(page, /^Entities/, 'ArrowRight');
  await expect(treeItem(page, /^botspawn/)).toBeVisible();
});
