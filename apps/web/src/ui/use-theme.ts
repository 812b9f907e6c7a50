import { useSyncExternalStore } from 'react';
import { applyThemeChoice, readThemeChoice, storeThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './theme';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  // Another tab of this browser changed the choice: follow it here too.
  const handleStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== THEME_STORAGE_KEY) return;
    applyThemeChoice(readThemeChoice());
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

/** Changes the theme of this browser: remembered, applied at once, and told to every component that shows it. */
export function setThemeChoice(choice: ThemeChoice): void {
  storeThemeChoice(choice);
  for (const listener of listeners) listener();
}

/** The theme choice of this browser ('system', 'light' or 'dark'). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice);
}
