/**
 * What ObjectProperty adds to the generic CLI (model.ts FormatCli).
 *
 * `info FILE --json [--types LIST]… [--shallow] [--flags N] [--mask N] [--manual-compression]`
 * prints `{format, mode, flags, root}`: with type lists, `root` is the typed tree
 * (export.ts `objectJson`); without, a deep stream's generic walk (`genericJson`), a
 * shallow blob's class hash alone. `BINd` files are detected; a blob is opened as one by
 * giving any of its settings. `info` prints the facts, then a line per node.
 *
 * `hash TEXT [--type TYPE] [--property NAME] [--types LIST]… --json` prints
 * `{stringId, djb2}` of TEXT, or with `--type` `{propertyHash}` of the property (`--property`,
 * else TEXT) of that type; with type lists, what the text or hash names in them.
 */
import { cliIssues, infoLines } from '../cli-info.ts';
import type { CliCommand, CliOption, FormatCli } from '../model.ts';
import { rootJson } from './export.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { djb2, propertyHash, stringId } from './hashes.ts';
import { objectNodes } from './nodes.ts';
import { decodeObjectProperty, hasBindMagic } from './read.ts';
import { SETTING, TYPE_LISTS, configOf, typeIndexFor } from './settings.ts';
import { lookupHash, lookupName, parseTypeList, mergeTypeLists } from './type-list.ts';
import type { TypeClass } from './types.ts';

const INFO_OPTIONS: readonly CliOption[] = [
  {
    name: 'types',
    value: 'LIST',
    sideInput: TYPE_LISTS,
    summary: 'ObjectProperty: a type list (wiztype JSON or KingsIsle XML); repeat for more',
  },
  {
    name: SETTING.shallow,
    value: '',
    isFlag: true,
    opensAs: true,
    summary: 'ObjectProperty: the file is a shallow blob',
  },
  {
    name: SETTING.flags,
    value: 'N',
    opensAs: true,
    summary: 'ObjectProperty: the blob\u2019s serializer flags (default 0)',
  },
  {
    name: SETTING.mask,
    value: 'N',
    opensAs: true,
    summary: 'ObjectProperty: the blob\u2019s property mask (default 0x18)',
  },
  {
    name: SETTING.manualCompression,
    value: '',
    isFlag: true,
    opensAs: true,
    summary: 'ObjectProperty: the blob starts with u32 size + zlib',
  },
];

const hashCommand: CliCommand<{ name: string; classes: TypeClass[] }> = {
  name: 'hash',
  summary:
    'KingsIsle hashes of a text: its string ID and djb2, or with --type the hash of a property of that type; with --types, what a name or hash is in those type lists',
  files: {
    name: 'types',
    value: 'LIST',
    summary: 'a type list to look the text up in; give it once per list',
    isRequired: false,
  },
  options: [
    {
      name: 'type',
      value: 'TYPE',
      summary: 'the property\u2019s type name: print its property hash',
    },
    { name: 'property', value: 'NAME', summary: 'the property\u2019s name (default: the text)' },
  ],
  isTextNeeded: (options) => options.property === undefined,
  text: 'TEXT',
  load: (bytes, name) => ({ name, classes: parseTypeList(bytes) }),
  run(lists, text, options = {}) {
    const type = options.type;
    const name = options.property ?? text;
    const json: Record<string, unknown> =
      type === undefined
        ? { stringId: stringId(text), djb2: djb2(text) }
        : { propertyHash: propertyHash(type, name) };
    if (lists.length > 0) {
      const index = mergeTypeLists(lists);
      const isNumber = /^(0x[0-9a-f]+|\d+)$/i.test(text.trim());
      json.names = isNumber ? lookupHash(index, Number(text.trim())) : lookupName(index, name);
    }
    const lines = Object.entries(json).map(
      ([key, value]) => `${key} ${typeof value === 'number' ? value : JSON.stringify(value)}`,
    );
    return { json, lines, failure: null };
  },
};

export const objectPropertyCli: FormatCli = {
  infoOptions: INFO_OPTIONS,
  async info({ session, source, options, services }) {
    const bytes = await source.read(0, source.size);
    const types = typeIndexFor(services);
    const config = hasBindMagic(bytes) ? undefined : configOf(options);
    const { decode } = await decodeObjectProperty(bytes, { ...(config ? { config } : {}), types });
    const issues = cliIssues(session.issues);
    const json = {
      format: OBJECT_PROPERTY_FORMAT,
      mode: decode.config.isShallow ? 'shallow' : 'deep',
      flags: decode.header.flags,
      root: rootJson(decode),
      issues,
    };
    const lines = infoLines(session, source, issues, 15);
    for (const node of objectNodes(decode)) {
      const depth = node.path.split('/').length - 1;
      lines.push(`${'  '.repeat(depth)}${node.path.split('/').pop()!} ${node.summary}`);
    }
    return { json, lines };
  },
  commands: [hashCommand as CliCommand],
};
