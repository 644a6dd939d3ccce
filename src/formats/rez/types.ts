/**
 * REZ archives (Monolith's RezMgr, used by WAP32 games: Claw's CLAW.REZ, Gruntz's
 * GRUNTZ.REZ). Little-endian throughout. Facts: spec.md beside this file.
 */
import type { Span } from '../model.ts';

/** The 168-byte header: two text banners, then the fields from 0x7F. */
export interface RezHeader {
  /** The two 60-byte banners, trailing spaces removed ("RezMgr Version 1 Copyright …"). */
  banners: [string, string];
  version: number;
  rootDirPos: number;
  rootDirSize: number;
  rootDirTime: number;
  nextWritePos: number;
  time: number;
  largestKeyAry: number;
  largestDirName: number;
  largestRezName: number;
  largestComment: number;
  isSorted: boolean;
}

/** A file of the archive, with its folder path. */
export interface RezEntry {
  /** `LEVEL1/TILES/ACTION/001.PID`: folders, the name, and the extension from its type. */
  path: string;
  /** Absolute offset of its bytes. */
  offset: number;
  size: number;
  /** The entry's time stamp (seconds since 1970, as RezMgr wrote it). */
  time: number;
  id: number;
  /** The type as stored (a reversed 4CC: `DIP\0` is `PID`), and read forwards. */
  typeCode: number;
  type: string;
  comment: string;
  keys: number[];
  /** Its record in the directory body that lists it. */
  record: Span;
}

export interface RezArchive {
  /** Null when the header itself could not be read. */
  header: RezHeader | null;
  entries: RezEntry[];
  /** Folders, with their directory bodies (for the hex view). */
  folders: { path: string; body: Span; record: Span | null }[];
}
