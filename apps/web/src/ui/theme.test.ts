import { describe, expect, it } from 'vitest';
import { parseThemeChoice, THEME_CHOICES, THEME_COLOURS, themeAttribute, themeColourFor } from './theme';

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

describe('themeColourFor', () => {
  it("gives each theme-color tag its own scheme's colour while the system decides", () => {
    expect(themeColourFor('system', '(prefers-color-scheme: light)')).toBe(THEME_COLOURS.light);
    expect(themeColourFor('system', '(prefers-color-scheme: dark)')).toBe(THEME_COLOURS.dark);
  });

  it('gives both tags the picked theme, whatever the system prefers', () => {
    for (const media of ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']) {
      expect(themeColourFor('dark', media)).toBe(THEME_COLOURS.dark);
      expect(themeColourFor('light', media)).toBe(THEME_COLOURS.light);
    }
  });
});
