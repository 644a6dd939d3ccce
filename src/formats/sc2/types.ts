/**
 * The model of a DAVA scene file (`.sc2`, magic `SFV2`), as read.ts decodes it and write.ts
 * writes it (spec.md). All integers are little-endian. Every archive in it is a keyed
 * archive (../ka/types.ts); the scene adds the header, the descriptor and how the archives
 * are arranged: a classic scene stores them one after another, a Blitz scene nests them all
 * in one v2 top archive.
 *
 * The UI may `import type` from this file.
 */
import type { KaArchive } from '../ka/types.ts';
import type { Span } from '../model.ts';

/** `SFV2`. */
export const SC2_MAGIC = [0x53, 0x46, 0x56, 0x32] as const;

/** Version tags (a v1 archive) follow the header from this version on. */
export const SC2_VERSION_TAGS_FROM = 14;
/** The descriptor (u32 size, then its bytes) follows from this version on. */
export const SC2_DESCRIPTOR_FROM = 10;
/** The last version known to be classic, and the first known to be Blitz; between: unknown. */
export const SC2_LAST_CLASSIC = 25;
export const SC2_FIRST_BLITZ = 30;

/** How the body is laid out: archives back to back, or one v2 top archive. */
export type Sc2Layout = 'classic' | 'blitz';

export interface Sc2Descriptor {
  /** The u32 size field: bytes of the descriptor that follow it. */
  size: number;
  /** Its bytes as stored (kept whole: newer Blitz versions add hashes after the file type). */
  bytes: Uint8Array;
  /** The first u32 of the bytes: 0 scene, 1 model; null when the descriptor is shorter. */
  fileType: number | null;
}

/** One entity of a classic scene, with the entities stored after it as its children. */
export interface Sc2Entity {
  archive: KaArchive;
  children: Sc2Entity[];
}

export interface Sc2ClassicBody {
  layout: 'classic';
  dataNodes: KaArchive[];
  /** The `{##name: "GlobalMaterial"}` archive between the data nodes and the entities. */
  globalMaterial: KaArchive | null;
  /** The header's `nodeCount` top-level entities, each with its subtree. */
  entities: Sc2Entity[];
}

export interface Sc2BlitzBody {
  layout: 'blitz';
  /** The v2 top archive: `#dataNodes`, `#hierarchy`, `#sceneComponents`, … */
  scene: KaArchive;
}

export interface Sc2Scene {
  /** i32 version at 0x4. */
  version: number;
  /** i32 at 0x8: top-level entities (classic); kept as stored for Blitz. */
  nodeCount: number;
  /** v1 archive of version tags (version ≥ 14), else null. */
  versionTags: KaArchive | null;
  /** Version ≥ 10, else null. */
  descriptor: Sc2Descriptor | null;
  body: Sc2ClassicBody | Sc2BlitzBody;
  /** Bytes after the body (an issue; kept for the writer). */
  trailing?: Uint8Array;
}

/** Which layouts were tried for an undocumented version (26–29), in order, and which read. */
export interface Sc2LayoutChoice {
  layout: Sc2Layout;
  tried: Sc2Layout[];
  /** Why each layout that was tried and dropped failed (its error message). */
  failures: string[];
}

/** A scene's own grouping of its parts, as the session's tree and the CLI show them. */
export interface Sc2DataNodeInfo {
  index: number;
  /** `##name`: PolygonGroup, NMaterial, … (empty when missing). */
  name: string;
  /** `#id` (8-byte byte array) as a decimal u64; null when missing or not 8 bytes. */
  id: string | null;
  keyCount: number;
  span: Span | null;
}
