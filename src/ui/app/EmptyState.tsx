/** What the page says before any file is open: what to do, and what Delve can read. */
import type { ReactElement } from 'react';

export function EmptyState(): ReactElement {
  return (
    <main className="empty-state">
      <h2>Look inside game archives</h2>
      <p>
        Drop one or more files anywhere on this page, choose <strong>Open files…</strong>, or{' '}
        <strong>Try a sample</strong>. Your files are read in this tab and never uploaded.
      </p>
      <h3>Supported formats</h3>
      <ul className="format-list">
        <li>
          <strong>KIWAD archives</strong> (<code>.wad</code>) of Wizard101 and Pirate101: browse the
          entries, preview them, download one or all as a .zip, verify every checksum.
        </li>
        <li>
          <strong>WWD levels</strong> (<code>.wwd</code>) of Claw and Gruntz: every header field,
          plane and object, a zoomable tile map with attributes and objects, the level checksum.
        </li>
        <li>
          <strong>Any other file</strong> opens as raw bytes in the hex view, with its checksums.
        </li>
      </ul>
      <p className="muted">
        Planned: KingsIsle LatestFileList tables and ObjectProperty files, World of Warships
        .idx/.pkg archives, DAVA KA archives.
      </p>
    </main>
  );
}
