import type { CharacterRole } from '@guildhall/contract';

/** How a role reads on screen. */
export const ROLE_LABELS: Record<CharacterRole, string> = { tank: 'Tank', healer: 'Healer', dps: 'DPS' };

/** Item level as the card shows it: the overall figure, with the equipped one when it differs. */
export function itemLevelText(itemLevel: { overall: number | null; equipped: number | null }): string {
  const { overall, equipped } = itemLevel;
  const shown = overall ?? equipped;
  if (shown === null) return 'No item level';
  const round = (value: number) => String(Math.round(value));
  return equipped !== null && overall !== null && Math.round(equipped) !== Math.round(overall)
    ? `ilvl ${round(overall)} (${round(equipped)} equipped)`
    : `ilvl ${round(shown)}`;
}

/** '1 activity', '12 activities'. */
export const activityCountText = (count: number) => `${count} ${count === 1 ? 'activity' : 'activities'}`;

/** A confidence 0-100 as '97%'. */
export const confidenceText = (confidence: number) => `${Math.round(confidence)}%`;

/** A match score 0-1 as '97%', rounded down so a 0.949 never reads as the 95% of the high band (the epsilon absorbs 0.57 × 100 = 56.99…). */
export const scoreText = (score: number) => `${Math.floor(score * 100 + 1e-9)}%`;

/** WCAG relative luminance of a #rrggbb colour; null when it is not one. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

const DARK = '#0f172a';
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const DARK_LUMINANCE = luminance(DARK) ?? 0;

/**
 * Dark or light text for a letter on a coloured disc, whichever contrasts more: a Priest's white and a Rogue's
 * yellow get dark text, a Death Knight's red gets white.
 */
export function readableTextOn(hex: string): '#0f172a' | '#ffffff' {
  const lum = luminance(hex);
  if (lum === null) return DARK;
  return contrast(lum, DARK_LUMINANCE) >= contrast(lum, 1) ? DARK : '#ffffff';
}

/**
 * The plate a class-coloured name sits on, whichever contrasts more with the colour: dark for the bright classes
 * (Priest, Rogue, Mage…), light for the deep ones (Death Knight, Demon Hunter, Shaman).
 */
export function nameplateTone(hex: string): 'dark' | 'light' {
  return readableTextOn(hex) === DARK ? 'dark' : 'light';
}
