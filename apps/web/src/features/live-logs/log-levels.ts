import { LOG_LEVELS, type LogLevel } from '@guildhall/contract';

/** A level's name as the screen writes it: 'Info'. */
export const levelLabel = (level: LogLevel) => level.charAt(0).toUpperCase() + level.slice(1);

/** The level select's options: each level shows itself and every more severe one. */
export const LEVEL_OPTIONS: readonly { value: LogLevel; label: string }[] = LOG_LEVELS.map((level) => ({
  value: level,
  label: level === 'fatal' ? 'Fatal only' : `${levelLabel(level)} and above`,
}));

/** The search's level options: any level first. */
export const SEARCH_LEVEL_OPTIONS: readonly { value: LogLevel | ''; label: string }[] = [
  { value: '', label: 'Any level' },
  ...LEVEL_OPTIONS,
];

/** The tail's level when none is chosen: what the server logs by default. */
export const DEFAULT_TAIL_LEVEL: LogLevel = 'info';
