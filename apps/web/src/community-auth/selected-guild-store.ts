import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'guildhall.community.selected-guild';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

let current: string | null = typeof window === 'undefined' ? null : read();

/**
 * The selected guild (a Discord guild id), remembered in this browser so the next visit restores it and every
 * community call can name it in X-Guild-ID. The server keeps the user's selection too; the guild state
 * reconciles the two by the rules of spec 1 §4.
 */
export const selectedGuildStore = {
  read: (): string | null => current,
  write(guildId: string | null): void {
    if (guildId === current) return;
    current = guildId;
    try {
      if (guildId) window.localStorage.setItem(STORAGE_KEY, guildId);
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage may be disabled: the selection then lasts as long as the page.
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The selected guild id, re-rendering when it changes. */
export function useSelectedGuildId(): string | null {
  return useSyncExternalStore(selectedGuildStore.subscribe, selectedGuildStore.read, () => null);
}
