/**
 * The demo archive of *Try a sample* (`npm run samples` writes it to public/samples/): nested
 * folders, text, XML, JSON, PNG images, WAV audio that plays (synthesized here), an empty
 * file and some binary data.
 * KIWAD v2 with flags 1, like Root.wad. Deterministic (no clock, no randomness), so
 * rebuilding changes nothing.
 */
import { encodePng } from '../../binary/tiny-png.ts';
import { encodeWav, synthesize } from '../../binary/tiny-wav.ts';
import type { Sample } from '../model.ts';
import type { KiwadWriteEntry } from './types.ts';
import { writeKiwad } from './write.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** Deterministic bytes from a linear congruential generator. */
function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

/** Low enough to keep the demo small, high enough for the tune's notes. */
const AUDIO_SAMPLE_RATE = 11025;

/** A rising arpeggio in C major and its last chord note held: about a second and a half. */
const theme = encodeWav(
  synthesize(
    [261.63, 329.63, 392, 523.25, 392, 523.25, 659.25].map((frequency, at) => ({
      frequency,
      seconds: at === 6 ? 0.45 : 0.15,
    })),
    AUDIO_SAMPLE_RATE,
  ),
  { sampleRate: AUDIO_SAMPLE_RATE },
);

/** Two short high blips: a button's click. */
const click = encodeWav(
  synthesize(
    [
      { frequency: 1760, seconds: 0.03 },
      { frequency: 0, seconds: 0.02 },
      { frequency: 2349.32, seconds: 0.03 },
    ],
    AUDIO_SAMPLE_RATE,
    0.3,
  ),
  { sampleRate: AUDIO_SAMPLE_RATE },
);

const gradient = encodePng(32, 32, (x, y) => [x * 8, y * 8, 255 - x * 4, 255]);
const checker = encodePng(16, 16, (x, y) =>
  ((x >> 2) + (y >> 2)) % 2 === 0 ? [40, 40, 60, 255] : [230, 200, 90, 255],
);
const disc = encodePng(24, 24, (x, y) => {
  const inside = (x - 11.5) ** 2 + (y - 11.5) ** 2 < 121;
  return inside ? [120, 60, 200, 255] : [0, 0, 0, 0];
});

const quest = {
  id: 'intro-001',
  title: 'A Spiral Awakening',
  giver: 'Headmaster Ambrose',
  goals: [
    { kind: 'talk', target: 'Gamma the Owl' },
    { kind: 'defeat', target: 'Rattlebones', count: 1 },
  ],
  rewards: { gold: 75, experience: 120, items: ['Novice Staff'] },
};

const entries: KiwadWriteEntry[] = [
  {
    name: 'readme.txt',
    data: text(
      "Delve demo archive.\nEverything in here was written by Delve's own KIWAD writer.\n",
    ),
  },
  {
    name: 'Config/settings.ini',
    data: text('[video]\nwidth=1280\nheight=720\nvsync=1\n\n[audio]\nmusic=0.8\nsfx=1.0\n'),
  },
  {
    name: 'Data/GameData/Zones/WizardCity.xml',
    data: text(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Zone name="WizardCity" level="1">\n  <Area name="Ravenwood"/>\n  <Area name="Unicorn Way"/>\n  <Area name="Shopping District"/>\n</Zone>\n',
    ),
  },
  {
    name: 'Data/GameData/Items/novice_staff.xml',
    data: text(
      '<Item id="1001" name="Novice Staff" school="Fire">\n  <Stat kind="damage" value="5"/>\n</Item>\n',
    ),
  },
  { name: 'Data/GameData/Quests/intro.json', data: text(JSON.stringify(quest, null, 2) + '\n') },
  { name: 'Data/GameData/empty.txt', data: new Uint8Array(0) },
  {
    name: 'Data/Locale/English/UI.lang',
    data: text('MENU_PLAY=Play\nMENU_OPTIONS=Options\nMENU_QUIT=Quit\n'),
  },
  {
    name: 'Data/Locale/French/UI.lang',
    data: text('MENU_PLAY=Jouer\nMENU_OPTIONS=Options\nMENU_QUIT=Quitter le jeu — à bientôt\n'),
  },
  { name: 'Data/Binary/loot_table.bin', data: pseudoRandomBytes(2048, 7) },
  { name: 'Data/Binary/zeros.bin', data: new Uint8Array(4096) },
  {
    name: 'Scripts/startup.lua',
    data: text(
      '-- runs once at startup\nlocal function greet(name)\n  print("Welcome, " .. name)\nend\ngreet("wizard")\n',
    ),
  },
  {
    name: 'Shaders/basic.hlsl',
    data: text('float4 main(float4 color : COLOR) : SV_Target\n{\n    return color;\n}\n'),
  },
  { name: 'Textures/UI/logo.png', data: gradient },
  { name: 'Textures/UI/button.png', data: checker },
  { name: 'Textures/Characters/wizard_icon.png', data: disc },
  { name: 'Audio/theme.wav', data: theme },
  { name: 'Audio/Sfx/click.wav', data: click },
  {
    name: 'Fonts/credits.txt',
    data: text('Fonts: none shipped. This line is here so the folder is not empty.\n'),
  },
  {
    name: 'Logs/build.log',
    data: text(
      Array.from({ length: 200 }, (_, i) => `[${String(i).padStart(4, '0')}] step ok`).join('\n') +
        '\n',
    ),
  },
];

export function kiwadSample(): Sample {
  return {
    label: 'KIWAD archive',
    files: [{ path: 'demo.wad', bytes: writeKiwad(entries, { version: 2, flags: 1 }) }],
  };
}
