/**
 * Where a level's art lies in its REZ archive (spec §10.8): the header names the REZ, the
 * tile folder (`imageDir`), the palette (`palRez`) and, as `imageSets[i]` with `prefixes[i]`,
 * where object image sets of each prefix live. Those header fields are unreliable (RETAIL03
 * names `GAME_IMAGES`), so every lookup gives its candidates in order — the header's mapping
 * first, then the conventions Claw's archive follows — and the caller takes the first one
 * the archive holds. Pure: no REZ is read here.
 */

/** A header path (`\LEVEL1\TILES`, `LEVEL2\TILES`, `C:\PROJ\X.REZ`) as a REZ path: `LEVEL1/TILES`. */
export function rezPath(text: string): string {
  return text
    .replaceAll('\\', '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..' && !/^[A-Za-z]:$/.test(part))
    .join('/')
    .toUpperCase();
}

/** The file name of the header's REZ (`..\CLAW.REZ` → `CLAW.REZ`), or '' when it names none. */
export function rezFileName(rezFile: string): string {
  const parts = rezFile.replaceAll('\\', '/').split('/');
  return (parts[parts.length - 1] ?? '').trim();
}

/**
 * The number an image's file name carries (`001.PID`, `74.PID`, `FRAME012.PID` → 1, 74,
 * 12): a tile's id, an animation's frame. Null when the name ends in no digits.
 */
export function imageNumber(fileName: string): number | null {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const digits = /(\d+)$/.exec(dot < 0 ? base : base.slice(0, dot))?.[1];
  return digits === undefined ? null : Number.parseInt(digits, 10);
}

/** The level's own folder (`LEVEL1`, Gruntz `AREA8`) from the tile folder or the palette, or null. */
export function levelFolder(imageDir: string, palRez: string): string | null {
  for (const path of [imageDir, palRez]) {
    const folder = rezPath(path)
      .split('/')
      .find((part) => /^(LEVEL|AREA)\d+$/.test(part));
    if (folder) return folder;
  }
  return null;
}

/** The header fields the lookups read. */
export interface ArtHeader {
  imageDir: string;
  palRez: string;
  imageSets: readonly string[];
  prefixes: readonly string[];
}

const unique = (paths: string[]) => [...new Set(paths.filter((path) => path !== ''))];

/** Where the level palette may be: the header's `palRez`, then `LEVELn/PALETTES/MAIN.PAL`. */
export function paletteCandidates(header: ArtHeader): string[] {
  const level = levelFolder(header.imageDir, header.palRez);
  return unique([rezPath(header.palRez), level ? `${level}/PALETTES/MAIN.PAL` : '']);
}

/**
 * Folders an object image set may be in. The header's prefixes map `<PREFIX>_<REST>` to the
 * matching image-set folder plus REST; then `LEVEL_X` → `LEVELn/IMAGES/X`, `GAME_A_B` →
 * `GAME/IMAGES/A/B`, `CLAW_X` → `CLAW/IMAGES/X`. REST's underscores may be folders or part
 * of a name (both are tried, folders first).
 */
export function imageSetCandidates(imageSet: string, header: ArtHeader): string[] {
  const name = imageSet.trim().toUpperCase();
  if (name === '') return [];
  const candidates: string[] = [];
  const under = (folder: string, rest: string) => {
    if (rest === '') return candidates.push(folder);
    candidates.push(`${folder}/${rest.replaceAll('_', '/')}`, `${folder}/${rest}`);
  };
  header.prefixes.forEach((prefix, index) => {
    const key = prefix.trim().toUpperCase();
    const folder = rezPath(header.imageSets[index] ?? '');
    if (key === '' || folder === '' || !name.startsWith(`${key}_`)) return;
    under(folder, name.slice(key.length + 1));
  });
  const split = name.indexOf('_');
  const head = split < 0 ? name : name.slice(0, split);
  const rest = split < 0 ? '' : name.slice(split + 1);
  const level = levelFolder(header.imageDir, header.palRez);
  if (head === 'LEVEL' && level) under(`${level}/IMAGES`, rest);
  if (head === 'GAME' || head === 'CLAW') under(`${head}/IMAGES`, rest);
  return unique(candidates);
}

/**
 * Folders a plane's tile set may be in: `<imageDir>/<SET>` (`LEVEL1/TILES/ACTION`), else
 * `LEVELn/TILES/<SET>`, then the prefix mapping of an object set.
 */
export function tileSetCandidates(tileSet: string, header: ArtHeader): string[] {
  const name = tileSet.trim().toUpperCase();
  if (name === '') return [];
  const level = levelFolder(header.imageDir, header.palRez);
  const dir = rezPath(header.imageDir);
  return unique([
    dir ? `${dir}/${name}` : '',
    level ? `${level}/TILES/${name}` : '',
    ...imageSetCandidates(name, header),
  ]);
}

/** One image file of a folder: its number and its path. */
export interface NumberedImage {
  number: number;
  path: string;
}

/**
 * The frame of an animation folder an object shows: the file whose number is `frame`, else
 * (−1, the default, or a number the folder lacks) the lowest-numbered one. `images` is sorted
 * by number.
 */
export function frameImage(
  images: readonly NumberedImage[],
  frame: number,
): NumberedImage | undefined {
  return images.find((image) => image.number === frame) ?? images[0];
}

/** Image files grouped by folder (upper case), each folder's sorted by number, first of a number kept. */
export function imagesByFolder(paths: Iterable<string>): Map<string, NumberedImage[]> {
  const folders = new Map<string, NumberedImage[]>();
  for (const path of paths) {
    const number = imageNumber(path);
    if (number === null) continue;
    const folder = path.slice(0, Math.max(0, path.lastIndexOf('/'))).toUpperCase();
    let images = folders.get(folder);
    if (!images) folders.set(folder, (images = []));
    images.push({ number, path });
  }
  for (const images of folders.values()) {
    images.sort((a, b) => a.number - b.number);
    // `1.PID` beside `001.PID`: the first listed stands for the number.
    for (let at = images.length - 1; at > 0; at--) {
      if (images[at]!.number === images[at - 1]!.number) images.splice(at, 1);
    }
  }
  return folders;
}
