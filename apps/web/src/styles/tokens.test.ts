import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const STYLES = new URL('./', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, STYLES), 'utf8');
const base = read('base.css');

type Theme = 'light' | 'dark';

/** The solid colour tokens of base.css in one theme: `--x: light-dark(#light, #dark)` or `--x: #both`. */
function tokens(theme: Theme): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of base.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    const pair = /^light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)$/i.exec(value!.trim());
    if (pair) found.set(name!, theme === 'light' ? pair[1]! : pair[2]!);
    else if (/^#[0-9a-f]{6}$/i.test(value!.trim())) found.set(name!, value!.trim());
  }
  return found;
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const SURFACES = ['--color-bg', '--color-surface', '--color-surface-muted'];
const TEXT = 4.5;
const NON_TEXT = 3;

/** [foreground, background, minimum]: what the screens put on what (WCAG 1.4.3 text, 1.4.11 controls and icons). */
const PAIRS: [string, string, number][] = [
  ...['--color-text', '--color-text-secondary', '--color-text-muted', '--color-text-subtle', '--color-brand-strong'].flatMap(
    (text) => SURFACES.map((surface): [string, string, number] => [text, surface, TEXT]),
  ),
  ...['--color-good', '--color-warn', '--color-bad', '--color-info'].flatMap((tone) =>
    SURFACES.map((surface): [string, string, number] => [tone, surface, TEXT]),
  ),
  ...['--color-border-control', '--color-brand', '--color-unknown'].flatMap((edge) =>
    SURFACES.map((surface): [string, string, number] => [edge, surface, NON_TEXT]),
  ),
  ...Array.from({ length: 8 }, (_, index) => `--chart-${index + 1}`).flatMap((line) =>
    SURFACES.map((surface): [string, string, number] => [line, surface, NON_TEXT]),
  ),
  ['--color-text-muted', '--color-brand-soft', TEXT],
  ['--color-text-muted', '--color-unknown-soft', TEXT],
  ['--color-brand-strong', '--color-brand-soft', TEXT],
  ['--color-good-text', '--color-good-soft', TEXT],
  ['--color-warn-text', '--color-warn-soft', TEXT],
  ['--color-bad-text', '--color-bad-soft', TEXT],
  ['--color-info-text', '--color-info-soft', TEXT],
  ['--color-unknown-text', '--color-unknown-soft', TEXT],
  ['--color-bad', '--color-bad-tint', TEXT],
  ['--role-tank-fg', '--role-tank-bg', NON_TEXT],
  ['--role-healer-fg', '--role-healer-bg', NON_TEXT],
  ['--role-dps-fg', '--role-dps-bg', NON_TEXT],
  ['--color-on-fill', '--color-brand-fill', TEXT],
  ['--color-on-fill', '--color-brand-fill-hover', TEXT],
  ['--color-on-fill', '--color-danger-fill', TEXT],
  ['--color-on-fill', '--color-danger-fill-hover', TEXT],
  ['--color-on-fill', '--color-discord', TEXT],
  ['--color-epic', '--color-surface', TEXT],
  ['--sidebar-text', '--sidebar-bg', TEXT],
  ['--sidebar-status', '--sidebar-bg', TEXT],
];

describe.each(['light', 'dark'] as const)('the %s theme', (theme) => {
  const colours = tokens(theme);

  it.each(PAIRS)('%s on %s reaches %s:1', (foreground, background, minimum) => {
    const fg = colours.get(foreground);
    const bg = colours.get(background);
    expect(fg, `${foreground} is a solid colour token`).toBeDefined();
    expect(bg, `${background} is a solid colour token`).toBeDefined();
    expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(minimum);
  });
});

describe('the other style sheets', () => {
  const sheets = readdirSync(STYLES).filter((file) => file.endsWith('.css') && file !== 'base.css');

  it.each(sheets)('%s takes every colour from a token, so both themes reach it', (file) => {
    const literals = read(file)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .match(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\([^)]*\)|(?<![\w-])(?:white|black)(?![\w-])/gi);
    expect(literals ?? []).toEqual([]);
  });
});
