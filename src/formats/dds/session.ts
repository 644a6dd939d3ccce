/**
 * A DDS texture as a session: a document of its headers and its surfaces (each a node with
 * its bytes), the image capability (levels, layers, faces; a surface's bytes read when
 * shown), and, for a World of Warships texture split into tiers, the tier files as sources.
 * Only the headers are read at open; a forged header cannot make it allocate.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import {
  documentNodesOf,
  documentSession,
  sendDocumentNodes,
  type DocumentNode,
} from '../document-session.ts';
import type { EncodedSurface, ImageCapability, ImageInfo, SurfaceRef } from '../image-types.ts';
import type { Fact, Issue, MissingSource, OpenRequest, Session } from '../model.ts';
import { fourCCText } from './pixel-formats.ts';
import {
  DDS_HEADERS_MAX,
  ddsLayout,
  readDdsHeaders,
  surfacesInFile,
  type DdsHeaders,
  type DdsLayout,
  type DdsSurface,
} from './read.ts';
import { isTierOf, planTiers, textureBase, type TierFile, type TierPlan } from './tiers.ts';
import { DDS_DATA_OFFSET, DDS_FORMAT, DDS_PIXELFORMAT_OFFSET, FACE_NAMES } from './types.ts';

const count = (value: number) => value.toLocaleString('en-US');

/** Tier numbers looked for beside a split texture. */
const TIER_NUMBERS = [0, 1, 2] as const;

/** A surface's name in the tree: its level and size, with its layer and face when there are several. */
function surfaceName(layout: DdsLayout, surface: DdsSurface): string {
  const level = layout.levels[surface.level]!;
  const parts: string[] = [];
  if (layout.layers > 1) parts.push(`layer ${surface.layer}`);
  if (layout.faces > 1) parts.push(`face ${FACE_NAMES[surface.face] ?? surface.face}`);
  parts.push(`level ${surface.level} (${level.width} × ${level.height})`);
  return parts.join(' ');
}

function headerNodes({ header, dx10, dataOffset }: DdsHeaders, fileSize: number): DocumentNode[] {
  const format = header.pixelFormat;
  const nodes: DocumentNode[] = [
    {
      path: 'header',
      span: { offset: 0, length: DDS_DATA_OFFSET },
      fields: [
        ['Magic', 'DDS '],
        ['Header size', String(header.size)],
        ['Flags', hex32(header.flags)],
        ['Width', count(header.width)],
        ['Height', count(header.height)],
        ['Pitch or linear size', count(header.pitchOrLinearSize)],
        ['Depth', count(header.depth)],
        ['Mip map count', count(header.mipMapCount)],
        ['Reserved (0x20)', header.reserved1.map(hex32).join(' ')],
        ['Caps', hex32(header.caps)],
        ['Caps 2', hex32(header.caps2)],
        ['Caps 3', hex32(header.caps3)],
        ['Caps 4', hex32(header.caps4)],
        ['Reserved (0x7C)', hex32(header.reserved2)],
      ],
    },
    {
      path: 'header/pixel format',
      span: { offset: DDS_PIXELFORMAT_OFFSET, length: 32 },
      fields: [
        ['Size', String(format.size)],
        ['Flags', hex32(format.flags)],
        ['FourCC', `${JSON.stringify(fourCCText(format.fourCC))} (${hex32(format.fourCC)})`],
        ['Bits a pixel', String(format.rgbBitCount)],
        ['Red mask', hex32(format.redMask)],
        ['Green mask', hex32(format.greenMask)],
        ['Blue mask', hex32(format.blueMask)],
        ['Alpha mask', hex32(format.alphaMask)],
      ],
    },
  ];
  if (dx10) {
    nodes.push({
      path: 'dx10 header',
      span: { offset: DDS_DATA_OFFSET, length: 20 },
      fields: [
        ['DXGI format', String(dx10.dxgiFormat)],
        ['Resource dimension', String(dx10.resourceDimension)],
        ['Misc flag', hex32(dx10.miscFlag)],
        ['Array size', count(dx10.arraySize)],
        ['Misc flags 2', hex32(dx10.miscFlags2)],
      ],
    });
  }
  nodes.push({
    path: 'data',
    span: { offset: dataOffset, length: Math.max(0, fileSize - dataOffset) },
    fields: [],
  });
  return nodes;
}

interface Placement {
  surfaces: DdsSurface[];
  plan: TierPlan | null;
}

/** Where the surfaces are, with the tiers given (a split texture), else all in the file. */
function placeSurfaces(
  layout: DdsLayout,
  headers: DdsHeaders,
  sources: readonly ByteSource[],
): Placement {
  const file = sources[0]!;
  const base = textureBase(file.name);
  const isSplit =
    base !== null &&
    layout.layers * layout.faces === 1 &&
    headers.dataOffset + layout.totalBytes > file.size;
  if (!isSplit)
    return { surfaces: surfacesInFile(layout, headers.dataOffset, file.size), plan: null };
  const tiers: TierFile[] = [];
  sources.forEach((source, index) => {
    if (index > 0 && isTierOf(source.name, base))
      tiers.push({ source: index, name: source.name, size: source.size });
  });
  const plan = planTiers(layout, headers.dataOffset, file.size, tiers);
  // Without tiers, only data that ends exactly at a level is taken for a split texture: a
  // truncated file is one.
  if (plan.trailing !== 0 && tiers.length === 0) {
    return { surfaces: surfacesInFile(layout, headers.dataOffset, file.size), plan: null };
  }
  return { surfaces: plan.surfaces, plan };
}

function layoutFacts(layout: DdsLayout, plan: TierPlan | null, base: string): Fact[] {
  const facts: Fact[] = [
    ['Pixel format', layout.pixels.name],
    ['Size', `${count(layout.width)} × ${count(layout.height)} px`],
    ['Mip levels', count(layout.levels.length)],
  ];
  if (layout.layers > 1) facts.push(['Array layers', count(layout.layers)]);
  if (layout.faces > 1) facts.push(['Cube faces', count(layout.faces)]);
  if (layout.pixels.isSrgb) facts.push(['Colour space', 'sRGB']);
  facts.push([
    'Bytes a level',
    layout.levels.map((level, index) => `${index}: ${count(level.byteLength)}`).join(', '),
  ]);
  if (plan) {
    const placed = plan.placed.map(
      ({ tier, first, last }) =>
        `${tier.name}: level ${first === last ? first : `${first}–${last}`}`,
    );
    const missing = plan.missingLevels.length
      ? [`missing: level ${plan.missingLevels.join(', ')} (${base}.dd0, .dd1, …)`]
      : [];
    facts.push([
      'Tiers',
      [`${plan.levelsOutside} largest levels outside the .dds`, ...placed, ...missing].join('; '),
    ]);
  }
  return facts;
}

export async function openDdsSession({ sources, sink }: OpenRequest): Promise<Session> {
  const file = sources[0]!;
  const head = await file.read(0, Math.min(file.size, DDS_HEADERS_MAX));
  let headers: DdsHeaders;
  try {
    headers = readDdsHeaders(head);
  } catch (error) {
    return failedSession(toErrorInfo(error), []);
  }
  const nodes = headerNodes(headers, file.size);
  let layout: DdsLayout;
  let placement: Placement;
  try {
    layout = ddsLayout(headers);
    placement = placeSurfaces(layout, headers, sources);
  } catch (error) {
    sendDocumentNodes(sink, nodes);
    return failedSession(toErrorInfo(error), nodes);
  }
  const surfaceNodes = placement.surfaces.map((surface) => ({
    path: `data/${surfaceName(layout, surface)}`,
    span: { offset: surface.offset, length: surface.length },
    fields: [] as Fact[],
  }));
  const firstSurfaceNode = nodes.length;
  nodes.push(...surfaceNodes);
  sendDocumentNodes(sink, nodes);
  return ddsSession(file, sources, headers, layout, placement, nodes, firstSurfaceNode);
}

function failedSession(fatal: ReturnType<typeof toErrorInfo>, nodes: DocumentNode[]): Session {
  return documentSession({
    format: DDS_FORMAT,
    label: 'DDS texture',
    facts: [],
    issues: [],
    fatal,
    nodes: documentNodesOf(nodes),
  });
}

function ddsSession(
  file: ByteSource,
  initialSources: readonly ByteSource[],
  headers: DdsHeaders,
  layout: DdsLayout,
  initial: Placement,
  nodes: DocumentNode[],
  firstSurfaceNode: number,
): Session {
  const sources = [...initialSources];
  const base = textureBase(file.name) ?? file.name;
  let placement = initial;
  const issues = (): Issue[] => {
    const plan = placement.plan;
    const found: Issue[] = [];
    const trailing = plan ? plan.trailing : file.size - headers.dataOffset - layout.totalBytes;
    if (trailing > 0) {
      found.push({
        severity: 'warning',
        code: 'TRAILING_BYTES',
        message: `${count(trailing)} bytes after the last surface`,
        span: { offset: file.size - trailing, length: trailing },
      });
    }
    for (const tier of plan?.unplaced ?? []) {
      found.push({
        severity: 'warning',
        code: 'TIER_SIZE',
        message: `${tier.name} (${count(tier.size)} bytes) matches no run of the missing levels`,
      });
    }
    return found;
  };
  const sourceName = (surface: DdsSurface) =>
    surface.source < 0 ? `${base}.dd?` : (sources[surface.source]?.name ?? file.name);
  const surfaceOf = ({ level, layer, face }: SurfaceRef): DdsSurface => {
    const valid = (value: number, limit: number) =>
      Number.isSafeInteger(value) && value >= 0 && value < limit;
    if (
      !valid(level, layout.levels.length) ||
      !valid(layer, layout.layers) ||
      !valid(face, layout.faces)
    ) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no level ${level} of layer ${layer}, face ${face}`,
        format: DDS_FORMAT,
      });
    }
    const perLayer = layout.faces * layout.levels.length;
    return placement.surfaces[layer * perLayer + face * layout.levels.length + level]!;
  };
  const surfaceAt = (index: number) =>
    index >= firstSurfaceNode ? (placement.surfaces[index - firstSurfaceNode] ?? null) : null;
  const describe = (): ImageInfo => ({
    width: layout.width,
    height: layout.height,
    levels: layout.levels,
    layers: layout.layers,
    faces: layout.faces,
    pixelFormat: layout.pixels.name,
    unsupported: layout.unsupported,
    facts: layoutFacts(layout, placement.plan, base),
  });
  const images: ImageCapability = {
    describe(index) {
      if (!Number.isSafeInteger(index) || index < 0 || index >= nodes.length) {
        return Promise.resolve(null);
      }
      // A surface's node shows the image at that surface.
      const surface = surfaceAt(index);
      return Promise.resolve(
        surface
          ? {
              ...describe(),
              surface: { level: surface.level, layer: surface.layer, face: surface.face },
            }
          : describe(),
      );
    },
    async surface(_index, ref): Promise<EncodedSurface> {
      const surface = surfaceOf(ref);
      const level = layout.levels[surface.level]!;
      if (!layout.pixels.encoding) {
        throw new FormatError({
          code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
          offset: headers.dx10 ? DDS_DATA_OFFSET : DDS_PIXELFORMAT_OFFSET,
          detail: `${layout.pixels.name} pixels are not decoded`,
          format: DDS_FORMAT,
        });
      }
      const source = sources[surface.source];
      if (!source) {
        throw new FormatError({
          code: ErrorCode.MISSING_SOURCE,
          offset: 0,
          detail: `level ${surface.level} is in a tier file beside ${file.name} (${base}.dd0, .dd1, …) that was not given`,
          format: DDS_FORMAT,
        });
      }
      const bytes = await source.read(surface.offset, surface.length);
      return {
        encoding: layout.pixels.encoding,
        width: level.width,
        height: level.height,
        bytes,
        offset: surface.offset,
        span: { offset: surface.offset, length: surface.length },
      };
    },
  };
  const session = documentSession({
    format: DDS_FORMAT,
    label: `DDS texture, ${layout.pixels.name}`,
    facts: layoutFacts(layout, placement.plan, base),
    issues: issues(),
    fatal: null,
    nodes: documentNodesOf(nodes),
  });
  /** The tiers a split texture may have (World of Warships uses up to three), not yet given. */
  const missing = (): MissingSource[] => {
    const levels = placement.plan?.missingLevels ?? [];
    if (levels.length === 0) return [];
    const given = new Set(sources.map((source) => source.name.toLowerCase()));
    return TIER_NUMBERS.map((number) => `${base}.dd${number}`)
      .filter((name) => !given.has(name.toLowerCase()))
      .map((name) => ({ name, nodeCount: levels.length }));
  };
  return {
    ...session,
    get facts() {
      return layoutFacts(layout, placement.plan, base);
    },
    get issues() {
      return issues();
    },
    details(index) {
      const details = session.details(index);
      const surface = surfaceAt(index);
      if (!surface) return details;
      const level = layout.levels[surface.level]!;
      const fields: Fact[] = [
        ['Level', `${surface.level} (${count(level.width)} × ${count(level.height)} px)`],
        ['Layer', String(surface.layer)],
        ['Face', layout.faces > 1 ? (FACE_NAMES[surface.face] ?? String(surface.face)) : '—'],
        ['Bytes', count(surface.length)],
        ['In', sourceName(surface)],
      ];
      return {
        ...details,
        span: { offset: surface.offset, length: surface.length },
        fields,
        ...(surface.source !== 0 ? { spanSource: sourceName(surface) } : {}),
      };
    },
    images,
    ...(placement.plan
      ? {
          sources: {
            used: () => sources.map((source) => source.name),
            missing,
            add(source: ByteSource) {
              if (!isTierOf(source.name, base) || missing().length === 0) return false;
              const next = [...sources, source];
              const tried = placeSurfaces(layout, headers, next);
              const before = placement.plan?.missingLevels.length ?? 0;
              if ((tried.plan?.missingLevels.length ?? 0) >= before) return false;
              sources.push(source);
              placement = tried;
              return true;
            },
          },
        }
      : {}),
  };
}
