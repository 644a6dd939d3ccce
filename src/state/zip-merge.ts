/**
 * One .zip of several open files: each file's worker zips its own entries under a folder of
 * its own (`ZipOptions.folder`), and the zips are joined here without reading their data.
 * A zip is its entries' local records, then a central directory that points at them, then
 * an end record; joining keeps every local record as it is (Blob slices, no copy) and
 * rewrites only the central directories, whose offsets move by the bytes before them.
 * Zips without ZIP64 (what the workers write): 65,535 entries and 4 GiB at most.
 */

/** The limits of a zip without ZIP64, as the workers' zip builder keeps them. */
const ZIP32_MAX_ENTRIES = 65_535;
const ZIP32_MAX_BYTES = 0xffffffff;

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_LENGTH = 22;
const CENTRAL_FIXED_LENGTH = 46;

interface ZipParts {
  /** The local records: bytes `[0, directoryOffset)`. */
  records: Blob;
  directory: Uint8Array;
  entryCount: number;
}

async function partsOf(zip: Blob): Promise<ZipParts> {
  if (zip.size < END_LENGTH) throw new Error(`a zip of ${zip.size} bytes has no end record`);
  const end = new DataView(await zip.slice(zip.size - END_LENGTH).arrayBuffer());
  if (end.getUint32(0, true) !== END_SIGNATURE) {
    throw new Error(`no zip end record at 0x${(zip.size - END_LENGTH).toString(16)}`);
  }
  const entryCount = end.getUint16(10, true);
  const directorySize = end.getUint32(12, true);
  const directoryOffset = end.getUint32(16, true);
  if (directoryOffset + directorySize > zip.size - END_LENGTH) {
    throw new Error(
      `the zip's central directory at 0x${directoryOffset.toString(16)} runs past its end`,
    );
  }
  const directory = new Uint8Array(
    await zip.slice(directoryOffset, directoryOffset + directorySize).arrayBuffer(),
  );
  return { records: zip.slice(0, directoryOffset), directory, entryCount };
}

/** The directory with every local record offset moved by `shift` bytes. */
function shiftDirectory(directory: Uint8Array, entryCount: number, shift: number): Uint8Array {
  const shifted = directory.slice();
  const view = new DataView(shifted.buffer);
  let at = 0;
  for (let entry = 0; entry < entryCount; entry++) {
    if (
      at + CENTRAL_FIXED_LENGTH > shifted.length ||
      view.getUint32(at, true) !== CENTRAL_SIGNATURE
    ) {
      throw new Error(`central directory entry ${entry} is damaged at 0x${at.toString(16)}`);
    }
    view.setUint32(at + 42, view.getUint32(at + 42, true) + shift, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    at += CENTRAL_FIXED_LENGTH + nameLength + extraLength + commentLength;
  }
  return shifted;
}

/** The zips joined into one; throws past the limits of a zip without ZIP64. */
export async function mergeZips(zips: readonly Blob[]): Promise<Blob> {
  const parts = await Promise.all(zips.map(partsOf));
  const entryCount = parts.reduce((sum, part) => sum + part.entryCount, 0);
  if (entryCount > ZIP32_MAX_ENTRIES) {
    throw new Error(
      `${entryCount.toLocaleString('en-US')} entries is more than a zip without ZIP64 can hold (65,535); download a file at a time`,
    );
  }
  const directories: Uint8Array[] = [];
  let recordsSize = 0;
  for (const part of parts) {
    directories.push(shiftDirectory(part.directory, part.entryCount, recordsSize));
    recordsSize += part.records.size;
  }
  const directorySize = directories.reduce((sum, directory) => sum + directory.length, 0);
  if (recordsSize + directorySize + END_LENGTH > ZIP32_MAX_BYTES) {
    throw new Error(
      `the zip would be ${((recordsSize + directorySize) / 2 ** 30).toFixed(2)} GiB, past the 4 GiB limit of zips without ZIP64; download a file at a time`,
    );
  }
  const end = new Uint8Array(END_LENGTH);
  const view = new DataView(end.buffer);
  view.setUint32(0, END_SIGNATURE, true);
  view.setUint16(8, entryCount, true);
  view.setUint16(10, entryCount, true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, recordsSize, true);
  const pieces: BlobPart[] = [
    ...parts.map((part) => part.records),
    ...(directories as Uint8Array<ArrayBuffer>[]),
    end,
  ];
  return new Blob(pieces, { type: 'application/zip' });
}
