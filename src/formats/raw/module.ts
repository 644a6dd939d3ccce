/**
 * Any file Delve does not recognise: no nodes; the file itself is previewed (hex, text)
 * and hashed through its `file` reference. Detection falls back to it; it never claims a file.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { DEFAULT_COLUMNS, type FormatModule } from '../model.ts';

/** The one name of a file Delve does not recognise: the start page's list, a row's badge, details. */
const RAW_LABEL = 'Raw file';

export const rawFormat = {
  id: 'raw',
  label: RAW_LABEL,
  summary: 'anything else: hex and text preview, CRC-32, KI-CRC, MD5, SHA-1, SHA-256',
  extensions: [],
  detect: () => null,
  cli: async () => (await import('./cli.ts')).rawCli,
  open: () =>
    Promise.resolve({
      format: 'raw',
      label: RAW_LABEL,
      facts: [],
      issues: [],
      fatal: null,
      layout: 'archive',
      columnSets: { [DEFAULT_COLUMNS]: [] },
      nodeCount: () => 0,
      nodeTable: () => ({ path: () => '', size: () => 0, storedSize: () => 0 }),
      details: (index) => {
        throw new FormatError({
          code: ErrorCode.OUT_OF_BOUNDS,
          offset: 0,
          detail: `this file has no node ${index}`,
        });
      },
    }),
} as const satisfies FormatModule<'raw'>;
