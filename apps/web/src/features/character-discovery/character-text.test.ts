import { CLASS_COLORS } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { activityCountText, confidenceText, itemLevelText, nameplateTone, readableTextOn, scoreText } from './character-text';

describe('character card text', () => {
  it('shows the overall item level, and the equipped one when it differs', () => {
    expect(itemLevelText({ overall: 675, equipped: 674 })).toBe('ilvl 675 (674 equipped)');
    expect(itemLevelText({ overall: 675.4, equipped: 675 })).toBe('ilvl 675');
    expect(itemLevelText({ overall: null, equipped: 660 })).toBe('ilvl 660');
    expect(itemLevelText({ overall: null, equipped: null })).toBe('No item level');
  });

  it('counts activities', () => {
    expect(activityCountText(1)).toBe('1 activity');
    expect(activityCountText(0)).toBe('0 activities');
  });

  it('shows confidence and scores as percents, never rounding a score up into the next band', () => {
    expect(confidenceText(97.4)).toBe('97%');
    expect(scoreText(0.949)).toBe('94%');
    expect(scoreText(0.95)).toBe('95%');
    expect(scoreText(1)).toBe('100%');
    expect(scoreText(0.57)).toBe('57%');
  });

  it('picks readable text on class colours', () => {
    expect(readableTextOn(CLASS_COLORS.Priest)).toBe('#0f172a');
    expect(readableTextOn(CLASS_COLORS.Rogue)).toBe('#0f172a');
    expect(readableTextOn(CLASS_COLORS['Death Knight'])).toBe('#ffffff');
    expect(readableTextOn(CLASS_COLORS.Shaman)).toBe('#ffffff');
    expect(readableTextOn('not a colour')).toBe('#0f172a');
  });

  it('puts bright class colours on a dark plate and deep ones on a light plate', () => {
    const light = Object.entries(CLASS_COLORS)
      .filter(([, color]) => nameplateTone(color) === 'light')
      .map(([name]) => name);
    expect(light).toEqual(['Death Knight', 'Demon Hunter', 'Shaman']);
  });
});
