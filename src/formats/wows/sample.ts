/**
 * The game-folder demo of *Try a sample* (`npm run samples` writes it to
 * public/samples/wows/): a small install made by our own writer, with two builds that have
 * indexes, a newer one still downloading (no `idx/`), shared folders across indexes,
 * stored, deflated and unsupported (type 6) entries. Deterministic.
 */
import type { Sample } from '../model.ts';
import { makeWowsGameFolder } from './game-folder.ts';

export function wowsSample(): Sample {
  return {
    label: 'World of Warships game folder',
    files: makeWowsGameFolder().map(({ path, bytes }) => ({
      path: `World_of_Warships/${path}`,
      bytes,
    })),
  };
}
