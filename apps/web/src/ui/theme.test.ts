import { describe, expect, it } from 'vitest';
import { parseThemeChoice, THEME_CHOICES, themeAttribute } from './theme';

describe('parseThemeChoice', () => {
  it('reads the fixed themes', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
  });

  it('follows the system for nothing stored, the system itself and anything unknown', () => {
    for (const value of [null, undefined, '', 'system', 'Dark', 'sepia', '"dark"']) {
      expect(parseThemeChoice(value)).toBe('system');
    }
  });
});

describe('themeAttribute', () => {
  it('sets data-theme only for a fixed theme, so the media query decides for the system choice', () => {
    expect(themeAttribute('light')).toBe('light');
    expect(themeAttribute('dark')).toBe('dark');
    expect(themeAttribute('system')).toBeNull();
  });

  it('every offered choice survives being stored and read back', () => {
    for (const choice of THEME_CHOICES) expect(parseThemeChoice(themeAttribute(choice))).toBe(choice);
  });
});
