/**
 * REZ writer, the mirror of read.ts: the header, every file's bytes from 0xA8 (folder by
 * folder, in the order the reader meets them), then the directory bodies, each folder's
 * after its subfolders' and the root's last, so the root ends the file as in shipped
 * archives. In a body, files come before folders, each in the order given.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { REZ_BANNER, REZ_BANNER_LENGTH, REZ_HEADER_SIZE, REZ_KIND, rezTypeCode } from './layout.ts';

export interface RezFileInput {
  /** `LEVEL1/TILES/ACTION/001.PID`: the extension becomes the type. */
  path: string;
  bytes: Uint8Array;
  id?: number;
  time?: number;
  comment?: string;
  keys?: readonly number[];
}

export interface RezWriteOptions {
  /** Folders made first, in this order (`LEVEL1`, `LEVEL1/TILES`): a rewrite keeps a read archive's order. */
  folders?: readonly string[];
  banners?: [string, string];
  rootDirTime?: number;
  time?: number;
  isSorted?: boolean;
}

interface FolderNode {
  name: string;
  files: RezFileInput[];
  folders: FolderNode[];
  body: { offset: number; length: number };
}

function treeOf(files: readonly RezFileInput[], folderPaths: readonly string[]): FolderNode {
  const root: FolderNode = { name: '', files: [], folders: [], body: { offset: 0, length: 0 } };
  const folderAt = (parts: readonly string[]): FolderNode => {
    let folder = root;
    for (const part of parts) {
      let next = folder.folders.find((each) => each.name === part);
      if (!next) {
        next = { name: part, files: [], folders: [], body: { offset: 0, length: 0 } };
        folder.folders.push(next);
      }
      folder = next;
    }
    return folder;
  };
  for (const path of folderPaths) if (path) folderAt(path.split('/'));
  for (const file of files) folderAt(file.path.split('/').slice(0, -1)).files.push(file);
  return root;
}

/** Folders in the order the reader visits them: breadth first, as listed. */
function breadthFirst(root: FolderNode): FolderNode[] {
  const order = [root];
  for (let at = 0; at < order.length; at++) order.push(...order[at]!.folders);
  return order;
}

function nameAndType(path: string): { name: string; type: string } {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0
    ? { name: base, type: '' }
    : { name: base.slice(0, dot), type: base.slice(dot + 1) };
}

export function writeRez(
  files: readonly RezFileInput[],
  options: RezWriteOptions = {},
): Uint8Array {
  const root = treeOf(files, options.folders ?? []);
  const folders = breadthFirst(root);
  const out = new ByteWriter(
    REZ_HEADER_SIZE + files.reduce((sum, file) => sum + file.bytes.length, 0),
  );
  out.zeros(REZ_HEADER_SIZE);

  // Payloads, where the reader meets their entries.
  const offsets = new Map<RezFileInput, number>();
  for (const folder of folders) {
    for (const file of folder.files) {
      offsets.set(file, out.offset);
      out.bytes(file.bytes);
    }
  }

  // Bodies, deepest first: a folder's entry needs its body's place.
  const writeBody = (folder: FolderNode): void => {
    for (const child of folder.folders) writeBody(child);
    const body = new ByteWriter();
    for (const file of folder.files) {
      const { name, type } = nameAndType(file.path);
      const keys = file.keys ?? [];
      body
        .u32le(REZ_KIND.file)
        .u32le(offsets.get(file)!)
        .u32le(file.bytes.length)
        .u32le(file.time ?? 0);
      body
        .u32le(file.id ?? 0)
        .u32le(rezTypeCode(type))
        .u32le(keys.length);
      body
        .ascii(name)
        .u8(0)
        .ascii(file.comment ?? '')
        .u8(0);
      for (const key of keys) body.u32le(key);
    }
    for (const child of folder.folders) {
      body.u32le(REZ_KIND.folder).u32le(child.body.offset).u32le(child.body.length).u32le(0);
      body.ascii(child.name).u8(0);
    }
    const bytes = body.finish();
    folder.body = { offset: out.offset, length: bytes.length };
    out.bytes(bytes);
  };
  writeBody(root);

  const bytes = out.finish();
  const header = new ByteWriter(REZ_HEADER_SIZE);
  const [first, second] = options.banners ?? [REZ_BANNER, ''];
  header.ascii('\r\n').ascii(first.padEnd(REZ_BANNER_LENGTH, ' ').slice(0, REZ_BANNER_LENGTH));
  header.ascii('\r\n').ascii(second.padEnd(REZ_BANNER_LENGTH, ' ').slice(0, REZ_BANNER_LENGTH));
  header.ascii('\r\n').u8(0x1a);
  const longest = (texts: string[]) =>
    texts.reduce((max, text) => Math.max(max, text.length + 1), 0);
  header
    .u32le(1)
    .u32le(root.body.offset)
    .u32le(root.body.length)
    .u32le(options.rootDirTime ?? 0)
    .u32le(root.body.offset)
    .u32le(options.time ?? 0)
    .u32le(files.reduce((max, file) => Math.max(max, file.keys?.length ?? 0), 0))
    .u32le(longest(folders.map((folder) => folder.name)))
    .u32le(longest(files.map((file) => nameAndType(file.path).name)))
    .u32le(longest(files.map((file) => file.comment ?? '')));
  header.u8(options.isSorted ? 1 : 0);
  // The banners, their line ends and 0x1A end at REZ_FIELDS_OFFSET; ten u32 reach REZ_SORTED_OFFSET.
  bytes.set(header.finish(), 0);
  return bytes;
}
