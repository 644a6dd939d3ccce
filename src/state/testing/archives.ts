/**
 * Files for the state tests, made with the formats' own writers (as e2e makes its inputs): a
 * KIWAD archive of given paths, a KeyedArchive of strings, and the two-part test format's index and volumes (a session
 * with sources it lacks and takes later).
 */
import { kiCrc } from '../../binary/crc32.ts';
import { dmlTable, FILE_COLUMNS, writeDmlTables } from '../../formats/dml/write.ts';
import { writeDvpl } from '../../formats/dvpl/write.ts';
import { textValue, v1Archive, writeKa } from '../../formats/ka/write.ts';
import { forgeKiwad } from '../../formats/kiwad/fixtures/make-fixtures.ts';
import { writeTwoPart } from '../../formats/testing/two-part-write.ts';

export { twoPartFormat } from '../../formats/testing/two-part.ts';

const utf8 = new TextEncoder();

/** A KIWAD v2 whose entries hold their own path as text (10 bytes each unless said). */
export function kiwadFile(
  name: string,
  paths: readonly string[],
  contentOf: (path: string) => string = (path) => path.padEnd(10, '.').slice(0, 10),
): File {
  const { bytes } = forgeKiwad(
    paths.map((path) => ({ name: path, data: utf8.encode(contentOf(path)) })),
    { version: 2, flags: 1 },
  );
  return new File([bytes as Uint8Array<ArrayBuffer>], name);
}

/** A KIWAD v2 of entries with the given contents (text or bytes). */
export function kiwadFileOf(name: string, entries: Record<string, Uint8Array | string>): File {
  const { bytes } = forgeKiwad(
    Object.entries(entries).map(([path, data]) => ({
      name: path,
      data: typeof data === 'string' ? utf8.encode(data) : data,
    })),
    { version: 2, flags: 1 },
  );
  return new File([bytes as Uint8Array<ArrayBuffer>], name);
}

/** A KeyedArchive (version 1) of string values under the given keys. */
export function kaFileOf(name: string, values: Record<string, string>): File {
  const bytes = writeKa(
    v1Archive(Object.entries(values).map(([key, text]) => [key, textValue(text)])),
  );
  return new File([bytes as Uint8Array<ArrayBuffer>], name);
}

/** `stuff.twop` naming volumes `data.001` (two entries) and `data.002` (one). */
export function twoPartFiles(): { index: File; volumes: File[] } {
  const { index, volumes } = writeTwoPart([
    {
      name: 'data.001',
      files: [
        { name: 'a/one.txt', data: utf8.encode('one') },
        { name: 'a/two.txt', data: utf8.encode('two') },
      ],
    },
    { name: 'data.002', files: [{ name: 'three.txt', data: utf8.encode('three') }] },
  ]);
  return {
    index: new File([index as Uint8Array<ArrayBuffer>], 'stuff.twop'),
    volumes: volumes.map(({ name, bytes }) => new File([bytes as Uint8Array<ArrayBuffer>], name)),
  };
}

/** A file wrapped as a `.dvpl` of the given type (0 stored, 1 LZ4, 2 LZ4-HC, 3 zlib). */
export async function dvplFileOf(file: File, type: 0 | 1 | 2 | 3): Promise<File> {
  const bytes = writeDvpl(new Uint8Array(await file.arrayBuffer()), { type });
  return new File([bytes as Uint8Array<ArrayBuffer>], `${file.name}.dvpl`);
}

/** A file of an install: its path in the install and its bytes (as text). */
export interface InstallFile {
  path: string;
  content: string;
  /** A dynamic WAD (FileType 5): present is all that is checked. */
  isDynamic?: boolean;
}

/**
 * `LatestFileList.bin` listing `files` (one `Base` table of file records, with sizes and
 * KI-CRCs of their contents), and the files themselves as a folder picker gives them: File
 * objects with paths under `folder`.
 */
export function installFiles(
  files: readonly InstallFile[],
  folder = 'Game',
): { list: File; items: { file: File; path: string }[] } {
  const rows = files.map(({ path, content, isDynamic }) => {
    const bytes = utf8.encode(content);
    return [path, '', isDynamic ? 5 : 1, bytes.length, 0, 0, kiCrc(bytes), 0];
  });
  const list = writeDmlTables([dmlTable('Base', FILE_COLUMNS, rows)]);
  return {
    list: new File([list as Uint8Array<ArrayBuffer>], 'LatestFileList.bin'),
    items: files.map(({ path, content }) => ({
      path: `${folder}/${path}`,
      file: new File([content], path.slice(path.lastIndexOf('/') + 1)),
    })),
  };
}
