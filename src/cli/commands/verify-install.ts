/**
 * `delve verify-install LIST DIR [--json]`: checks a game folder against the list of its
 * files (a `LatestFileList.bin`, or any file whose format lists an install's files): each
 * listed file present, of the listed size, with the listed checksum (dynamic files: present
 * is enough); the folder's files the list does not name are listed apart. The report is
 * formats/install-report.ts: `--json` prints its JSON, else a line per file that is not ok
 * (nor dynamic), a line per unlisted file, and a summary.
 *
 * Exit 0 when every listed file is ok or dynamic (unlisted files do not count); 1 when one
 * is missing, of another size or checksum, or unreadable, and for a list that cannot be
 * read (one line naming the offset) or a folder that cannot be opened; 2 for a file of a
 * format that lists no files.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { checkInstall } from '../../formats/install-check.ts';
import {
  installProblemLines,
  installReportText,
  installSummaryLine,
  isInstallBroken,
} from '../../formats/install-report.ts';
import { RAW_FORMAT } from '../../formats/registry.ts';
import type { Command } from '../command.ts';
import { installFolderFiles } from '../install-folder.ts';
import { reportIssues, requireReadable, withSession } from '../open-session.ts';
import { CliError, printable } from '../output.ts';

/** The CLI runs one check to its end: Ctrl-C ends the process. */
const NEVER_CANCELLED = { isCancelled: false, throwIfCancelled: () => undefined };

export const verifyInstallCommand: Command = {
  usage: 'verify-install LIST DIR [--json]',
  summary:
    'check a game folder against the file list of its install: each file present, of its size and checksum; unlisted files listed apart (exit 1 when a file is missing, resized, corrupt or unreadable)',
  spec: { flags: ['--json'] },
  positionals: ['LIST', 'DIR'],
  required: 2,
  run({ args, out, err, cwd }) {
    const [list, dir] = args.positionals as [string, string];
    return withSession(cwd, list, async ({ module, session, services }) => {
      if (module.id === RAW_FORMAT) {
        throw new FormatError({
          code: ErrorCode.BAD_MAGIC,
          offset: 0,
          detail: 'not a file list Delve reads',
        });
      }
      // A list whose read stopped is broken, whatever it had listed before: its offset.
      requireReadable(list, session);
      const capability = session.installCheck;
      if (!capability) {
        throw new CliError(`${list}: lists no files of an install (${module.label})`, 2);
      }
      const folder = resolve(cwd, dir);
      const isFolder = await stat(folder).then(
        (stats) => stats.isDirectory(),
        () => false,
      );
      if (!isFolder) throw new CliError(`${dir}: cannot open: not a folder`);
      await reportIssues(err, list, session.issues);
      const files = await installFolderFiles(folder);
      // What could not be listed is said here too: a folder's files are neither found nor
      // unlisted.
      for (const file of files) {
        if (file.error)
          await err.line(`${dir}/${printable(file.path)}: cannot read: ${file.error}`);
      }
      const result = await checkInstall({
        listed: capability.files(),
        folder: files,
        checksums: services.checksums,
        signal: NEVER_CANCELLED,
      });
      if (args.flags.has('--json')) {
        await out.write(installReportText(result));
      } else {
        await out.lines(
          Array.from(
            installProblemLines(result),
            ({ status, path, detail }) => `${status.padEnd(13)} ${printable(path)}${detail}`,
          ),
        );
        if (result.root !== '') await out.line(`install root: ${printable(result.root)}`);
        await out.line(`${printable(list)}: ${installSummaryLine(result)}`);
      }
      return isInstallBroken(result) ? 1 : 0;
    });
  },
};
