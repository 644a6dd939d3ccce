/**
 * Panes and tree columns are resizable from the keyboard (and by dragging), and the page
 * remembers the widths. At 1200 px with a preview open, entry names are not cut.
 */
import { expect, test } from '@playwright/test';
import { selectRow, treeItem, openKiwadSample } from './helpers.ts';

test('the pane splitter and a column keep their widths across a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/');
  await openKiwadSample(page);
  await expect(treeItem(page, /^Textures/)).toBeVisible();

  const splitter = page.getByRole('separator', { name: 'Resize the tree and details panes' });
  const column = page.getByRole('separator', { name: 'Resize the Size column' });
  const splitBefore = Number(await splitter.getAttribute('aria-valuenow'));
  const columnBefore = Number(await column.getAttribute('aria-valuenow'));
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(async () => Number(await splitter.getAttribute('aria-valuenow')))
    .toBeLessThan(splitBefore);
  await column.focus();
  // In the header, Left/Right move between the columns' handles; Down narrows a column.
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(async () => Number(await column.getAttribute('aria-valuenow')))
    .toBeLessThan(columnBefore);
  const splitAfter = Number(await splitter.getAttribute('aria-valuenow'));
  const columnAfter = Number(await column.getAttribute('aria-valuenow'));

  await page.reload();
  await openKiwadSample(page);
  await expect(treeItem(page, /^Textures/)).toBeVisible();
  await expect(splitter).toHaveAttribute('aria-valuenow', String(splitAfter));
  await expect(column).toHaveAttribute('aria-valuenow', String(columnAfter));
});

test('at 1200 px with a preview open, entry names fit their column', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/');
  await openKiwadSample(page);
  await expect(treeItem(page, /^Textures/)).toBeVisible();
  await page.getByTestId('filter').fill('*.png');
  await selectRow(page, /logo\.png/);
  await expect(page.getByTestId('preview-pane')).toBeVisible();
  const labels = page.getByTestId('tree').locator('.tree-label');
  await expect.poll(() => labels.count()).toBeGreaterThan(3);
  // Names of labels cut short, read again until the layout has settled.
  await expect
    .poll(() =>
      labels.evaluateAll((all) =>
        all.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
      ),
    )
    .toEqual([]);
});
