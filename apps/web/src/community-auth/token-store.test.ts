import { describe, expect, it } from 'vitest';
import { createTokenStore, TOKENS_KEY } from './token-store';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function setup() {
  const persistent = new MemoryStorage();
  const session = new MemoryStorage();
  return { persistent, session, store: createTokenStore({ persistent, session }) };
}

const pair = { accessToken: 'a1', refreshToken: 'r1' };
const rotated = { accessToken: 'a2', refreshToken: 'r2' };

describe('token store', () => {
  it('keeps a remembered sign-in in local storage and a plain one in session storage', () => {
    const remembered = setup();
    remembered.store.write(pair, true);
    expect(remembered.persistent.getItem(TOKENS_KEY)).not.toBeNull();
    expect(remembered.session.getItem(TOKENS_KEY)).toBeNull();

    const plain = setup();
    plain.store.write(pair, false);
    expect(plain.session.getItem(TOKENS_KEY)).not.toBeNull();
    expect(plain.persistent.getItem(TOKENS_KEY)).toBeNull();
    expect(plain.store.read()).toEqual(pair);
  });

  it('holds one pair at a time', () => {
    const { store, persistent, session } = setup();
    store.write(pair, true);
    store.write(rotated, false);
    expect(persistent.getItem(TOKENS_KEY)).toBeNull();
    expect(store.read()).toEqual(rotated);
    expect(session.getItem(TOKENS_KEY)).not.toBeNull();
  });

  it('stores a rotated pair where the old one was', () => {
    const remembered = setup();
    remembered.store.write(pair, true);
    remembered.store.replace(rotated);
    expect(remembered.store.read()).toEqual(rotated);
    expect(remembered.persistent.getItem(TOKENS_KEY)).not.toBeNull();
    expect(remembered.session.getItem(TOKENS_KEY)).toBeNull();

    const plain = setup();
    plain.store.write(pair, false);
    plain.store.replace(rotated);
    expect(plain.session.getItem(TOKENS_KEY)).not.toBeNull();
    expect(plain.persistent.getItem(TOKENS_KEY)).toBeNull();
  });

  it('clears both storages', () => {
    const { store, persistent, session } = setup();
    store.write(pair, true);
    session.setItem(TOKENS_KEY, JSON.stringify(rotated));
    store.clear();
    expect(store.read()).toBeNull();
    expect(persistent.length + session.length).toBe(0);
  });

  it('ignores damaged entries and works without storage', () => {
    const { store, persistent } = setup();
    persistent.setItem(TOKENS_KEY, '{not json');
    expect(store.read()).toBeNull();
    persistent.setItem(TOKENS_KEY, JSON.stringify({ accessToken: 'a' }));
    expect(store.read()).toBeNull();

    const none = createTokenStore({ persistent: null, session: null });
    none.write(pair, true);
    expect(none.read()).toBeNull();
  });
});
