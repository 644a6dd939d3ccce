/**
 * The session of a texture file (a container of surfaces: PVR, KTX), built from its
 * layout: a document whose nodes are the file's header and metadata sections, then one
 * node per stored surface (level, layer, face), every node showing the texture through the
 * image capability. The format reads its header into a `TextureLayout`; reading and
 * checking surfaces, the image facts and the nodes are the same for every container.
 */
import type { ByteSource } from '../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import { encodedByteLength, unsupportedReason } from '../binary/pixels/decode.ts';
import {
  documentSession,
  documentNodesOf,
  sendDocumentNodes,
  type DocumentNode,
} from './document-session.ts';
import type {
  EncodedSurface,
  Fact,
  ImageInfo,
  ImageLevel,
  Issue,
  OpenRequest,
  ParseResult,
  PixelEncoding,
  Session,
  Span,
  SurfaceRef,
} from './model.ts';

/** One stored surface and where its bytes lie in the file. */
export interface TextureSurface extends SurfaceRef {
  width: number;
  height: number;
  span: Span;
}

/** What a container's header says of its texture. */
export interface TextureLayout {
  width: number;
  height: number;
  levels: ImageLevel[];
  layers: number;
  faces: number;
  /** For people: `ETC2 RGBA`, `r8g8b8a8`, `ASTC 8×8`. */
  pixelFormat: string;
  /** Null when the container's format has no decoder at all (named in `unsupported`). */
  encoding: PixelEncoding | null;
  /** Why the pixels cannot be shown, when the container says so (an unknown format code). */
  unsupported: string | null;
  surfaces: TextureSurface[];
  facts: Fact[];
}

/** What a container's reader returns: its layout (null when the header failed) and its sections. */
export interface TextureFile {
  layout: TextureLayout | null;
  /** Header, metadata and other sections, in file order (surfaces are added after them). */
  sections: DocumentNode[];
  label: string;
  facts: Fact[];
}

export interface TextureFormatSpec {
  format: string;
  read(source: ByteSource): Promise<ParseResult<TextureFile>>;
  /**
   * A surface's stored bytes as the decoder wants them (tightly packed rows): the bytes at
   * its span, unless the container pads rows (KTX's 4-byte row alignment).
   */
  unpack?(bytes: Uint8Array, surface: TextureSurface, layout: TextureLayout): Uint8Array;
}

/** The surface's level, layer and face as a path: `level 0/layer 1/face 2`. */
function surfacePath(surface: TextureSurface, layout: TextureLayout): string {
  const parts = [`level ${surface.level} (${surface.width}×${surface.height})`];
  if (layout.layers > 1) parts.push(`layer ${surface.layer}`);
  if (layout.faces > 1) parts.push(`face ${surface.face}`);
  return `surfaces/${parts.join(', ')}`;
}

export function imageInfoOf(layout: TextureLayout): ImageInfo {
  const reason =
    layout.unsupported ??
    (layout.encoding
      ? unsupportedReason(layout.encoding)
      : `${layout.pixelFormat} pixels are not decoded`);
  return {
    width: layout.width,
    height: layout.height,
    levels: layout.levels,
    layers: layout.layers,
    faces: layout.faces,
    pixelFormat: layout.pixelFormat,
    unsupported: reason,
    facts: layout.facts,
  };
}

/**
 * Checks each surface against the dimensions before anything is read: it must lie inside
 * the file and hold what its size needs in the encoding. Returns the issues found.
 */
export function checkSurfaces(layout: TextureLayout, fileSize: number, format: string): void {
  for (const surface of layout.surfaces) {
    const { offset, length } = surface.span;
    if (offset + length > fileSize) {
      throw new FormatError({
        code: ErrorCode.UNEXPECTED_EOF,
        offset: Math.min(offset, fileSize),
        detail: `level ${surface.level} needs ${length} bytes at ${offset}; the file has ${fileSize}`,
        format,
      });
    }
    if (
      layout.encoding &&
      length < encodedByteLength(layout.encoding, surface.width, surface.height)
    ) {
      throw new FormatError({
        code: ErrorCode.SIZE_MISMATCH,
        offset,
        detail: `level ${surface.level} holds ${length} bytes, ${surface.width} × ${surface.height} need ${encodedByteLength(layout.encoding, surface.width, surface.height)}`,
        format,
      });
    }
  }
}

/** A format module's `open` for a texture container. */
export function openTexture(spec: TextureFormatSpec): (request: OpenRequest) => Promise<Session> {
  return async ({ sources, sink }) => {
    const source = sources[0]!;
    const result = await spec.read(source);
    const { layout, sections, label, facts } = result.value;
    const surfaceNodes: DocumentNode[] = (layout?.surfaces ?? []).map((surface) => ({
      path: surfacePath(surface, layout!),
      span: surface.span,
      fields: [
        ['Level', String(surface.level)],
        ['Size', `${surface.width} × ${surface.height}`],
        ['Bytes', surface.span.length.toLocaleString('en-US')],
      ],
    }));
    const nodes = [...sections, ...surfaceNodes];
    sendDocumentNodes(sink, nodes);
    const issues: Issue[] = [...result.issues];
    const session = documentSession({
      format: spec.format,
      label,
      facts: layout ? [...facts, ['Pixel format', layout.pixelFormat]] : facts,
      issues,
      fatal: result.fatal,
      nodes: documentNodesOf(nodes),
    });
    if (!layout || result.fatal) return session;
    const info = imageInfoOf(layout);
    const surfaceAt = (ref: SurfaceRef): TextureSurface => {
      const found = layout.surfaces.find(
        (each) => each.level === ref.level && each.layer === ref.layer && each.face === ref.face,
      );
      if (!found) {
        throw new FormatError({
          code: ErrorCode.OUT_OF_BOUNDS,
          offset: 0,
          detail: `no surface at level ${ref.level}, layer ${ref.layer}, face ${ref.face}`,
          format: spec.format,
        });
      }
      return found;
    };
    return {
      ...session,
      images: {
        describe(index) {
          // A surface's node shows the image at that surface.
          const surface = layout.surfaces[index - sections.length];
          return Promise.resolve(
            surface
              ? {
                  ...info,
                  surface: { level: surface.level, layer: surface.layer, face: surface.face },
                }
              : info,
          );
        },
        async surface(_index, ref): Promise<EncodedSurface> {
          const surface = surfaceAt(ref);
          if (!layout.encoding || info.unsupported) {
            throw new FormatError({
              code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
              offset: surface.span.offset,
              detail: info.unsupported ?? `${layout.pixelFormat} pixels are not decoded`,
              format: spec.format,
            });
          }
          const stored = await source.read(surface.span.offset, surface.span.length);
          return {
            encoding: layout.encoding,
            width: surface.width,
            height: surface.height,
            bytes: spec.unpack ? spec.unpack(stored, surface, layout) : stored,
            offset: surface.span.offset,
            span: surface.span,
          };
        },
      },
    };
  };
}
