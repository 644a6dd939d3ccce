/** REZ constants shared by the reader, the writer and the module. */
export const REZ_FORMAT = 'rez';

/** Bytes of the header; payloads start right after it. */
export const REZ_HEADER_SIZE = 0xa8;
/** Where the u32 fields start (after the banners, their line ends and 0x1A). */
export const REZ_FIELDS_OFFSET = 0x7f;
/** The byte that says whether directories are sorted. */
export const REZ_SORTED_OFFSET = 0xa7;
/** Each banner is this long, space-padded. */
export const REZ_BANNER_LENGTH = 60;
/** What the file starts with: a line end, then the first banner's words. */
export const REZ_SIGNATURE = '\r\nRezMgr';
export const REZ_BANNER = 'RezMgr Version 1 Copyright (C) 1995 MONOLITH INC.';

/** A directory entry's kind. */
export const REZ_KIND = { file: 0, folder: 1 } as const;

/** Folders nested deeper than this are refused (a loop or a forged tree). */
export const REZ_MAX_DEPTH = 32;

/** Bytes every entry takes at least: kind, pos, size, time and the name's NUL. */
export const REZ_MIN_ENTRY = 17;

/** A type 4CC as stored (reversed, NUL-padded: `DIP\0`) read forwards: `PID`. */
export function rezTypeName(code: number): string {
  let text = '';
  for (let shift = 24; shift >= 0; shift -= 8) {
    const byte = (code >>> shift) & 0xff;
    if (byte !== 0) text += String.fromCharCode(byte);
  }
  return text;
}

/** The stored code of a type name (`PID` → the u32 whose bytes are `DIP\0`). */
export function rezTypeCode(name: string): number {
  // Names shorter than four characters are padded at the start of the forward text.
  const padded = name.padStart(4, '\0');
  let code = 0;
  for (let at = 0; at < 4; at++) code = ((code << 8) | (padded.charCodeAt(at) & 0xff)) >>> 0;
  return code >>> 0;
}
