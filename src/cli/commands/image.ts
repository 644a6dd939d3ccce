/**
 * `delve image FILE [ENTRY] [--level N] [--layer N] [--face N] -o OUT.png`: one surface of
 * the image a file holds (a texture), or of an entry whose content is an image file (a
 * texture inside an archive, opened as a nested file), decoded and written as an 8-bit
 * RGBA PNG. A pixel format Delve does not decode exits 1 with one line naming it; an entry
 * a texture format claims but cannot read (cut short) with that format's error and offset.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FormatError } from '../../binary/format-error.ts';
import { encodePngRgba } from '../../binary/tiny-png.ts';
import { firstImage, imageOfContent, type ImageHolder } from '../../formats/image-holder.ts';
import { PIXELS_HERE } from '../../formats/services.ts';
import { usageError, type ParsedArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { requireReadable, systemErrorText, withSession, type OpenedFile } from '../open-session.ts';
import { CliError, oneLine } from '../output.ts';
import { findNode } from './cat.ts';

/** A whole-number option (`--level 2`), 0 when absent. */
function indexOption(args: ParsedArgs, name: string): number {
  const text = args.values.get(name);
  if (text === undefined) return 0;
  if (!/^\d+$/.test(text))
    throw usageError(`${name} takes a whole number, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** The image of the file, or of its entry `name` (its own, or its content opened nested). */
async function holderOf(
  path: string,
  opened: OpenedFile,
  name: string | undefined,
): Promise<ImageHolder> {
  const { session, services } = opened;
  requireReadable(path, session);
  let holder: ImageHolder | null;
  if (name === undefined) holder = await firstImage(session);
  else {
    const index = findNode(session, name);
    if (index < 0) throw new CliError(`${path}: no entry named ${JSON.stringify(name)}`);
    const own = (await session.images?.describe(index)) ?? null;
    if (own && session.images) holder = { images: session.images, index };
    else if (!session.content) holder = null;
    else {
      const unavailable = session.content.unavailable?.(index) ?? null;
      if (unavailable) throw new CliError(`${path}: ${oneLine(unavailable)}`);
      const { bytes } = await session.content.read(index);
      try {
        holder = await imageOfContent(services, bytes, name.slice(name.lastIndexOf('/') + 1));
      } catch (error) {
        // A texture that does not read says why, under the entry's name.
        if (error instanceof FormatError) {
          throw new CliError(`${path}: ${name}: ${oneLine(error.message)}`);
        }
        throw error;
      }
    }
  }
  if (!holder)
    throw new CliError(
      `${path}${name === undefined ? '' : `: ${name}`}: holds no image Delve decodes`,
    );
  return holder;
}

export const imageCommand: Command = {
  usage: 'image FILE [ENTRY] [--level N] [--layer N] [--face N] -o OUT.png',
  summary: 'write an image (a texture, or an entry that is one) as an 8-bit RGBA PNG',
  spec: { values: ['--output', '--level', '--layer', '--face'] },
  positionals: ['FILE', 'ENTRY'],
  required: 1,
  takesSources: true,
  run({ args, out, cwd, formats }) {
    const [path, name] = args.positionals as [string, string | undefined];
    const outputArg = args.values.get('--output');
    if (outputArg === undefined) throw usageError('image needs -o OUT.png');
    const surface = {
      level: indexOption(args, '--level'),
      layer: indexOption(args, '--layer'),
      face: indexOption(args, '--face'),
    };
    return withSession(
      cwd,
      path,
      async (opened) => {
        const holder = await holderOf(path, opened, name);
        const info = (await holder.images.describe(holder.index))!;
        if (info.unsupported !== null) throw new CliError(`${path}: ${oneLine(info.unsupported)}`);
        const limits: [keyof typeof surface, number][] = [
          ['level', info.levels.length],
          ['layer', info.layers],
          ['face', info.faces],
        ];
        for (const [what, limit] of limits) {
          if (surface[what] >= limit) {
            throw new CliError(`${path}: no ${what} ${surface[what]} (the image has ${limit})`);
          }
        }
        const encoded = await holder.images.surface(holder.index, surface);
        const { width, height, rgba } = await (opened.services.pixels ?? PIXELS_HERE).decode(
          encoded,
        );
        const png = encodePngRgba(width, height, rgba);
        try {
          await writeFile(resolve(cwd, outputArg), png);
        } catch (error) {
          throw new CliError(`${outputArg}: cannot write: ${systemErrorText(error)}`);
        }
        await out.line(
          `${outputArg}: ${width} × ${height} px, level ${surface.level} of ${info.pixelFormat}`,
        );
        return 0;
      },
      { args, formats },
    );
  },
};
