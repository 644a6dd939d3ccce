/**
 * Objects as text (spec §6): every field of a record for the side panel, a short summary for
 * tooltips, and the object-list filter. File-derived strings are returned as they are; the
 * components render them as text.
 */
import type { WwdObject, WwdRect } from './level-types.ts';

export type ObjectField = [label: string, value: string];

const ADD_FLAGS: Array<[number, string]> = [
  [0x01, 'difficult'],
  [0x02, 'eye candy'],
  [0x04, 'high detail'],
  [0x08, 'multiplayer'],
  [0x10, 'extra memory'],
  [0x20, 'fast CPU'],
];
const DYNAMIC_FLAGS: Array<[number, string]> = [
  [0x1, 'no hit'],
  [0x2, 'always active'],
  [0x4, 'safe'],
  [0x8, 'auto hit damage'],
];
const DRAW_FLAGS: Array<[number, string]> = [
  [0x1, 'no draw'],
  [0x2, 'mirror'],
  [0x4, 'invert'],
  [0x8, 'flash'],
];
/** One value each; 0x300 and 0x400 are editor quirks (spec §6), not typos. */
const TYPE_NAMES: Array<[number, string]> = [
  [0x001, 'generic'],
  [0x002, 'player'],
  [0x004, 'enemy'],
  [0x008, 'powerup'],
  [0x010, 'shot'],
  [0x020, 'p-shot'],
  [0x040, 'e-shot'],
  [0x080, 'special'],
  [0x100, 'user1'],
  [0x200, 'user2'],
  [0x300, 'user3'],
  [0x400, 'user4'],
];

export const hex = (value: number) => `0x${(value >>> 0).toString(16).toUpperCase()}`;

export function flagsText(value: number, names: Array<[number, string]>): string {
  if (value === 0) return '0';
  const set = names.filter(([bit]) => (value & bit) !== 0).map(([, name]) => name);
  const known = names.reduce((all, [bit]) => all | bit, 0);
  if ((value & ~known) !== 0) set.push(`unknown ${hex(value & ~known)}`);
  return `${hex(value)} (${set.join(', ')})`;
}

function typeText(value: number): string {
  if (value === 0) return '0';
  const name = TYPE_NAMES.find(([type]) => type === value)?.[1];
  return name ? `${hex(value)} (${name})` : hex(value);
}

/** Hit-type bits; user1/user2 overlap user3 (0x300), so those bits are shown as ambiguous. */
function hitTypeText(value: number): string {
  if (value >>> 0 === 0xffffffff) return '0xFFFFFFFF (all)';
  if (value === 0) return '0';
  const names = TYPE_NAMES.filter(([bit]) => bit < 0x100 || bit === 0x400)
    .filter(([bit]) => (value & bit) !== 0)
    .map(([, name]) => name);
  if ((value & 0x300) !== 0) names.push('user1/user2/user3 (ambiguous)');
  return `${hex(value)} (${names.join(', ')})`;
}

const rectText = (rect: WwdRect) => `(${rect.left}, ${rect.top}, ${rect.right}, ${rect.bottom})`;
const orDash = (text: string) => (text === '' ? '—' : text);

/** Every field of an object record, in file order, for the details panel. */
export function objectFields(object: WwdObject): ObjectField[] {
  return [
    ['Logic', orDash(object.logic)],
    ['Name', orDash(object.name)],
    ['Image set', orDash(object.imageSet)],
    ['Animation', orDash(object.animation)],
    ['Id', String(object.id)],
    ['Index', String(object.index)],
    ['Position (x, y)', `${object.x}, ${object.y}`],
    ['z', String(object.z)],
    ['Frame (i)', object.i === -1 ? '−1 (default)' : String(object.i)],
    ['Add flags', flagsText(object.addFlags, ADD_FLAGS)],
    ['Dynamic flags', flagsText(object.dynamicFlags, DYNAMIC_FLAGS)],
    ['Draw flags', flagsText(object.drawFlags, DRAW_FLAGS)],
    ['User flags', hex(object.userFlags)],
    ['Score', String(object.score)],
    ['Points', String(object.points)],
    ['Powerup', String(object.powerup)],
    ['Damage', String(object.damage)],
    ['Smarts', String(object.smarts)],
    ['Health', String(object.health)],
    ['Move rect', rectText(object.moveRect)],
    ['Hit rect', rectText(object.hitRect)],
    ['Attack rect', rectText(object.attackRect)],
    ['Clip rect', rectText(object.clipRect)],
    ['User rect 1', rectText(object.userRect1)],
    ['User rect 2', rectText(object.userRect2)],
    ['User values', object.userValues.join(', ')],
    ['Min (x, y)', `${object.minX}, ${object.minY}`],
    ['Max (x, y)', `${object.maxX}, ${object.maxY}`],
    ['Speed (x, y)', `${object.speedX}, ${object.speedY}`],
    ['Tweak (x, y)', `${object.tweakX}, ${object.tweakY}`],
    ['Counter', String(object.counter)],
    ['Speed', String(object.speed)],
    ['Width × height', `${object.width} × ${object.height}`],
    ['Direction', String(object.direction)],
    ['Face dir', String(object.faceDir)],
    ['Time delay', String(object.timeDelay)],
    ['Frame delay', String(object.frameDelay)],
    ['Object type', typeText(object.objectType)],
    ['Hit type', hitTypeText(object.hitTypeFlags)],
    ['Move res (x, y)', `${object.moveResX}, ${object.moveResY}`],
    [
      'String lengths',
      `${object.nameLength}, ${object.logicLength}, ${object.imageSetLength}, ${object.animationLength}`,
    ],
    ['Record', `${hex(object.span.offset)}, ${object.span.length.toLocaleString('en-US')} bytes`],
  ];
}

/** The title of an object: its logic, else its name, else its id. */
export function objectTitle(object: WwdObject): string {
  if (object.logic !== '') return object.logic;
  if (object.name !== '') return object.name;
  return `object ${object.id}`;
}

/**
 * Whether an object matches the list filter: a case-insensitive substring of its logic,
 * name or image set, or its id (`179`, or `#179` for the exact id).
 */
export function objectMatches(object: WwdObject, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (text === '') return true;
  if (text.startsWith('#')) return String(object.id) === text.slice(1).trim();
  return (
    object.logic.toLowerCase().includes(text) ||
    object.name.toLowerCase().includes(text) ||
    object.imageSet.toLowerCase().includes(text) ||
    String(object.id).includes(text)
  );
}
