/**
 * Opening a file as a format its bytes do not name: a blob with no magic, which only the
 * user knows (a packet capture's ObjectProperty state). Which formats can be chosen, and
 * with which options, comes from the registry: a format offers it when its CLI options say
 * `opensAs` (the same options `delve info FILE --shallow …` takes), so the page's form and
 * the CLI's flags are one list. Nothing here names a format.
 */
import type { CliOption, FormatModule } from '../formats/model.ts';
import { FORMATS, RAW_FORMAT } from '../formats/registry.ts';
import type { OpenFile } from './types.ts';

/** A format a file can be opened as, and the options that say how. */
export interface OpenAsChoice {
  format: string;
  label: string;
  options: readonly CliOption[];
}

/** The formats that open any bytes given their options, in the registry's order. */
export async function openAsChoices(formats: readonly FormatModule[]): Promise<OpenAsChoice[]> {
  const choices = await Promise.all(
    formats.map(async (format): Promise<OpenAsChoice | null> => {
      if (!format.cli) return null;
      const cli = await format.cli();
      const options = (cli.infoOptions ?? []).filter((option) => option.opensAs === true);
      return options.length === 0 ? null : { format: format.id, label: format.label, options };
    }),
  );
  return choices.filter((choice): choice is OpenAsChoice => choice !== null);
}

/** The app's choices: those of every registered format. */
export const appOpenAsChoices = (): Promise<OpenAsChoice[]> => openAsChoices(FORMATS);

/**
 * The settings an open takes from a form's values: a flag given is `'true'`, one not given
 * is left out; an empty value is left out, so the format's default applies.
 */
export function openAsSettings(
  options: readonly CliOption[],
  values: Readonly<Record<string, string | boolean>>,
): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const option of options) {
    const value = values[option.name];
    if (option.isFlag) {
      if (value === true) settings[option.name] = 'true';
    } else if (typeof value === 'string' && value.trim() !== '') {
      settings[option.name] = value.trim();
    }
  }
  return settings;
}

/**
 * Whether a file's pane offers to open it as another format: no format knew its bytes, or it
 * was opened as one with options that did not decode it (other options may).
 */
export function offersOpenAs(file: Pick<OpenFile, 'summary' | 'openAs' | 'status'>): boolean {
  if (file.summary?.format === RAW_FORMAT) return true;
  return file.openAs !== undefined && file.status === 'failed';
}
