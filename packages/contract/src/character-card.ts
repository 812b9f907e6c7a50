import { WOW_CLASSES, type WowClass } from './characters';

/** Notes on a character card are cut at this many characters (spec 1 §9). */
export const NOTE_PREVIEW_LENGTH = 100;

/** Class colours of the 13 classes (spec 1 §2), keyed by the class display name; the game's own palette. */
export const CLASS_COLORS: Readonly<Record<WowClass, string>> = {
  'Death Knight': '#C41E3A',
  'Demon Hunter': '#A330C9',
  Druid: '#FF7C0A',
  Evoker: '#33937F',
  Hunter: '#AAD372',
  Mage: '#3FC7EB',
  Monk: '#00FF98',
  Paladin: '#F48CBA',
  Priest: '#FFFFFF',
  Rogue: '#FFF468',
  Shaman: '#0070DD',
  Warlock: '#8788EE',
  Warrior: '#C69B6D',
};

/** The colour of a name whose class is unknown. */
export const UNKNOWN_CLASS_COLOR = '#9CA3AF';

const classKey = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');
const CLASS_BY_KEY = new Map<string, WowClass>(WOW_CLASSES.map((name) => [classKey(name), name]));

/** The class display name for any spelling the game's APIs use ('deathknight', 'DEATH_KNIGHT', 'Death Knight'). */
export function normaliseClassName(value: string | null | undefined): WowClass | null {
  if (!value) return null;
  return CLASS_BY_KEY.get(classKey(value)) ?? null;
}

/** The colour a character's name is drawn in. */
export function classColor(value: string | null | undefined): string {
  const name = normaliseClassName(value);
  return name ? CLASS_COLORS[name] : UNKNOWN_CLASS_COLOR;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * The card's last-activity text (spec 1 §2): Never, Today, Yesterday, n days, n weeks, n months ago.
 * Counted in whole 24-hour days since the activity, so it reads the same in every time zone; a time in
 * the future (a clock ahead of ours) reads as Today.
 */
export function lastActivityText(when: string | Date | null | undefined, now: Date = new Date()): string {
  if (when === null || when === undefined || when === '') return 'Never';
  const time = typeof when === 'string' ? Date.parse(when) : when.getTime();
  if (Number.isNaN(time)) return 'Never';
  const days = Math.max(0, Math.floor((now.getTime() - time) / DAY_MS));
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}

/** A note as the card shows it: at most NOTE_PREVIEW_LENGTH characters, an ellipsis when cut. */
export function notePreview(note: string | null | undefined, length: number = NOTE_PREVIEW_LENGTH): string {
  if (!note) return '';
  const chars = Array.from(note.trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length).join('').trimEnd()}…`;
}
