/** The theme a person picks: follow the system's light or dark preference, or fix one. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The choices in the order the user menu offers them. */
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** Where this browser remembers the choice. */
export const THEME_STORAGE_KEY = 'guildhall.theme';

/** A stored value as a choice; anything unknown (nothing stored, an old or hand-edited value) follows the system. */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/**
 * The `data-theme` attribute on <html> for a choice: none for 'system', where the stylesheet's
 * prefers-color-scheme query decides, so a system switch re-themes the page without script.
 */
export function themeAttribute(choice: ThemeChoice): 'light' | 'dark' | null {
  return choice === 'system' ? null : choice;
}

/** The stored choice; storage that throws (disabled, sandboxed) reads as 'system'. */
export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** The page background of each theme (--color-bg in styles/base.css): the browser bar's colour. */
export const THEME_COLOURS = { light: '#f4f6fb', dark: '#0b1222' } as const;

/**
 * The colour a `theme-color` meta tag holds: its own scheme's under 'system' (the tag's media query picks the
 * tag), the picked theme's otherwise, since the media query still follows the system.
 */
export function themeColourFor(choice: ThemeChoice, tagMedia: string): string {
  const tagScheme = tagMedia.includes('dark') ? 'dark' : 'light';
  return THEME_COLOURS[themeAttribute(choice) ?? tagScheme];
}

/** Sets or removes <html data-theme> for a choice, and gives the browser bar the theme's colour. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  const attribute = themeAttribute(choice);
  if (attribute) root.dataset.theme = attribute;
  else delete root.dataset.theme;
  for (const meta of root.ownerDocument.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = themeColourFor(choice, meta.media);
  }
}

/** Remembers a choice in this browser ('system' is remembered by forgetting) and applies it. */
export function storeThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage may be disabled; the choice still holds for this page.
  }
  applyThemeChoice(choice);
}
