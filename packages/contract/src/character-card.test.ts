import { describe, expect, it } from 'vitest';
import {
  CLASS_COLORS,
  classColor,
  lastActivityText,
  NOTE_PREVIEW_LENGTH,
  normaliseClassName,
  notePreview,
  UNKNOWN_CLASS_COLOR,
} from './character-card';
import { WOW_CLASSES } from './characters';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

describe('lastActivityText', () => {
  it('says Never without a date', () => {
    expect(lastActivityText(null, now)).toBe('Never');
    expect(lastActivityText(undefined, now)).toBe('Never');
    expect(lastActivityText('not a date', now)).toBe('Never');
  });

  it('says Today within the last 24 hours and for a time ahead of ours', () => {
    expect(lastActivityText(ago(0), now)).toBe('Today');
    expect(lastActivityText(ago(DAY - 1), now)).toBe('Today');
    expect(lastActivityText(ago(-5 * 60_000), now)).toBe('Today');
  });

  it('counts days, then weeks, then months', () => {
    expect(lastActivityText(ago(DAY), now)).toBe('Yesterday');
    expect(lastActivityText(ago(2 * DAY), now)).toBe('2 days ago');
    expect(lastActivityText(ago(6 * DAY), now)).toBe('6 days ago');
    expect(lastActivityText(ago(7 * DAY), now)).toBe('1 week ago');
    expect(lastActivityText(ago(29 * DAY), now)).toBe('4 weeks ago');
    expect(lastActivityText(ago(30 * DAY), now)).toBe('1 month ago');
    expect(lastActivityText(new Date(now.getTime() - 400 * DAY), now)).toBe('13 months ago');
  });
});

describe('class colours', () => {
  it('has one for each of the 13 classes', () => {
    expect(Object.keys(CLASS_COLORS).sort()).toEqual([...WOW_CLASSES].sort());
  });

  it('accepts the spellings the game APIs use', () => {
    expect(normaliseClassName('deathknight')).toBe('Death Knight');
    expect(normaliseClassName('DEATH_KNIGHT')).toBe('Death Knight');
    expect(normaliseClassName('Demon Hunter')).toBe('Demon Hunter');
    expect(normaliseClassName('mage')).toBe('Mage');
    expect(normaliseClassName('Bard')).toBeNull();
    expect(classColor('deathknight')).toBe(CLASS_COLORS['Death Knight']);
    expect(classColor('Bard')).toBe(UNKNOWN_CLASS_COLOR);
  });
});

describe('notePreview', () => {
  it('keeps short notes and cuts long ones at the limit', () => {
    expect(notePreview('Main: Arthas')).toBe('Main: Arthas');
    expect(notePreview(null)).toBe('');
    const long = 'x'.repeat(NOTE_PREVIEW_LENGTH + 20);
    expect(notePreview(long)).toBe(`${'x'.repeat(NOTE_PREVIEW_LENGTH)}…`);
    expect(notePreview('y'.repeat(NOTE_PREVIEW_LENGTH))).toBe('y'.repeat(NOTE_PREVIEW_LENGTH));
  });
});
