/**
 * Display and comparison of digests for the checksum panel. Pure, so the matching rules
 * (prefixes, case, separators, CRCs in decimal) are unit-tested.
 */
import type { Digests } from '../../worker/rpc/api.ts';
import { formatHex32 } from '../format.ts';

export type DigestId = 'crc32' | 'kiCrc' | 'md5' | 'sha1' | 'sha256';

export interface DigestRow {
  id: DigestId;
  label: string;
  /** The value as shown and copied: CRCs as `0x` + 8 upper-case hex digits, hashes in lower-case hex. */
  value: string;
  testId: string;
}

export function digestRows(digests: Digests): DigestRow[] {
  return [
    { id: 'crc32', label: 'CRC-32', value: formatHex32(digests.crc32), testId: 'hash-crc32' },
    { id: 'kiCrc', label: 'KI-CRC', value: formatHex32(digests.kiCrc), testId: 'hash-kicrc' },
    { id: 'md5', label: 'MD5', value: digests.md5.toLowerCase(), testId: 'hash-md5' },
    { id: 'sha1', label: 'SHA-1', value: digests.sha1.toLowerCase(), testId: 'hash-sha1' },
    { id: 'sha256', label: 'SHA-256', value: digests.sha256.toLowerCase(), testId: 'hash-sha256' },
  ];
}

/**
 * Labels of the digests that equal a pasted value. Accepted: any case, an optional `0x`,
 * spaces, `:` and `-` between digits (as tools print them), a trailing file name after
 * whitespace (`sha256sum` output); CRCs also without leading zeros or in decimal.
 */
export function matchDigest(input: string, digests: Digests): string[] {
  const trimmed = input.trim();
  if (trimmed === '') return [];
  // `sha256sum` prints "<hash>  <name>": take the first word when it is a long hex run.
  const firstWord = trimmed.split(/\s+/)[0] ?? '';
  const candidate = /^[0-9a-f]{32,}$/i.test(firstWord) ? firstWord : trimmed;
  const compact = candidate
    .replace(/[\s:-]/g, '')
    .toLowerCase()
    .replace(/^0x/, '');
  const matches: string[] = [];
  for (const row of digestRows(digests)) {
    if (row.id === 'crc32' || row.id === 'kiCrc') {
      const crc = row.id === 'crc32' ? digests.crc32 >>> 0 : digests.kiCrc >>> 0;
      const isHexMatch = /^[0-9a-f]{1,8}$/.test(compact) && Number.parseInt(compact, 16) === crc;
      const isDecimalMatch =
        /^[0-9]{1,10}$/.test(compact) &&
        !trimmed.toLowerCase().startsWith('0x') &&
        Number(compact) === crc;
      if (isHexMatch || isDecimalMatch) matches.push(row.label);
    } else if (compact === row.value) {
      matches.push(row.label);
    }
  }
  return matches;
}
