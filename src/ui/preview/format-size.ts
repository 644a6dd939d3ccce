/** Size text shared by the preview and checksum panels: human units, exact bytes on hover. */

/** Human size with binary units, e.g. `1.5 MiB`; exact bytes belong in a title attribute beside it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ${units[unit] ?? 'TiB'}`;
}

/** Exact byte count with thousands separators, e.g. `1,572,864 bytes`. */
export function formatByteCount(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
