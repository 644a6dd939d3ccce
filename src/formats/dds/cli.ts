/**
 * What DDS textures add to the generic CLI (model.ts FormatCli): `info` prints the facts and
 * `info --json` gives `{format: "dds", width, height, levels, layers, faces, pixelFormat,
 * unsupported, bytesPerLevel, issues}`. The decoded pixels are the generic `image` command's.
 */
import { FormatError, ErrorCode } from '../../binary/format-error.ts';
import { cliIssues, infoLines } from '../cli-info.ts';
import type { CliInfo, FormatCli } from '../model.ts';
import { DDS_FORMAT } from './types.ts';

/** The folder of a path (either separator), `.` when it has none. */
function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? '.' : path.slice(0, cut) || '/';
}

export const ddsCli: FormatCli = {
  sources: {
    option: {
      name: 'tier-dir',
      value: 'DIR',
      summary:
        "where a World of Warships texture's tier files (.dd0, .dd1, .dd2) are (default: the texture's folder)",
    },
    defaultFolders: (filePath) => [folderOf(filePath)],
  },
  async info({ session, source }): Promise<CliInfo> {
    const image = (await session.images?.describe(0)) ?? null;
    if (!image) {
      throw new FormatError({
        code: ErrorCode.BAD_VALUE,
        offset: 0,
        detail: 'no texture was read',
        format: DDS_FORMAT,
      });
    }
    const json = {
      format: DDS_FORMAT,
      width: image.width,
      height: image.height,
      levels: image.levels.length,
      layers: image.layers,
      faces: image.faces,
      pixelFormat: image.pixelFormat,
      unsupported: image.unsupported,
      bytesPerLevel: image.levels.map((level) => level.byteLength),
      issues: cliIssues(session.issues),
    };
    return { json, lines: infoLines(session, source, json.issues, 14) };
  },
};
