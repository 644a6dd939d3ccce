/** Command-line options of `npm run bench`. */

export const SCENARIOS = [
  'open',
  'verify',
  'extract',
  'tree',
  'wwd',
  'wows',
  'ka',
  'remote',
  'peers',
  'install',
  'dml',
  'objectproperty',
  'gallery',
  'textures',
  'search',
  'compare',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchOptions {
  /** Stored data of the big archive, MiB. */
  sizeMiB: number;
  /** Entries of the big archive. */
  entries: number;
  /** Entries of each of the two builds the compare scenario compares. */
  compareEntries: number;
  /** Entries of the tree-at-scale archive, and of the reachability archive. */
  treeEntries: number;
  reachEntries: number;
  /** The World of Warships build: nodes over all indexes, indexes, pkg MiB over all volumes. */
  wowsNodes: number;
  wowsIndexes: number;
  wowsSizeMiB: number;
  /** Values (nodes) of the generated KA archive. */
  kaValues: number;
  /** The generated game install: files, and MiB of them together. */
  installFiles: number;
  installSizeMiB: number;
  /** Objects of the generated ObjectProperty `BINd` file. */
  opObjects: number;
  only: Scenario[];
  repeat: number;
  /** zlib level of generated entries. */
  level: number;
  /** Keep generated data here and reuse it on the next run (not deleted). */
  workdir: string | null;
  /** Skip `vite build` (use the last bench build in the work dir). */
  skipBuild: boolean;
  /** Write bench/results.json and docs/PERFORMANCE.md. */
  write: boolean;
  headed: boolean;
}

const HELP = `npm run bench -- [options]
  --size MiB          stored data of the big KIWAD (default 1024)
  --entries N         entries of the big KIWAD (default 100000)
  --compare-entries N entries of each build the compare scenario compares (default 100000)
  --tree-entries N    entries of the tree-at-scale archive (default 1000000)
  --reach-entries N   entries of the last-row-reachable archive (default 2000000)
  --wows-nodes N      nodes of the World of Warships build, and of its next build that
                      the compare scenario compares it with (default 400000)
  --wows-indexes N    its .idx files (default 40)
  --wows-size MiB     its .pkg data over all volumes (default 1024)
  --ka-values N       values of the generated v2 KA archive (default 1000000)
  --install-files N   files of the generated game install (default 3000)
  --install-size MiB  its bytes over all files (default 2048)
  --op-objects N      objects of the generated ObjectProperty BINd file (default 200000)
  --only LIST         comma list of: ${SCENARIOS.join(', ')} (default all)
  --repeat N          runs per browser measurement, median reported (default 3)
  --level N           zlib level of generated entries (default 6)
  --workdir DIR       keep generated archives in DIR and reuse them (default: a temp dir, deleted)
  --skip-build        reuse the app build in the work dir
  --no-write          do not write bench/results.json and docs/PERFORMANCE.md
  --headed            show the browser`;

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    sizeMiB: 1024,
    entries: 100_000,
    compareEntries: 100_000,
    treeEntries: 1_000_000,
    reachEntries: 2_000_000,
    wowsNodes: 400_000,
    wowsIndexes: 40,
    wowsSizeMiB: 1024,
    kaValues: 1_000_000,
    installFiles: 3000,
    installSizeMiB: 2048,
    opObjects: 200_000,
    only: [...SCENARIOS],
    repeat: 3,
    level: 6,
    workdir: null,
    skipBuild: false,
    write: true,
    headed: false,
  };
  const number = (flag: string, value: string | undefined): number => {
    const parsed = Number(value);
    if (value === undefined || !Number.isFinite(parsed) || parsed <= 0) {
      throw new Error(`${flag} needs a positive number`);
    }
    return parsed;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    switch (flag) {
      case '--size':
        options.sizeMiB = number(flag, value);
        i++;
        break;
      case '--entries':
        options.entries = Math.round(number(flag, value));
        i++;
        break;
      case '--compare-entries':
        options.compareEntries = Math.round(number(flag, value));
        i++;
        break;
      case '--tree-entries':
        options.treeEntries = Math.round(number(flag, value));
        i++;
        break;
      case '--reach-entries':
        options.reachEntries = Math.round(number(flag, value));
        i++;
        break;
      case '--wows-nodes':
        options.wowsNodes = Math.round(number(flag, value));
        i++;
        break;
      case '--wows-indexes':
        options.wowsIndexes = Math.round(number(flag, value));
        i++;
        break;
      case '--wows-size':
        options.wowsSizeMiB = number(flag, value);
        i++;
        break;
      case '--ka-values':
        options.kaValues = Math.round(number(flag, value));
        i++;
        break;
      case '--op-objects':
        options.opObjects = Math.round(number(flag, value));
        i++;
        break;
      case '--install-files':
        options.installFiles = Math.round(number(flag, value));
        i++;
        break;
      case '--install-size':
        options.installSizeMiB = number(flag, value);
        i++;
        break;
      case '--repeat':
        options.repeat = Math.max(1, Math.round(number(flag, value)));
        i++;
        break;
      case '--level':
        options.level = Math.min(9, Math.round(number(flag, value)));
        i++;
        break;
      case '--only': {
        const list = (value ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        for (const item of list) {
          if (!(SCENARIOS as readonly string[]).includes(item))
            throw new Error(`unknown scenario ${item}`);
        }
        options.only = list as Scenario[];
        i++;
        break;
      }
      case '--workdir':
        if (!value) throw new Error('--workdir needs a folder');
        options.workdir = value;
        i++;
        break;
      case '--skip-build':
        options.skipBuild = true;
        break;
      case '--no-write':
        options.write = false;
        break;
      case '--headed':
        options.headed = true;
        break;
      case '--help':
      case '-h':
        console.log(HELP);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${flag}\n\n${HELP}`);
    }
  }
  return options;
}
