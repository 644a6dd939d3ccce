/**
 * What `.dvpl` adds to the generic CLI (model.ts FormatCli): `info` prints the footer's
 * fields and then the inner file's own info. The inner file goes through the host's
 * registry as any file does (the services' nested files) — detection on its head, tail and
 * name, its format's session, that format's `info` hook (or the session's label, facts and
 * issues when it has none) — so no format is named here. A file whose footer or payload is broken never gets here: the CLI prints its
 * fatal error, one line with the offset, exit 1.
 */
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import { cliIssues, issueLines, sessionInfo, type CliIssue } from '../cli-info.ts';
import type { CliInfo, FormatCli } from '../model.ts';
import type { FormatServices } from '../services.ts';
import { DVPL_FORMAT, dvplTypeName, readDvpl } from './read.ts';
import { dvplInnerName } from './session.ts';

/** The JSON of `info --json` for a `.dvpl` (docs/CLI.md). */
export interface DvplInfo {
  format: typeof DVPL_FORMAT;
  file: string;
  size: number;
  type: number;
  typeName: string;
  uncompressedSize: number;
  compressedSize: number;
  crc: { stored: number; computed: number | null; match: boolean };
  footerOffset: number;
  zeroOffsetMatches: number;
  rawDeflate: boolean;
  issues: CliIssue[];
  /** The decoded file: its name, detected format, and that format's info JSON (or why not). */
  inner: { name: string; format: string; info: unknown; error: string | null };
}

/** Opens the decoded payload as a file of its own and asks its format for its info. */
async function innerInfo(
  content: Uint8Array,
  name: string,
  services: FormatServices,
): Promise<{ format: string; info: CliInfo | null; error: string | null }> {
  // No format knows it: the id `info --json` gives such files (the raw format's).
  const format = services.nested.identify(content, name)?.id ?? 'raw';
  try {
    const { session, source, format: module } = await services.nested.open(content, name);
    if (session.fatal) return { format, info: null, error: session.fatal.message };
    const hooks = module.cli ? await module.cli() : {};
    const info = hooks.info
      ? await hooks.info({ session, source, options: {}, services })
      : sessionInfo(session, source);
    return { format, info, error: null };
  } catch (error) {
    return { format, info: null, error: toErrorInfo(error).message };
  }
}

export const dvplCli: FormatCli = {
  async info({ source, services }) {
    const { value: file, issues, fatal } = await readDvpl(source);
    const { footer, content } = file;
    // The CLI has opened the file without a fatal error; a second read could differ only
    // if the file changed in between, and then it is that error, one line.
    if (fatal || !footer || !content) {
      throw new FormatError({
        code: fatal?.code ?? ErrorCode.INTERNAL,
        offset: fatal?.offset ?? 0,
        detail: fatal?.message ?? 'the payload could not be read',
        format: DVPL_FORMAT,
      });
    }
    const name = dvplInnerName(source.name);
    const inner = await innerInfo(content, name, services);
    const json: DvplInfo = {
      format: DVPL_FORMAT,
      file: source.name,
      size: source.size,
      type: footer.type,
      typeName: dvplTypeName(footer.type),
      uncompressedSize: footer.uncompressedSize,
      compressedSize: footer.compressedSize,
      crc: {
        stored: footer.crc,
        computed: file.computedCrc,
        match: file.computedCrc === footer.crc,
      },
      footerOffset: file.footerOffset,
      zeroOffsetMatches: file.zeroOffsetMatches,
      rawDeflate: file.isRawDeflate,
      issues: cliIssues(issues),
      inner: { name, format: inner.format, info: inner.info?.json ?? null, error: inner.error },
    };
    const crc = json.crc.match
      ? `${hex32(footer.crc)} (ok)`
      : `${hex32(footer.crc)} (MISMATCH: computed ${hex32(file.computedCrc ?? 0)})`;
    const lines = [
      `file        ${source.name}`,
      `format      DVPL wrapper, ${json.typeName}`,
      `size        ${source.size} bytes (payload ${footer.compressedSize}, decoded ${footer.uncompressedSize})`,
      `crc32       ${crc}`,
      ...issueLines(json.issues),
      `inner       ${name} (${inner.format})`,
      ...(inner.info?.lines ?? [`error       ${inner.error ?? 'unknown'}`]).map(
        (line) => `  ${line}`,
      ),
    ];
    return { json, lines };
  },
};
